/**
 * An in-memory model of the sync server, following the same rules as the SQL one (api/src/modules/sync):
 * per mutation and atomically, skip ids already applied (answer the recorded result), stop at ids from the
 * future, apply the next one, and on a business failure record it and advance. Pulls answer what changed
 * since a per-member version cursor. Property tests drive clients against it.
 */
import { t } from '../texts.js';
import { BLOCKED_KEY, conversationKey, messageKey, CREDITS_KEY, CONVERSATION_PREFIX, MESSAGE_PREFIX, messagePrefix } from './keys.js';
import { MutationError, parseMutation, refusedResult, type PullRequest, type PullResponse, type PushRequest, type PushResponse, type PushResult, type PatchOp } from './mutations.js';
import { compareByDateThenId, HISTORY_WINDOW, windowChecksum, type WindowChecksum } from './window.js';
import { runMutation } from './mutators.js';
import { BufferedTx, MemoryStore, type ReadTx, type WriteTx } from './store.js';
import { dayStart, type ConversationRecord, type MessageRecord } from '../contract/messaging.js';

export class ForbiddenClientError extends Error {}

/** One member's data with a version per key and tombstones, like sync_spaces and the triggers. */
class Space implements WriteTx {
  readonly store = new MemoryStore();
  version = 0;
  readonly versions = new Map<string, number>();
  readonly tombstones = new Map<string, number>();
  /** The conversations (and their messages) of blocked profiles: kept, as the SQL server keeps them, but never pulled. */
  readonly hidden = new Map<string, unknown>();

  get<T>(key: string) {
    return this.store.get<T>(key);
  }
  scan<T>(prefix: string) {
    return this.store.scan<T>(prefix);
  }
  async put(key: string, value: unknown) {
    await this.store.put(key, value);
    this.versions.set(key, ++this.version);
    this.tombstones.delete(key);
  }
  async del(key: string) {
    await this.store.del(key);
    this.versions.delete(key);
    this.tombstones.set(key, ++this.version);
  }
}

interface ClientRow {
  userId: string;
  lastMutationId: number;
  results: Map<number, PushResult>;
}

export class MemoryServer {
  private readonly spaces = new Map<string, Space>();
  private readonly clients = new Map<string, ClientRow>();
  /** Members whose brand demands an age verification they have not passed (member_age_verified.sql). */
  private readonly ageGated = new Set<string>();
  private ids = 0;
  now = Date.UTC(2026, 0, 15, 12);
  /** The most changes one pull answers (MAX_PULL_CHANGES on the real server). */
  pullLimit = Number.POSITIVE_INFINITY;
  /**
   * A pull from cursor 0 answers the windowed snapshot of the SQL server (docs/decisions/0026): page 1 every
   * conversation and its latest message, then the rest of each window on pages with a `snapshot`. Off by
   * default while the engine's replica does not send the continuation back; the scenarios run with it on.
   */
  windowed = false;
  /** Pull requests answered, pages included. */
  pulls = 0;
  /** Every message the server accepted, in order (duplicates would show up here). */
  readonly accepted: { userId: string; messageId: string }[] = [];

  private space(userId: string): Space {
    let s = this.spaces.get(userId);
    if (!s) this.spaces.set(userId, (s = new Space()));
    return s;
  }

  async grantCredits(userId: string, credits: number) {
    const s = this.space(userId);
    await s.put(CREDITS_KEY, ((await s.get<number>(CREDITS_KEY)) ?? 0) + credits);
  }

  /** The member's sends are refused until verified, as the SQL server's age gate refuses them. */
  gateAge(userId: string, gated = true): void {
    if (gated) this.ageGated.add(userId);
    else this.ageGated.delete(userId);
  }

  /**
   * As safety/blocks.ts: the profile is listed as blocked, and its conversation leaves the member's devices (a
   * tombstone for it and each of its messages) while the server keeps it; a send to it is refused.
   */
  async block(userId: string, profileId: string): Promise<void> {
    const space = this.space(userId);
    const blocked = (await space.get<string[]>(BLOCKED_KEY)) ?? [];
    if (!blocked.includes(profileId)) await space.put(BLOCKED_KEY, [...blocked, profileId].sort());
    for (const [key, conversation] of await space.scan<ConversationRecord>(CONVERSATION_PREFIX)) {
      if (conversation.profileId !== profileId) continue;
      for (const [messageKeyOf, message] of await space.scan(messagePrefix(conversation._id))) {
        space.hidden.set(messageKeyOf, message);
        await space.del(messageKeyOf);
      }
      space.hidden.set(key, conversation);
      await space.del(key);
    }
  }

  /** Unblocked, the conversation comes back to the member's devices with its messages. */
  async unblock(userId: string, profileId: string): Promise<void> {
    const space = this.space(userId);
    const blocked = (await space.get<string[]>(BLOCKED_KEY)) ?? [];
    if (blocked.includes(profileId)) await space.put(BLOCKED_KEY, blocked.filter((id) => id !== profileId));
    // One pass: the profile's conversations and their messages come back together, each with a new version.
    const ids = new Set([...space.hidden].filter(([key, value]) => key.startsWith(CONVERSATION_PREFIX) && (value as ConversationRecord).profileId === profileId).map(([, value]) => (value as ConversationRecord)._id));
    for (const [key, value] of [...space.hidden]) {
      const owner = conversationOfKey(key);
      if (!owner || !ids.has(owner)) continue;
      space.hidden.delete(key);
      await space.put(key, value);
    }
  }

