/**
 * The device half of the sync engine (ARCHITECTURE "sync engine", decision 0008) over Dexie:
 *   mutate  -> validate with the shared schema, queue in the outbox, rebuild the view (optimistic)
 *   flush   -> push pending mutations in id order (≤ 100 a request); network or 5xx failures retry with
 *              backoff and jitter; refusals mark the send failed (its credit comes back with the rebuild)
 *   pull    -> apply the patch to the confirmed state, drop what lastMutationId confirms, rebuild the view
 * Only the leader tab calls flush and pull (sync-runtime.ts); any tab may mutate.
 */
import { CREDITS_KEY, messageKey } from '@sync/engine/keys';
import {
  LOCAL_MUTATIONS,
  MAX_MUTATIONS_PER_PUSH,
  mutationArgs,
  MutationError,
  type MutationErrorBody,
  type MutationName,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@sync/engine/mutations';
import { runMutation } from '@sync/engine/mutators';
import { applyPatch } from '@sync/engine/reconcile';
import type { MessageRecord } from '@sync/contract/messaging';
import { t } from '@sync/texts';
import type { LocalDatabase, OutboxRow } from '@web/local/db';
import { ApiError } from '@web/lib/http';
import { backoffDelay } from './backoff';
import { DexieKv } from './dexie-kv';
import { buildView, materialize, outsideDexie, VIEW_TABLES } from './materialize';

export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
}

export interface SyncClientOptions {
  db: LocalDatabase;
  transport: SyncTransport;
  now?: () => number;
  random?: () => number;
  /** The server refused a mutation (no credits, conversation gone…): tell the member. */
  onRefused?: (row: OutboxRow, error: MutationErrorBody) => void;
  /** Credits to check a send against before the first pull has brought the server's (the user state's). */
  fallbackCredits?: () => number | undefined;
  /** Stamped on queued rows: the tab where the member pressed Send. */
  tabId?: string;
}

export type MutateOutcome = { ok: true; mutationId?: number; result: unknown } | { ok: false; error: MutationErrorBody };

const CLIENT_ID_KEY = 'sync:clientId';
const NEXT_ID_KEY = 'sync:nextMutationId';
const CURSOR_KEY = 'sync:cursor';
/** A guard against a server that keeps saying `more`: 2,000 pages of 500 changes is far beyond any member. */
const MAX_PULL_PAGES = 2000;
/** A send confirmed by the server's counter but never stored: its answer was lost and it was refused. */
const NOT_DELIVERED: MutationErrorBody = { code: 'not-delivered', message: t('error.generic') };

