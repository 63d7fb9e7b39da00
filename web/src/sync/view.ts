/**
 * The view the screens read (the `conversations` and `messages` tables): the confirmed server state (`kv`)
 * with the pending outbox replayed on top by the engine's rebase, and refused sends kept visible as failed.
 *
 * It is kept up to date per conversation (docs/decisions/0019-incremental-sync.md): a write applies its
 * optimistic effect to its own rows; a server change rewrites the rows it changed and replays only the
 * pending mutations of the conversations it touched. Conversations are named by their profile (a member has
 * one conversation per profile), which also covers a conversation started offline (`local-<profileId>`)
 * whose server id is not known yet. No step reads the whole history.
 */
import Dexie from 'dexie';
import { BLOCKED_KEY, CONVERSATION_PREFIX, CREDITS_KEY, MESSAGE_PREFIX, conversationKey, localConversationId, messageKey, messagePrefix, profileOfLocalId } from '@sync/engine/keys';
import type { MutationArgs, MutationErrorBody, PatchOp } from '@sync/engine/mutations';
import { runMutation, type MutatorContext } from '@sync/engine/mutators';
import { pendingCharges, rebase } from '@sync/engine/reconcile';
import { BufferedTx, MemoryStore } from '@sync/engine/store';
import { dayStart, type ConversationRecord, type MessageRecord, type ProfileSummary } from '@sync/contract/messaging';
import { conversationType } from '@sync/rules/conversation-type';
import { maskContacts } from '@sync/rules/mask';
import type { ConversationRow, LocalDatabase, MessageRow, MessageStatus, OutboxRow } from '@web/local/db';

/** Tables a view change touches: callers open their rw transaction over these. */
export const VIEW_TABLES = ['kv', 'outbox', 'conversations', 'messages', 'meta', 'profiles'] as const;

export const SHOWN_CREDITS_KEY = 'sync:shownCredits';
/** The server's counter as of the credits the device holds (both come in one pull page, from one snapshot). */
export const SERVER_LAST_MUTATION_KEY = 'sync:serverLastMutationId';

/** Replays show every pending send (the server decides); the credits shown are counted apart (shownCredits). */
const UNBOUNDED_CREDITS = Number.MAX_SAFE_INTEGER;

type SendArgs = MutationArgs<'sendMessage'>;

/**
 * Runs in-memory work (the shared mutators over a MemoryStore: a long chain of plain promises) inside a Dexie
 * transaction without losing it: Dexie follows native awaits only for a few ticks, after which the next
 * table call would find its transaction committed.
 */
export function outsideDexie<T>(work: () => Promise<T>): Promise<T> {
  return Dexie.currentTransaction ? Dexie.waitFor(work()) : work();
}

const RECORD_FIELDS = ['_id', 'profileId', 'profile', 'archived', 'hasUserMessage', 'createDate', 'updateDate', 'lastMessageDate', 'unread'] as const;

/** The record inside a view row (the mutators spread what they read: derived fields must not ride along). */
function recordOf(row: ConversationRow | ConversationRecord): ConversationRecord {
  return Object.fromEntries(RECORD_FIELDS.map((field) => [field, row[field]])) as ConversationRecord;
}

function messageRow(m: MessageRecord & Partial<MessageRow>, row?: OutboxRow): MessageRow {
  let status: MessageStatus = m.status ?? (m.isPending ? 'pending' : 'sent');
  // The server answered that it stored it: sent, although the pull that confirms it has not come yet.
  if (status === 'pending' && row?.acked && !row.pruned) status = 'sent';
  const { mutationId: _mutation, error: _error, ...rest } = m;
  return {
    ...rest,
    status,
    isPending: status === 'pending',
    ...(status !== 'sent' && row ? { mutationId: row.mutationId } : {}),
    ...(status === 'failed' && row?.error ? { error: row.error } : {}),
  };
}

/** A conversation's messages in the view, oldest first. */
export function threadOf(db: LocalDatabase, conversationId: string) {
  return db.messages.where('[conversationId+date]').between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey]);
}

/** The first and last messages the view holds of a conversation: what its list row shows. */
async function endsOf(db: LocalDatabase, conversationId: string): Promise<[MessageRow | undefined, MessageRow | undefined]> {
  return Promise.all([threadOf(db, conversationId).first(), threadOf(db, conversationId).last()]);
}

