/**
 * The device half of the sync engine (docs/architecture.md#the-sync-engine, decisions 0008 and 0019) over Dexie:
 *   mutate  -> validate with the shared schema, try it on the view of its conversation, queue it in the
 *              outbox and write its effect to its own rows (optimistic)
 *   flush   -> push everything pending in batches (≤ MAX_MUTATIONS_PER_PUSH) back to back; network or 5xx
 *              failures retry with backoff and jitter; a refusal marks the send failed (its credit comes back)
 *   pull    -> apply each page to the confirmed state and the rows it names, drop what lastMutationId
 *              confirms, replay what is still pending of the conversations it touched, check the checksums
 * Nothing here reads the whole history: every step costs what it changes. Only the leader tab calls flush
 * and pull (sync-runtime.ts); any tab may mutate.
 */
import { conversationKey, messageKey, messagePrefix } from '@sync/engine/keys';
import {
  LOCAL_MUTATIONS,
  MAX_MUTATIONS_PER_PUSH,
  mutationArgs,
  MutationError,
  type MutationArgs,
  type MutationErrorBody,
  type MutationName,
  type PatchOp,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@sync/engine/mutations';
import { windowChecksum, type WindowChecksum } from '@sync/engine/window';
import type { ConversationRecord, MessageRecord, ProfileSummary } from '@sync/contract/messaging';
import { t } from '@sync/texts';
import type { LocalDatabase, OutboxRow } from '@web/local/db';
import { ApiError } from '@web/lib/http';
import { backoffDelay } from './backoff';
import {
  applyOptimistic,
  applyServerChanges,
  profileOfMutation,
  rebuildConversations,
  refreshShownCredits,
  SERVER_LAST_MUTATION_KEY,
  SHOWN_CREDITS_KEY,
  tryOnView,
  VIEW_TABLES,
} from './view';

export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
  /** A conversation's latest messages (GET /api/conversation/:id?limit=), to heal a mirror that drifted. */
  latest?(conversationId: string, limit: number): Promise<MessageRecord[]>;
}

/** What a newMessage event carries (docs/product.md#messaging): enough to show the message without a pull. */
export interface NewMessageEvent {
  conversation: { _id: string; profileId: string; archived: boolean; unread: number; type?: string };
  message: MessageRecord & { partial?: boolean };
  profile?: ProfileSummary;
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
  /** A send passed validation and is about to be written with this time: the tab may show it already (echoes.ts). */
  onSend?: (args: MutationArgs<'sendMessage'>, at: number) => void;
}

export type MutateOutcome = { ok: true; mutationId?: number; result: unknown } | { ok: false; error: MutationErrorBody };