/** Network failures, timeouts and the server's own faults are worth retrying; a 4xx is not going to change. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401;
  return true;
}

function newClientId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export class SyncClient {
  readonly db: LocalDatabase;
  private readonly transport: SyncTransport;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly onRefused?: SyncClientOptions['onRefused'];
  private readonly fallbackCredits?: SyncClientOptions['fallbackCredits'];
  private readonly tabId?: string;
  private clientIdValue: string | null = null;
  private pushing: Promise<void> | null = null;
  private pushAgain = false;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(options: SyncClientOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.onRefused = options.onRefused;
    this.fallbackCredits = options.fallbackCredits;
    this.tabId = options.tabId;
  }

  /** The id once known (after start), for quick checks such as skipping our own pokes. */
  get clientIdSync(): string | null {
    return this.clientIdValue;
  }

  /** A stable id per install, kept in Dexie meta. */
  async clientId(): Promise<string> {
    if (this.clientIdValue) return this.clientIdValue;
    const id = await this.db.transaction('rw', this.db.meta, async () => {
      const row = await this.db.meta.get(CLIENT_ID_KEY);
      if (typeof row?.value === 'string') return row.value;
      const fresh = newClientId();
      await this.db.meta.put({ key: CLIENT_ID_KEY, value: fresh });
      return fresh;
    });
    this.clientIdValue = id;
    return id;
  }

  /**
   * Applies a write on the device and queues it. A write the device already refuses (no credits) is not
   * queued and answers the error, so the screen can open the popup; empty text is not queued either.
   */
  async mutate(name: MutationName, args: unknown): Promise<MutateOutcome> {
    const parsed = mutationArgs[name].safeParse(args);
    if (!parsed.success) return { ok: false, error: { code: 'invalid-mutation', message: parsed.error.issues[0]?.message ?? 'Invalid arguments' } };
    if (LOCAL_MUTATIONS.has(name)) return { ok: true, result: await this.writeDraft(name, parsed.data) };
    const clientId = await this.clientId();
    const now = this.now();
    try {
      return await this.db.transaction('rw', [...VIEW_TABLES], async () => {
        // Try it on the current view first: the mutator knows the rules (credits, empty text, missing conversation).
        const { view, profiles } = await buildView(this.db);
        if ((await view.get(CREDITS_KEY)) === undefined) await view.put(CREDITS_KEY, this.fallbackCredits?.() ?? 0);
        const result = await outsideDexie(() =>
          view.transact((tx) =>
            runMutation(tx, { name, args: parsed.data }, { side: 'client', now, newId: () => crypto.randomUUID(), profileSummary: (id) => profiles.get(id) }),
          ),
        );
        if ((result as { skipped?: string } | undefined)?.skipped) return { ok: true as const, result };
        const mutationId = await this.allocateId();
        await this.db.outbox.put({ mutationId, clientId, name, args: parsed.data, createdAt: now, status: 'pending', ...(this.tabId ? { tabId: this.tabId } : {}) });
        await materialize(this.db);
        return { ok: true as const, mutationId, result };
      });
    } catch (err) {
      if (err instanceof MutationError) return { ok: false, error: err.toBody() };
      throw err;
    }
  }

  /** Sends a failed message again under a new mutation id (the server recorded the old one as refused). */
  async retry(mutationId: number): Promise<MutateOutcome> {
    const row = await this.db.outbox.get(mutationId);
    if (!row || row.status !== 'failed') return { ok: false, error: { code: 'not-found', message: t('error.not-found') } };
    await this.db.outbox.delete(mutationId);
    const outcome = await this.mutate(row.name as MutationName, row.args);
    // Still refused on the device (no credits): keep it failed where it was.
    if (!outcome.ok) await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      await this.db.outbox.put(row);
      await materialize(this.db);
    });
    return outcome;
  }

  async discard(mutationId: number): Promise<void> {
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      const row = await this.db.outbox.get(mutationId);
      if (row?.status !== 'failed') return;
      await this.db.outbox.delete(mutationId);
      await materialize(this.db);
    });
  }

  /** Pushes everything pending, in order; resolves when the queue is drained or a retry is scheduled. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.pushing) {
      this.pushAgain = true;
      return this.pushing;
    }
    this.clearRetry();
    this.pushing = (async () => {
      try {
        do {
          this.pushAgain = false;
          await this.pushAll();
        } while (this.pushAgain && !this.retryTimer && !this.stopped);
      } finally {
        this.pushing = null;
      }
    })();
    return this.pushing;
  }

  /** Fetches what changed since the cursor; concurrent calls share one run (plus one more if asked meanwhile). */
  pull(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.pullAgain = false;
          await this.pullOnce();
        } while (this.pullAgain && !this.stopped);
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  /** The network is back: forget the backoff and go now. */
  resume(): Promise<void> {
    this.attempt = 0;
    this.clearRetry();
    return this.flush();
  }

  stop(): void {
    this.stopped = true;
    this.clearRetry();
  }

  get retryScheduled(): boolean {
    return this.retryTimer !== null;
  }

  /** Older messages the first pull did not bring (or a follower's view of history): GET /conversation/:id chunks. */
  async storeHistory(messages: readonly MessageRecord[]): Promise<void> {
    if (messages.length === 0) return;
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      for (const m of messages) await this.db.kv.put({ key: messageKey(m.conversationId, m._id), value: { ...m, isPending: false } });
      await materialize(this.db);
    });
  }

  private async pushAll(): Promise<void> {
    const clientId = await this.clientId();
    let pushedSomething = false;
    for (;;) {
      if (this.stopped) return;
      const rows = (await this.db.outbox.where('status').equals('pending').sortBy('mutationId')).filter((row) => !row.acked).slice(0, MAX_MUTATIONS_PER_PUSH);
      if (rows.length === 0) break;
      let response: PushResponse;
      try {
        response = await this.transport.push({ clientId, mutations: rows.map(({ mutationId, name, args }) => ({ clientId, mutationId, name, args })) });
      } catch (err) {
        if (!isRetryable(err)) console.error('sync push refused', err);
        this.scheduleRetry();
        return;
      }
      this.attempt = 0;
      const answered = await this.applyPushResponse(response, rows);
      pushedSomething ||= answered > 0;
      // The server stopped before our first id (a gap): wait and try again rather than spin.
      if (answered === 0) {
        this.scheduleRetry();
        break;
      }
    }
    if (pushedSomething) await this.pull().catch(() => undefined);
  }

  private async applyPushResponse(response: PushResponse, rows: readonly OutboxRow[]): Promise<number> {
    const refused: { row: OutboxRow; error: MutationErrorBody }[] = [];
    let answered = 0;
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      for (const result of response.results) {
        const row = rows.find((r) => r.mutationId === result.mutationId);
        if (!row) continue;
        answered += 1;
        if (result.ok) {
          // A pruned answer says only "applied long ago": the pull decides whether the message is there.
          await this.db.outbox.update(row.mutationId, result.pruned ? { acked: true, pruned: true } : { acked: true });
        } else {
          const error = result.error ?? { code: 'error', message: t('error.generic') };
          await this.db.outbox.update(row.mutationId, { status: 'failed', error });
          refused.push({ row, error });
        }
      }
      if (refused.length) await materialize(this.db);
    });
    for (const { row, error } of refused) this.onRefused?.(row, error);
    return answered;
  }

  /** Pulls page after page (the server answers at most MAX_PULL_CHANGES at a time) until it has no more. */
  private async pullOnce(): Promise<void> {
    for (let page = 0; page < MAX_PULL_PAGES && !this.stopped; page++) {
      if (!(await this.pullPage())) return;
    }
  }

  /** One page, applied in one Dexie transaction (a reload mid-way resumes from its cursor); true when more follow. */
  private async pullPage(): Promise<boolean> {
    const clientId = await this.clientId();
    const cursorRow = await this.db.meta.get(CURSOR_KEY);
    const cursor = typeof cursorRow?.value === 'number' ? cursorRow.value : 0;
    let response: PullResponse;
    try {
      response = await this.transport.pull({ clientId, cursor });
    } catch (err) {
      this.scheduleRetry();
      throw err;
    }
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      await applyPatch(new DexieKv(this.db.kv), response.patch);
      await this.db.meta.put({ key: CURSOR_KEY, value: response.cursor });
      if (response.more) {
        // lastMutationId describes the whole state: the outbox waits for the last page.
        await materialize(this.db);
        return;
      }
      const confirmed = await this.db.outbox.where('mutationId').belowOrEqual(response.lastMutationId).toArray();
      for (const row of confirmed) {
        if (row.status !== 'pending') continue;
        if (row.name === 'sendMessage' && (!row.acked || row.pruned) && !(await this.messageStored((row.args as { messageId: string }).messageId))) {
          await this.db.outbox.update(row.mutationId, { status: 'failed', error: NOT_DELIVERED });
          continue;
        }
        await this.db.outbox.delete(row.mutationId);
      }
      // The server's counter is the floor for our next id (e.g. a restored database).
      const next = await this.db.meta.get(NEXT_ID_KEY);
      if (typeof next?.value !== 'number' || next.value <= response.lastMutationId) {
        await this.db.meta.put({ key: NEXT_ID_KEY, value: response.lastMutationId + 1 });
      }
      await materialize(this.db);
    });
    return response.more === true;
  }

  private async messageStored(messageId: string): Promise<boolean> {
    const rows = await this.db.kv.where('key').startsWith('message/').keys();
    return rows.some((key) => String(key).endsWith(`/${messageId}`));
  }

  private async allocateId(): Promise<number> {
    const row = await this.db.meta.get(NEXT_ID_KEY);
    const last = await this.db.outbox.orderBy('mutationId').last();
    const id = Math.max(typeof row?.value === 'number' ? row.value : 1, (last?.mutationId ?? 0) + 1);
    await this.db.meta.put({ key: NEXT_ID_KEY, value: id + 1 });
    return id;
  }

  private async writeDraft(name: MutationName, args: unknown): Promise<unknown> {
    const { profileId, message } = args as { profileId: string; message?: string };
    if (name === 'clearDraft' || !message) await this.db.drafts.delete(profileId);
    else await this.db.drafts.put({ profileId, message, updatedAt: this.now() });
    return {};
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = backoffDelay(this.attempt, this.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
      void this.pull().catch(() => undefined);
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