/** A conversation's row: its record plus what the list shows, from the first and last messages the view holds. */
function conversationRow(c: ConversationRecord, first: MessageRow | undefined, last: MessageRow | undefined): ConversationRow {
  const hasUserMessage = c.hasUserMessage || first?.senderType === 'user' || last?.senderType === 'user';
  return {
    ...c,
    hasUserMessage,
    type: conversationType({ archived: c.archived, messages: hasUserMessage ? [{ senderType: 'user' }] : [] }),
    sortDate: last?.date ?? c.lastMessageDate ?? c.createDate,
    lastMessage: last ? { message: last.message, messageType: last.messageType, senderType: last.senderType, date: last.date, status: last.status } : null,
    firstSender: first?.senderType ?? null,
    lastSender: last?.senderType ?? null,
  };
}

/** The first and last of these messages by date (a conversation's messages sort by date in the view). */
function endsIn(messages: readonly MessageRow[]): [MessageRow | undefined, MessageRow | undefined] {
  let first: MessageRow | undefined;
  let last: MessageRow | undefined;
  for (const m of messages) {
    if (!first || m.date < first.date) first = m;
    if (!last || m.date >= last.date) last = m;
  }
  return [first, last];
}

/**
 * Writes the list rows of these conversations. The range reads are issued together: IndexedDB answers requests
 * of one transaction in order, so a batch costs one round trip of waiting, not one per conversation.
 *
 * `written` (when the caller knows it): every message row written to the view in this transaction. A message
 * row only exists beside its conversation's row, so a conversation the view does not show yet holds exactly
 * those: its ends are found in memory, not by two range reads each (a first sync's 500 conversations).
 */
async function writeConversationRows(db: LocalDatabase, conversations: readonly ConversationRecord[], written?: readonly MessageRow[]): Promise<void> {
  if (conversations.length === 0) return;
  const held = written ? await db.conversations.bulkGet(conversations.map((c) => c._id)) : [];
  const writtenBy = new Map<string, MessageRow[]>();
  for (const m of written ?? []) {
    const list = writtenBy.get(m.conversationId);
    if (list) list.push(m);
    else writtenBy.set(m.conversationId, [m]);
  }
  const ends = await Promise.all(conversations.map((c, i) => (written && !held[i] ? endsIn(writtenBy.get(c._id) ?? []) : endsOf(db, c._id))));
  await db.conversations.bulkPut(conversations.map((c, i) => conversationRow(c, ...ends[i]!)));
}

async function deleteConversationRows(db: LocalDatabase, conversationId: string): Promise<void> {
  await db.conversations.delete(conversationId);
  await threadOf(db, conversationId).delete();
}

/** The profile a mutation's conversation belongs to: its argument, or the conversation it names. */
export async function profileOfMutation(db: LocalDatabase, name: string, args: unknown): Promise<string | undefined> {
  const a = args as { profileId?: string; conversationId?: string };
  if (name === 'sendMessage' || name === 'saveDraft' || name === 'clearDraft') return a.profileId;
  if (!a.conversationId) return undefined;
  const local = profileOfLocalId(a.conversationId);
  if (local) return local;
  return (await db.conversations.get(a.conversationId))?.profileId ?? ((await db.kv.get(conversationKey(a.conversationId)))?.value as ConversationRecord | undefined)?.profileId;
}

/** The summaries of profiles the device has seen, for conversations started offline. */
async function profileSummaries(db: LocalDatabase, ids: readonly string[]): Promise<Map<string, ProfileSummary>> {
  const rows = ids.length ? await db.profiles.bulkGet([...ids]) : [];
  const out = new Map<string, ProfileSummary>();
  ids.forEach((id, i) => {
    const row = rows[i] as Record<string, unknown> | undefined;
    if (!row || typeof row.username !== 'string') return;
    const images = Array.isArray(row.images) ? (row.images as Record<string, unknown>[]) : [];
    const visible = images.filter((image) => !image.blocked);
    const cover = visible.find((image) => image.type === 'avatar') ?? visible[0];
    const url = (v: unknown) => (typeof v === 'string' ? v : typeof (v as { url?: unknown })?.url === 'string' ? (v as { url: string }).url : null);
    const avatar = cover ? (url(cover.small) ?? url(cover.medium) ?? url(cover.large) ?? url(cover.original)) : null;
    out.set(id, { _id: id, username: row.username, avatar });
  });
  return out;
}