  state(userId: string): Record<string, unknown> {
    return this.space(userId).store.snapshot();
  }

  /** The recorded outcome of a client's mutation, as a replay would answer it. */
  recorded(clientId: string, mutationId: number): PushResult | undefined {
    return this.clients.get(clientId)?.results.get(mutationId);
  }

  reader(userId: string): ReadTx {
    return this.space(userId).store;
  }

  private client(userId: string, clientId: string): ClientRow {
    let row = this.clients.get(clientId);
    if (!row) this.clients.set(clientId, (row = { userId, lastMutationId: 0, results: new Map() }));
    if (row.userId !== userId) throw new ForbiddenClientError(clientId);
    return row;
  }

  async push(userId: string, req: PushRequest): Promise<PushResponse> {
    const row = this.client(userId, req.clientId);
    const space = this.space(userId);
    const results: PushResult[] = [];
    const sorted = [...req.mutations].sort((a, b) => a.mutationId - b.mutationId);
    for (const m of sorted) {
      if (m.mutationId <= row.lastMutationId) {
        if (results.some((r) => r.mutationId === m.mutationId)) continue;
        results.push(row.results.get(m.mutationId) ?? { mutationId: m.mutationId, ok: true, pruned: true });
        continue;
      }
      if (m.mutationId > row.lastMutationId + 1) break;
      let result: PushResult;
      try {
        // The age gate comes before everything the send itself checks (send_member_message.sql), after the edge's validation.
        if (m.name === 'sendMessage' && this.ageGated.has(userId)) {
          parseMutation(m);
          throw new MutationError('age-verification-required', t('age-verification.required'));
        }
        const value = await applyAtomically(space, (tx) =>
          runMutation(tx, m, { side: 'server', now: this.now, newId: () => `c${++this.ids}` }),
        );
        result = { mutationId: m.mutationId, ok: true, result: value };
        const sent = value as { messageId?: string };
        if (m.name === 'sendMessage' && sent.messageId) this.accepted.push({ userId, messageId: sent.messageId });
      } catch (err) {
        if (!(err instanceof MutationError)) throw err;
        result = refusedResult(m.mutationId, err.toBody());
      }
      row.results.set(m.mutationId, result);
      row.lastMutationId = m.mutationId;
      results.push(result);
    }
    return { results, lastMutationId: row.lastMutationId };
  }

  async pull(userId: string, req: PullRequest): Promise<PullResponse> {
    const row = this.client(userId, req.clientId);
    const space = this.space(userId);
    this.pulls += 1;
    if (this.windowed) {
      const snapshot = parseSnapshot(req.snapshot, space.version);
      if (snapshot) return this.snapshotPage(space, row.lastMutationId, snapshot);
      if (req.cursor === 0 || req.cursor > space.version) return this.firstSnapshotPage(space, row.lastMutationId);
    }
    const changed: { version: number; op: PatchOp }[] = [];
    for (const [key, version] of space.versions) {
      if (version > req.cursor) changed.push({ version, op: { op: 'put', key, value: await space.get(key) } });
    }
    if (req.cursor > 0) for (const [key, version] of space.tombstones) if (version > req.cursor) changed.push({ version, op: { op: 'del', key } });
    changed.sort((a, b) => a.version - b.version);
    const patch: PatchOp[] = req.cursor === 0 ? [{ op: 'clear' }] : [];
    // Paged like the SQL server (one key per version here, so a page is exactly pullLimit changes).
    const more = changed.length > this.pullLimit;
    const page = more ? changed.slice(0, this.pullLimit) : changed;
    patch.push(...page.map((c) => c.op));
    if (more) return { cursor: page.at(-1)!.version, lastMutationId: row.lastMutationId, patch, more };
    const touched = new Set(page.flatMap((c) => (c.op.op === 'clear' ? [] : conversationOfKey(c.op.key) ?? [])));
    const checksums = await checksumsOf(space, [...touched].filter((id) => space.versions.has(conversationKey(id))));
    return { cursor: space.version, lastMutationId: row.lastMutationId, patch, more, checksums };
  }

  private async firstSnapshotPage(space: Space, lastMutationId: number): Promise<PullResponse> {
    const patch: PatchOp[] = [{ op: 'clear' }];
    for (const [key] of space.versions) if (!key.startsWith(MESSAGE_PREFIX)) patch.push({ op: 'put', key, value: await space.get(key) });
    const ids = conversationIds(space);
    for (const id of ids) {
      const latest = (await windowOf(space, id)).at(-1);
      if (latest) patch.push({ op: 'put', key: messageKey(id, latest._id), value: latest });
    }
    if (ids.length === 0) return { cursor: space.version, lastMutationId, patch, more: false, checksums: [] };
    return { cursor: 0, lastMutationId, patch, more: true, snapshot: `${space.version}:` };
  }