const CLIENT_ID_KEY = 'sync:clientId';
const NEXT_ID_KEY = 'sync:nextMutationId';
const CURSOR_KEY = 'sync:cursor';
const SNAPSHOT_KEY = 'sync:snapshot';
/** A guard against a server that keeps saying `more`: 2,000 pages of 500 changes is far beyond any member. */
const MAX_PULL_PAGES = 2000;
/** A send confirmed by the server's counter but never stored: its answer was lost and it was refused. */
const NOT_DELIVERED: MutationErrorBody = { code: 'not-delivered', message: t('error.generic') };
/** Divergences found by the checksums since this database was opened, for the console and the tests. */
export const DIVERGENCES_KEY = 'sync:divergences';

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
  private readonly onSend?: SyncClientOptions['onSend'];
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
    this.onSend = options.onSend;
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
    if (name === 'sendMessage') this.onSend?.(parsed.data as MutationArgs<'sendMessage'>, now);
    try {
      return await this.db.transaction('rw', [...VIEW_TABLES], async () => {
        const profileId = await profileOfMutation(this.db, name, parsed.data);
        if (!profileId) throw new MutationError('conversation-not-found', t('error.not-found'));
        // Tried on the view of its own conversation: the mutator knows the rules (credits, empty text, missing conversation).
        const shown = (await this.db.meta.get(SHOWN_CREDITS_KEY))?.value;
        const credits = typeof shown === 'number' ? shown : (this.fallbackCredits?.() ?? 0);
        const optimistic = await tryOnView(this.db, profileId, { name, args: parsed.data }, now, credits);
        if ((optimistic.result as { skipped?: string } | undefined)?.skipped) return { ok: true as const, result: optimistic.result };
        const mutationId = await this.allocateId();
        const row: OutboxRow = { mutationId, clientId, name, args: parsed.data, createdAt: now, profileId, status: 'pending', ...(this.tabId ? { tabId: this.tabId } : {}) };
        await this.db.outbox.put(row);
        await applyOptimistic(this.db, row, optimistic);
        return { ok: true as const, mutationId, result: optimistic.result };
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
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      await this.db.outbox.delete(mutationId);
      await rebuildConversations(this.db, [row.profileId]);
      await refreshShownCredits(this.db);
    });
    const outcome = await this.mutate(row.name as MutationName, row.args);
    // Still refused on the device (no credits): keep it failed where it was.
    if (!outcome.ok) await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      await this.db.outbox.put(row);
      await rebuildConversations(this.db, [row.profileId]);
    });
    return outcome;
  }

  async discard(mutationId: number): Promise<void> {
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      const row = await this.db.outbox.get(mutationId);
      if (row?.status !== 'failed') return;
      await this.db.outbox.delete(mutationId);
      await rebuildConversations(this.db, [row.profileId]);
      await refreshShownCredits(this.db);
    });
  }

  /**
   * Pushes everything pending, in order, then pulls what the pushes changed; resolves when both are done or a
   * retry is scheduled. The pull runs outside the push loop: a send made meanwhile goes out at once rather than
   * waiting behind the pull (a first sync can be fifty pages).
   */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.pushing) {
      this.pushAgain = true;
      return this.pushing;
    }
    this.clearRetry();
    let pushed = false;
    const pushes = (async () => {
      try {
        do {
          this.pushAgain = false;
          pushed = (await this.pushAll()) || pushed;
        } while (this.pushAgain && !this.retryTimer && !this.stopped);
      } finally {
        this.pushing = null;
      }
    })();
    const flushed = pushes.then(() => (pushed ? this.pull().catch(() => undefined) : undefined));
    this.pushing = flushed;
    return flushed;
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

  /** Older messages the device did not hold (scroll-back: GET /conversation/:id chunks): kept from now on. */
  async storeHistory(messages: readonly MessageRecord[]): Promise<void> {
    if (messages.length === 0) return;
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      const patch: PatchOp[] = messages.map((m) => ({ op: 'put', key: messageKey(m.conversationId, m._id), value: { ...m, isPending: false } }));
      await applyServerChanges(this.db, patch);
    });
  }

  /**
   * A newMessage event already carries the conversation, the message and the profile: shown at once, without
   * waiting for the pull (which then brings the same rows, and anything else that changed).
   */
  async applyNewMessage(event: NewMessageEvent): Promise<void> {
    const { conversation: c, message } = event;
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      const key = conversationKey(c._id);
      const known = (await this.db.kv.get(key))?.value as ConversationRecord | undefined;
      const record: ConversationRecord = {
        _id: c._id,
        profileId: c.profileId,
        profile: event.profile ?? known?.profile ?? { _id: c.profileId, username: '', avatar: null },
        archived: c.archived,
        hasUserMessage: known?.hasUserMessage ?? c.type !== 'inbox',
        createDate: known?.createDate ?? message.date,
        updateDate: message.date,
        lastMessageDate: message.date,
        unread: c.unread,
      };
      const { partial: _partial, ...stored } = message;
      await applyServerChanges(this.db, [
        { op: 'put', key, value: record },
        { op: 'put', key: messageKey(c._id, message._id), value: { ...stored, isPending: false } },
      ]);
    });
  }

  /**
   * Pushes until the outbox has nothing pending; true when the server answered something. A long queue goes
   * in batches, and the next batch is sent while the answer to the one before is written: the server applies
   * them in order anyway, since each request waits for the previous answer.
   */
  private async pushAll(): Promise<boolean> {
    const clientId = await this.clientId();
    let pushedSomething = false;
    for (;;) {
      if (this.stopped) return pushedSomething;
      const queue = (await this.db.outbox.where('status').equals('pending').sortBy('mutationId')).filter((row) => !row.acked);
      if (queue.length === 0) break;
      let writing: Promise<void> = Promise.resolve();
      let answered = 0;
      for (let at = 0; at < queue.length && !this.stopped; at += MAX_MUTATIONS_PER_PUSH) {
        const rows = queue.slice(at, at + MAX_MUTATIONS_PER_PUSH);
        let response: PushResponse;
        const requested = performance.now();
        try {
          response = await this.transport.push({ clientId, mutations: rows.map(({ mutationId, name, args }) => ({ clientId, mutationId, name, args })) });
          performance.measure('sync:push', { start: requested });
        } catch (err) {
          if (!isRetryable(err)) console.error('sync push refused', err);
          await writing;
          this.scheduleRetry();
          return pushedSomething;
        }
        this.attempt = 0;
        // Answers are written in the order they came; this one's write overlaps the next batch's request.
        await writing;
        writing = this.applyPushResponse(response, rows).then((count) => {
          answered = count;
          pushedSomething ||= count > 0;
        });
        // The server stopped before our last id (a gap, or our first id was ahead of it): settle what it
        // answered, then read the queue again rather than send ids it will not take.
        if (!response.results.some((r) => r.mutationId === rows.at(-1)!.mutationId)) break;
      }
      await writing;
      // The server stopped before our first id (a gap): wait and try again rather than spin.
      if (answered === 0) {
        this.scheduleRetry();
        break;
      }
    }
    return pushedSomething;
  }

  private async applyPushResponse(response: PushResponse, rows: readonly OutboxRow[]): Promise<number> {
    const refused: { row: OutboxRow; error: MutationErrorBody }[] = [];
    const byId = new Map(rows.map((row) => [row.mutationId, row]));
    let answered = 0;
    const started = performance.now();
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      const touched = new Set<string>();
      // Read and written in bulk: a batch of 500 answers costs a few requests, not a thousand.
      const outboxChanges = new Map<number, Partial<OutboxRow>>();
      const sent: string[] = [];
      const dropped: number[] = [];
      for (const result of response.results) {
        const row = byId.get(result.mutationId);
        if (!row) continue;
        answered += 1;
        if (result.ok) {
          // A pruned answer says only "applied long ago": the pull decides whether the message is there.
          outboxChanges.set(row.mutationId, result.pruned ? { acked: true, pruned: true } : { acked: true });
          // The server stored it: the member sees it sent now, not after the pull that confirms it.
          if (row.name === 'sendMessage' && !result.pruned) sent.push((row.args as { messageId: string }).messageId);
        } else {
          const error = result.error ?? { code: 'error', message: t('error.generic') };
          // Input the server can never store (NUL bytes, lone surrogates…): a retry would fail the same way,
          // so the write goes with its effect; anything else stays as failed for Retry or Discard.
          if (error.code === 'invalid-mutation') dropped.push(row.mutationId);
          else outboxChanges.set(row.mutationId, { status: 'failed', error });
          refused.push({ row, error });
          touched.add(row.profileId);
        }
      }
      const [held, shownRows] = await Promise.all([this.db.outbox.bulkGet([...outboxChanges.keys()]), this.db.messages.bulkGet(sent)]);
      await Promise.all([
        this.db.outbox.bulkPut(held.flatMap((row) => (row ? [{ ...row, ...outboxChanges.get(row.mutationId) }] : []))),
        this.db.messages.bulkPut(shownRows.flatMap((row) => (row ? [{ ...row, status: 'sent' as const, isPending: false }] : []))),
        dropped.length ? this.db.outbox.bulkDelete(dropped) : undefined,
      ]);
      if (touched.size) {
        await rebuildConversations(this.db, touched);
        await refreshShownCredits(this.db);
      }
    });
    performance.measure('sync:push-answer', { start: started });
    for (const { row, error } of refused) this.onRefused?.(row, error);
    return answered;
  }

  /**
   * Pulls page after page (the server answers at most MAX_PULL_CHANGES at a time) until it has no more. The next
   * page is asked for while this one is written: a first sync's history costs the slower of the two, not both.
   */
  private async pullOnce(): Promise<void> {
    let ahead: Promise<PullResponse> | null = null;
    for (let page = 0; page < MAX_PULL_PAGES && !this.stopped; page++) {
      const response = await (ahead ?? this.fetchPage());
      ahead = null;
      if (response.more && !this.stopped) {
        ahead = this.fetchPage({ cursor: response.cursor, snapshot: response.snapshot });
        // Awaited next round; a failure meanwhile must not count as unhandled if this page's write fails.
        ahead.catch(() => undefined);
      }
      await this.applyPage(response);
      if (!response.more) return;
    }
  }

  /** One page from the cursor the device holds (or the one the page before it answered). */
  private async fetchPage(from?: { cursor: number; snapshot?: string }): Promise<PullResponse> {
    const clientId = await this.clientId();
    let cursor = from?.cursor;
    let snapshot = from?.snapshot;
    if (!from) {
      const cursorRow = await this.db.meta.get(CURSOR_KEY);
      cursor = typeof cursorRow?.value === 'number' ? cursorRow.value : 0;
      const snapshotRow = await this.db.meta.get(SNAPSHOT_KEY);
      snapshot = typeof snapshotRow?.value === 'string' ? snapshotRow.value : undefined;
    }
    const started = performance.now();
    try {
      return await this.transport.pull({ clientId, cursor: cursor ?? 0, ...(snapshot ? { snapshot } : {}) });
    } catch (err) {
      this.scheduleRetry();
      throw err;
    } finally {
      // The bench's first-sync breakdown reads these (e2e/bench/sync-browser.ts); a browser keeps them cheaply.
      performance.measure('sync:fetch-page', { start: started });
    }
  }

  /** One page, applied in one Dexie transaction (a reload mid-way resumes from its cursor). */
  private async applyPage(response: PullResponse): Promise<void> {
    const started = performance.now();
    let divergent: WindowChecksum[] = [];
    await this.db.transaction('rw', [...VIEW_TABLES], async () => {
      // lastMutationId describes the whole state: the outbox waits for the last page.
      const settled = response.more ? [] : await this.settleOutbox(response.lastMutationId, response.patch);
      // The page's credits and counter come from one snapshot: shown credits subtract only the sends after it.
      await this.db.meta.put({ key: SERVER_LAST_MUTATION_KEY, value: response.lastMutationId });
      await applyServerChanges(this.db, response.patch, settled);
      await this.db.meta.put({ key: CURSOR_KEY, value: response.cursor });
      if (response.snapshot) await this.db.meta.put({ key: SNAPSHOT_KEY, value: response.snapshot });
      else await this.db.meta.delete(SNAPSHOT_KEY);
      if (response.more) return;
      // The server's counter is the floor for our next id (e.g. a restored database).
      const next = await this.db.meta.get(NEXT_ID_KEY);
      if (typeof next?.value !== 'number' || next.value <= response.lastMutationId) {
        await this.db.meta.put({ key: NEXT_ID_KEY, value: response.lastMutationId + 1 });
      }
      divergent = await this.compareChecksums(response.checksums ?? []);
    });
    performance.measure('sync:apply-page', { start: started });
    if (divergent.length) await this.heal(divergent);
  }

  /**
   * Outbox rows the server's counter has passed leave the queue; a send it passed but never stored (its answer
   * was lost and it was refused) shows as failed. Answers the profiles whose conversations must be replayed.
   */
  private async settleOutbox(lastMutationId: number, patch: readonly PatchOp[]): Promise<string[]> {
    const profiles = new Set<string>();
    const settled: number[] = [];
    const confirmed = await this.db.outbox.where('mutationId').belowOrEqual(lastMutationId).toArray();
    for (const row of confirmed) {
      if (row.status !== 'pending') continue;
      profiles.add(row.profileId);
      if (row.name === 'sendMessage' && (!row.acked || row.pruned) && !(await this.messageStored(row, patch))) {
        await this.db.outbox.update(row.mutationId, { status: 'failed', error: NOT_DELIVERED });
        continue;
      }
      settled.push(row.mutationId);
    }
    await this.db.outbox.bulkDelete(settled);
    return [...profiles];
  }

  /** Whether the server holds a send's message: in this page, or already in the confirmed state. */
  private async messageStored(row: OutboxRow, patch: readonly PatchOp[]): Promise<boolean> {
    const { messageId } = row.args as { messageId: string };
    if (patch.some((op) => op.op === 'put' && op.key.endsWith(`/${messageId}`))) return true;
    const conversation = (await this.db.kv.where('value.profileId').equals(row.profileId).first())?.value as ConversationRecord | undefined;
    return Boolean(conversation && (await this.db.kv.get(messageKey(conversation._id, messageId))));
  }

  /** The conversations whose latest confirmed messages differ from what the server says it sent. */
  private async compareChecksums(checksums: readonly WindowChecksum[]): Promise<WindowChecksum[]> {
    const held = await Promise.all(checksums.map((expected) => this.db.kv.where('key').startsWith(messagePrefix(expected.conversationId)).toArray()));
    const divergent = checksums.filter((expected, i) => {
      const mine = windowChecksum(expected.conversationId, held[i]!.map((row) => row.value as MessageRecord));
      return mine.count !== expected.count || mine.digest !== expected.digest;
    });
    if (divergent.length) {
      const row = await this.db.meta.get(DIVERGENCES_KEY);
      await this.db.meta.put({ key: DIVERGENCES_KEY, value: (typeof row?.value === 'number' ? row.value : 0) + divergent.length });
    }
    return divergent;
  }

  /** Re-fetches the latest messages of conversations that drifted and replaces the device's copy of them. */
  private async heal(divergent: readonly WindowChecksum[]): Promise<void> {
    if (!this.transport.latest) return;
    for (const { conversationId, count } of divergent) {
      console.warn(`[sync] conversation ${conversationId} differs from the server's; fetching its latest messages again`);
      let latest: MessageRecord[];
      try {
        latest = await this.transport.latest(conversationId, Math.max(count, 1));
      } catch {
        continue;
      }
      await this.db.transaction('rw', [...VIEW_TABLES], async () => {
        const keep = new Set(latest.map((m) => m._id));
        const oldest = latest.reduce<string | null>((min, m) => (min === null || m.date < min ? m.date : min), null);
        const held = await this.db.kv.where('key').startsWith(messagePrefix(conversationId)).toArray();
        const patch: PatchOp[] = held
          .filter((row) => !keep.has((row.value as MessageRecord)._id) && (oldest === null || (row.value as MessageRecord).date >= oldest))
          .map((row) => ({ op: 'del', key: row.key }));
        for (const m of latest) patch.push({ op: 'put', key: messageKey(conversationId, m._id), value: { ...m, isPending: false } });
        await applyServerChanges(this.db, patch);
      });
    }
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
      void this.flush().catch(() => undefined);
      void this.pull().catch(() => undefined);
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