/** The profiles the member blocked, as the last pull said: the send rule refuses them on the device too. */
async function blockedEntry(db: LocalDatabase): Promise<[string, unknown][]> {
  const row = await db.kv.get(BLOCKED_KEY);
  return row ? [[BLOCKED_KEY, row.value]] : [];
}

export interface Optimistic {
  result: unknown;
  /** The mutation's writes, applied to the view once it is queued (applyOptimistic). */
  changes: Array<[string, unknown]>;
  shownCredits: number;
}

/**
 * Tries a mutation on the view of its own conversation (the rows it reads: the conversation, the message id,
 * for markRead its messages) with the credits shown. Throws MutationError when the device already refuses it.
 */
export async function tryOnView(db: LocalDatabase, profileId: string, m: { name: string; args: unknown }, now: number, shownCredits: number): Promise<Optimistic> {
  // Read first, then run the mutator in memory: no await of a plain promise between two Dexie calls.
  const entries: [string, unknown][] = [[CREDITS_KEY, shownCredits], ...(await blockedEntry(db))];
  const rows = await db.conversations.where('profileId').equals(profileId).toArray();
  for (const row of rows) entries.push([conversationKey(row._id), recordOf(row)]);
  const args = m.args as Partial<SendArgs>;
  if (m.name === 'sendMessage' && args.messageId) {
    const existing = await db.messages.get(args.messageId);
    if (existing) entries.push([messageKey(existing.conversationId, existing._id), existing]);
  }
  if (m.name === 'markRead') {
    for (const row of rows) {
      const unread = await threadOf(db, row._id).filter((x) => !x.isRead).toArray();
      for (const x of unread) entries.push([messageKey(row._id, x._id), x]);
    }
  }
  const summaries = await profileSummaries(db, [profileId]);
  const ctx: MutatorContext = { side: 'client', now, newId: () => crypto.randomUUID(), profileSummary: (id) => summaries.get(id) };
  return outsideDexie(async () => {
    const tx = new BufferedTx(new MemoryStore(entries));
    const result = await runMutation(tx, m, ctx);
    const credits = await tx.get<number>(CREDITS_KEY);
    return { result, changes: tx.changes().filter(([key]) => key !== CREDITS_KEY), shownCredits: credits ?? shownCredits };
  });
}

/** Writes a queued mutation's optimistic effect into the view: its own rows, nothing else. */
export async function applyOptimistic(db: LocalDatabase, row: OutboxRow, optimistic: Optimistic): Promise<void> {
  const conversations: ConversationRecord[] = [];
  for (const [key, value] of optimistic.changes) {
    if (key.startsWith(MESSAGE_PREFIX) && value) await db.messages.put(messageRow(value as MessageRecord, row));
    else if (key.startsWith(CONVERSATION_PREFIX) && value) conversations.push(value as ConversationRecord);
  }
  await writeConversationRows(db, conversations);
  await db.meta.put({ key: SHOWN_CREDITS_KEY, value: optimistic.shownCredits });
}

/** A send as its own bubble shows it before the server has it: what the send mutator writes, plus its status. */
export function unsentMessageRow(args: SendArgs, conversationId: string, createdAt: number, status: MessageStatus, mutationId?: number): MessageRow {
  const at = new Date(createdAt).toISOString();
  return {
    _id: args.messageId,
    conversationId,
    messageType: args.messageType,
    message: maskContacts(args.message),
    attachment: args.attachment ?? null,
    senderType: 'user',
    dateSent: at,
    date: at,
    day: dayStart(createdAt),
    isRead: true,
    isPending: status === 'pending',
    status,
    ...(mutationId !== undefined ? { mutationId } : {}),
  };
}

/** A send the replay could not show (refused, or no longer replayable): shown where it was written. */
function overlaySend(row: OutboxRow, status: MessageStatus, conversation: ConversationRecord | undefined, summaries: Map<string, ProfileSummary>) {
  const args = row.args as SendArgs;
  const at = new Date(row.createdAt).toISOString();
  const local = args.conversationId === 'blank' || profileOfLocalId(args.conversationId);
  if (!conversation && !local) return undefined;
  const target: ConversationRecord = conversation ?? {
    _id: localConversationId(args.profileId),
    profileId: args.profileId,
    profile: summaries.get(args.profileId) ?? { _id: args.profileId, username: '', avatar: null },
    archived: false,
    hasUserMessage: true,
    createDate: at,
    updateDate: at,
    lastMessageDate: at,
    unread: 0,
  };
  const message: MessageRow = { ...unsentMessageRow(args, target._id, row.createdAt, status, row.mutationId), ...(row.error ? { error: row.error } : {}) };
  return { conversation: target, message };
}