  /** As the SQL server's snapshot.ts: rows of version ≤ V only, whole conversations, at most pullLimit per page. */
  private async snapshotPage(space: Space, lastMutationId: number, snapshot: { version: number; after: string }): Promise<PullResponse> {
    const patch: PatchOp[] = [];
    const touched: string[] = [];
    let after = snapshot.after;
    let done = true;
    for (const id of conversationIds(space).filter((c) => c > snapshot.after)) {
      const window = await windowOf(space, id);
      const latest = window.at(-1);
      const version = (m: MessageRecord) => space.versions.get(messageKey(id, m._id)) ?? Number.POSITIVE_INFINITY;
      const unsent = window.filter((m) => version(m) <= snapshot.version && !(m === latest && version(m) <= snapshot.version));
      if (touched.length > 0 && patch.length + unsent.length > this.pullLimit) {
        done = false;
        break;
      }
      patch.push(...unsent.map((m): PatchOp => ({ op: 'put', key: messageKey(id, m._id), value: m })));
      touched.push(id);
      after = id;
    }
    if (!done) return { cursor: 0, lastMutationId, patch, more: true, snapshot: `${snapshot.version}:${after}` };
    if (snapshot.version < space.version) return { cursor: snapshot.version, lastMutationId, patch, more: true };
    return { cursor: space.version, lastMutationId, patch, more: false, checksums: await checksumsOf(space, touched) };
  }

  /** Drops a client's recorded results, as the server's 7-day prune does: replays answer `pruned`. */
  prune(clientId: string): void {
    this.clients.get(clientId)?.results.clear();
  }

  /** A profile's reply arriving from the agents' side. */
  async profileReply(userId: string, conversationId: string, text: string): Promise<boolean> {
    const space = this.space(userId);
    const conversation = await space.get<ConversationRecord>(conversationKey(conversationId));
    if (!conversation) return false;
    const id = `p${++this.ids}`;
    const when = new Date(this.now).toISOString();
    await space.put(messageKey(conversationId, id), {
      _id: id,
      conversationId,
      messageType: 'text',
      message: text,
      attachment: null,
      senderType: 'profile',
      dateSent: when,
      date: when,
      day: dayStart(this.now),
      isRead: false,
      isPending: false,
    } satisfies MessageRecord);
    await space.put(conversationKey(conversationId), { ...conversation, unread: conversation.unread + 1, lastMessageDate: when, updateDate: when });
    return true;
  }
}

function parseSnapshot(token: string | undefined, current: number): { version: number; after: string } | undefined {
  const colon = token?.indexOf(':') ?? -1;
  if (token === undefined || colon < 1) return undefined;
  const version = Number(token.slice(0, colon));
  return Number.isInteger(version) && version <= current ? { version, after: token.slice(colon + 1) } : undefined;
}

/** The member's conversation ids in the order snapshot pages walk them. */
function conversationIds(space: Space): string[] {
  return [...space.versions.keys()].filter((k) => k.startsWith(CONVERSATION_PREFIX)).map((k) => k.slice(CONVERSATION_PREFIX.length)).sort();
}

function conversationOfKey(key: string): string | undefined {
  if (key.startsWith(CONVERSATION_PREFIX)) return key.slice(CONVERSATION_PREFIX.length);
  if (key.startsWith(MESSAGE_PREFIX)) return key.slice(MESSAGE_PREFIX.length).split('/')[0];
  return undefined;
}

/** A conversation's latest HISTORY_WINDOW messages, oldest first, in the devices' order. */
async function windowOf(space: Space, conversationId: string): Promise<MessageRecord[]> {
  const all = (await space.scan<MessageRecord>(messagePrefix(conversationId))).map(([, m]) => m);
  return all.sort(compareByDateThenId).slice(-HISTORY_WINDOW);
}

async function checksumsOf(space: Space, ids: readonly string[]): Promise<WindowChecksum[]> {
  return Promise.all(ids.map(async (id) => windowChecksum(id, await windowOf(space, id))));
}

/** Like a database transaction: the mutation's writes reach the versioned space only if it succeeds. */
async function applyAtomically<R>(space: Space, fn: (tx: WriteTx) => Promise<R>): Promise<R> {
  // A failed mutator throws before anything reaches the space; only keys whose value changed get a version.
  // A blocked profile's conversation is still found by id (the send is then refused as blocked, not unknown).
  const visible: ReadTx = {
    async get<T>(key: string) {
      return (await space.store.get<T>(key)) ?? (space.hidden.get(key) as T | undefined);
    },
    scan: (prefix) => space.store.scan(prefix),
  };
  const buffer = new BufferedTx(visible);
  const result = await fn(buffer);
  for (const [key, value] of buffer.changes()) {
    const before = await space.store.get(key);
    if (value === undefined) {
      if (before !== undefined) await space.del(key);
    } else if (JSON.stringify(before) !== JSON.stringify(value)) await space.put(key, value);
  }
  return result;
}