/**
 * Recomputes the view of the conversations with these profiles from the confirmed state and their own
 * outbox rows: the engine's rebase over just the rows those mutations read. A conversation with nothing queued
 * is its confirmed record as it stands (most of a pull), so only the others are replayed. The reads and writes
 * of the batch are issued together: a pull page of 500 conversations costs a handful of round trips.
 */
export async function rebuildConversations(
  db: LocalDatabase,
  profileIds: Iterable<string>,
  known: ReadonlyMap<string, ConversationRecord> = new Map(),
  written?: readonly MessageRow[],
): Promise<void> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return;
  const unnamed = ids.filter((id) => !known.has(id));
  const [outbox, confirmedRows, blocked, pendingShown, failedShown, localRows] = await Promise.all([
    db.outbox.where('profileId').anyOf(ids).toArray(),
    unnamed.length ? db.kv.where('value.profileId').anyOf(unnamed).toArray() : [],
    blockedEntry(db),
    // Rows shown pending or failed: as many as the outbox has, whatever the history's size.
    db.messages.where('status').equals('pending').toArray(),
    db.messages.where('status').equals('failed').toArray(),
    // Conversations started offline: rarely any.
    db.conversations.where('_id').startsWith(localConversationId('')).primaryKeys(),
  ]);
  const confirmedBy = new Map(known);
  for (const row of confirmedRows) confirmedBy.set((row.value as ConversationRecord).profileId, row.value as ConversationRecord);
  const summaries = await profileSummaries(db, [...new Set(outbox.map((row) => row.profileId))]);
  const overlaysBy = new Map<string, MessageRow[]>();
  for (const m of [...pendingShown, ...failedShown]) {
    const list = overlaysBy.get(m.conversationId);
    if (list) list.push(m);
    else overlaysBy.set(m.conversationId, [m]);
  }
  const queuedBy = new Map<string, OutboxRow[]>();
  for (const row of [...outbox].sort((a, b) => a.mutationId - b.mutationId)) {
    const list = queuedBy.get(row.profileId);
    if (list) list.push(row);
    else queuedBy.set(row.profileId, [row]);
  }

  const shownMessages: MessageRow[] = [];
  const stale: { message: MessageRow; confirmedId: string | undefined }[] = [];
  const gone: string[] = [];
  const rows: ConversationRecord[] = [];
  for (const profileId of ids) {
    const confirmed = confirmedBy.get(profileId);
    const queued = queuedBy.get(profileId) ?? [];
    const { conversation, shown } = queued.length ? await replayConversation(db, profileId, confirmed, queued, blocked, summaries) : { conversation: confirmed, shown: new Map<string, MessageRow>() };
    shownMessages.push(...shown.values());
    const idsOfProfile = [localConversationId(profileId), ...(confirmed ? [confirmed._id] : [])];
    // Rows that were pending or failed and are neither any more: the confirmed message, or nothing.
    for (const id of idsOfProfile) for (const message of overlaysBy.get(id) ?? []) if (!shown.has(message._id)) stale.push({ message, confirmedId: confirmed?._id });
    for (const id of idsOfProfile) if (id !== conversation?._id) gone.push(id);
    if (conversation) rows.push(conversation);
  }

  const server = await Promise.all(stale.map(({ message, confirmedId }) => (confirmedId ? db.kv.get(messageKey(confirmedId, message._id)) : undefined)));
  // Only conversations the view shows under an id they no longer have: started offline, now the server's.
  const shownIds = new Set<string>(localRows);
  await Promise.all(gone.filter((id) => shownIds.has(id) || !profileOfLocalId(id)).map((id) => deleteConversationRows(db, id)));
  const dropped = stale.filter((_, i) => !server[i]).map(({ message }) => message._id);
  if (dropped.length) await db.messages.bulkDelete(dropped);
  const rewritten = [...shownMessages, ...server.flatMap((row) => (row ? [messageRow(row.value as MessageRecord)] : []))];
  await db.messages.bulkPut(rewritten);
  await writeConversationRows(db, rows, written && [...written, ...rewritten]);
}

/** A conversation with queued mutations: its confirmed rows with them replayed, and the sends it shows. */
async function replayConversation(
  db: LocalDatabase,
  profileId: string,
  confirmed: ConversationRecord | undefined,
  rows: OutboxRow[],
  blocked: [string, unknown][],
  summaries: Map<string, ProfileSummary>,
): Promise<{ conversation: ConversationRecord | undefined; shown: Map<string, MessageRow> }> {
  const pending = rows.filter((r) => r.status === 'pending');
  const entries: [string, unknown][] = [[CREDITS_KEY, UNBOUNDED_CREDITS], ...blocked];
  if (confirmed) {
    entries.push([conversationKey(confirmed._id), confirmed]);
    if (pending.some((r) => r.name === 'markRead')) {
      for (const kv of await db.kv.where('key').startsWith(messagePrefix(confirmed._id)).toArray()) entries.push([kv.key, kv.value]);
    } else {
      const keys = pending.filter((r) => r.name === 'sendMessage').map((r) => messageKey(confirmed._id, (r.args as SendArgs).messageId));
      const found = keys.length ? await db.kv.bulkGet(keys) : [];
      for (const kv of found) if (kv) entries.push([kv.key, kv.value]);
    }
  }
  const replayed = await outsideDexie(async () => {
    const { tx, failed } = await rebase(new MemoryStore(entries), pending, { now: Date.now(), newId: () => crypto.randomUUID(), profileSummary: (id) => summaries.get(id) });
    const id = conversationKey(confirmed ? confirmed._id : localConversationId(profileId));
    return { changes: tx.changes(), failed, conversation: await tx.get<ConversationRecord>(id) };
  });
  const { failed } = replayed;

  const bySend = new Map(rows.filter((r) => r.name === 'sendMessage').map((r) => [(r.args as SendArgs).messageId, r]));
  const shown = new Map<string, MessageRow>();
  let conversation = replayed.conversation;
  for (const [key, value] of replayed.changes) {
    if (!key.startsWith(MESSAGE_PREFIX) || !value) continue;
    const m = value as MessageRecord;
    shown.set(m._id, messageRow(m, bySend.get(m._id)));
  }
  // A pending send that no longer replays still shows as pending (the server decides); a refused one as failed.
  const notShown: { row: OutboxRow; status: MessageStatus }[] = [
    ...failed
      .filter((f) => f.error.code !== 'duplicate-message')
      .map((f) => ({ row: pending.find((r) => r.mutationId === f.mutationId)!, status: 'pending' as const })),
    ...rows.filter((r) => r.status === 'failed' && r.name === 'sendMessage').map((row) => ({ row, status: 'failed' as const })),
  ].filter(({ row }) => row?.name === 'sendMessage');
  for (const { row, status } of notShown) {
    const overlay = overlaySend(row, status, conversation, summaries);
    if (!overlay) continue;
    conversation ??= overlay.conversation;
    shown.set(overlay.message._id, overlay.message);
  }
  return { conversation, shown };
}

/**
 * Server credits minus what the pending sends will take (docs/product.md#messaging), into meta for the header. Only the sends the
 * held server state does not include yet count: those past the counter that came with those credits (a send the
 * server already applied is in its credits, even before the pull that settles its outbox row).
 */
export async function refreshShownCredits(db: LocalDatabase): Promise<number | null> {
  const server = (await db.kv.get(CREDITS_KEY))?.value;
  if (typeof server !== 'number') return null;
  const counter = (await db.meta.get(SERVER_LAST_MUTATION_KEY))?.value;
  const after = typeof counter === 'number' ? counter : 0;
  const pending = await db.outbox.where('mutationId').above(after).filter((row) => row.status === 'pending').toArray();
  const credits = Math.max(0, server - pendingCharges(pending));
  await db.meta.put({ key: SHOWN_CREDITS_KEY, value: credits });
  return credits;
}

/**
 * Applies server changes (a pull page, a socket event) to the confirmed state and to the view, touching only
 * the rows they name and replaying only the pending mutations of their conversations. Answers the profiles
 * of the conversations it touched. Call inside a rw transaction over VIEW_TABLES. The page's writes go out as
 * bulk requests: a first sync's pages are hundreds of rows each.
 */
export async function applyServerChanges(db: LocalDatabase, patch: readonly PatchOp[], alsoRebuild: Iterable<string> = []): Promise<Set<string>> {
  const touched = new Set<string>(alsoRebuild);
  // A full pull: the server state starts again, the view is rebuilt from it and from the outbox.
  const cleared = patch.findLastIndex((op) => op.op === 'clear');
  if (cleared >= 0) {
    await Promise.all([
      db.kv.where('key').startsWith(CONVERSATION_PREFIX).delete(),
      db.kv.where('key').startsWith(MESSAGE_PREFIX).delete(),
      db.kv.where('key').startsWith('user/').delete(),
      db.conversations.clear(),
      db.messages.clear(),
    ]);
    for (const row of await db.outbox.toArray()) touched.add(row.profileId);
  }
  // The last change of a key wins; a conversation's removal also removes its messages named before it.
  const latest = new Map<string, { op: Exclude<PatchOp, { op: 'clear' }>; at: number }>();
  const removedAt = new Map<string, number>();
  patch.forEach((op, at) => {
    if (at <= cleared || op.op === 'clear') return;
    latest.set(op.key, { op, at });
    if (op.op === 'del' && op.key.startsWith(CONVERSATION_PREFIX)) removedAt.set(op.key.slice(CONVERSATION_PREFIX.length), at);
  });
  const conversationOps = [...latest.values()].filter(({ op }) => op.key.startsWith(CONVERSATION_PREFIX)).map(({ op }) => op);
  const messageOps = [...latest.values()]
    .filter(({ op, at }) => op.key.startsWith(MESSAGE_PREFIX) && !((removedAt.get(conversationOfMessageKey(op.key)) ?? -1) > at))
    .map(({ op }) => op);
  const otherOps = [...latest.values()].filter(({ op }) => !op.key.startsWith(CONVERSATION_PREFIX) && !op.key.startsWith(MESSAGE_PREFIX)).map(({ op }) => op);

  // A conversation keeps its profile: a put names it; only a removal needs the record held before.
  const known = new Map<string, ConversationRecord>();
  const byId = new Map<string, ConversationRecord>();
  for (const op of conversationOps) {
    if (op.op !== 'put') continue;
    const record = op.value as ConversationRecord;
    known.set(record.profileId, record);
    byId.set(record._id, record);
    touched.add(record.profileId);
  }
  const removed = conversationOps.filter((op) => op.op === 'del').map((op) => op.key);
  const before = removed.length ? await db.kv.bulkGet(removed) : [];
  for (const row of before) if (row) touched.add((row.value as ConversationRecord).profileId);
  await Promise.all(
    [...removedAt.keys()].map((id) => Promise.all([db.kv.where('key').startsWith(messagePrefix(id)).delete(), deleteConversationRows(db, id)])),
  );
  const puts = [...conversationOps, ...messageOps, ...otherOps].flatMap((op) => (op.op === 'put' ? [{ key: op.key, value: op.value }] : []));
  const dels = [...conversationOps, ...messageOps, ...otherOps].flatMap((op) => (op.op === 'del' ? [op.key] : []));
  const messagePuts = messageOps.flatMap((op) => (op.op === 'put' ? [messageRow(op.value as MessageRecord)] : []));
  const messageDels = messageOps.flatMap((op) => (op.op === 'del' ? [op.key.slice(op.key.lastIndexOf('/') + 1)] : []));
  await Promise.all([
    puts.length ? db.kv.bulkPut(puts) : undefined,
    dels.length ? db.kv.bulkDelete(dels) : undefined,
    messagePuts.length ? db.messages.bulkPut(messagePuts) : undefined,
    messageDels.length ? db.messages.bulkDelete(messageDels) : undefined,
  ]);
  const conversationsOfMessages = [...new Set(messageOps.map((op) => conversationOfMessageKey(op.key)))].filter((id) => !byId.has(id));
  const owners = conversationsOfMessages.length ? await db.kv.bulkGet(conversationsOfMessages.map(conversationKey)) : [];
  for (const owner of owners) if (owner) touched.add((owner.value as ConversationRecord).profileId);
  await rebuildConversations(db, touched, known, messagePuts);
  await refreshShownCredits(db);
  return touched;
}

function conversationOfMessageKey(key: string): string {
  return key.slice(MESSAGE_PREFIX.length).split('/')[0]!;
}

/** A message's error as the member is told it (a refusal the server recorded). */
export type Refusal = { row: OutboxRow; error: MutationErrorBody };
