/**
 * The view the screens read: the confirmed server state (kv) with the pending outbox replayed on top by the
 * shared mutators (decision 0008), plus the sends the server refused, kept visible as failed. Rebuilt from
 * scratch after every change, so the view is always a function of (kv, outbox) and never drifts.
 */
import { CONVERSATION_PREFIX, CREDITS_KEY, MESSAGE_PREFIX, conversationKey, localConversationId, messageKey, profileOfLocalId } from '@sync/engine/keys';
import { MutationError, type MutationArgs } from '@sync/engine/mutations';
import { findConversationByProfile, runMutation } from '@sync/engine/mutators';
import { shownCredits } from '@sync/engine/reconcile';
import { MemoryStore } from '@sync/engine/store';
import { dayStart, type ConversationRecord, type MessageRecord, type ProfileSummary } from '@sync/contract/messaging';
import { conversationType } from '@sync/rules/conversation-type';
import { maskContacts } from '@sync/rules/mask';
import Dexie from 'dexie';
import type { ConversationRow, LocalDatabase, MessageRow, MessageStatus, OutboxRow } from '@web/local/db';

/** Tables a materialize touches: callers open their transaction over these. */
export const VIEW_TABLES = ['kv', 'outbox', 'conversations', 'messages', 'meta', 'profiles'] as const;

export const SHOWN_CREDITS_KEY = 'sync:shownCredits';

type SendArgs = MutationArgs<'sendMessage'>;

function profileSummaryOf(row: Record<string, unknown> | undefined, id: string): ProfileSummary | undefined {
  if (!row || typeof row.username !== 'string') return undefined;
  const images = Array.isArray(row.images) ? (row.images as Record<string, unknown>[]) : [];
  const visible = images.filter((image) => !image.blocked);
  const cover = visible.find((image) => image.type === 'avatar') ?? visible[0];
  const url = (v: unknown) => (typeof v === 'string' ? v : typeof (v as { url?: unknown })?.url === 'string' ? (v as { url: string }).url : null);
  const avatar = cover ? (url(cover.small) ?? url(cover.medium) ?? url(cover.large) ?? url(cover.original)) : null;
  return { _id: id, username: row.username, avatar };
}

/** Shows a send that did not go through (refused, or not replayable on the new server state). */
async function overlaySend(view: MemoryStore, row: OutboxRow, status: MessageStatus, profiles: Map<string, ProfileSummary>) {
  const args = row.args as SendArgs;
  const local = args.conversationId === 'blank' || profileOfLocalId(args.conversationId);
  let conversation = local
    ? await findConversationByProfile(view, args.profileId)
    : await view.get<ConversationRecord>(conversationKey(args.conversationId));
  const at = new Date(row.createdAt).toISOString();
  if (!conversation) {
    if (!local) return;
    conversation = {
      _id: localConversationId(args.profileId),
      profileId: args.profileId,
      profile: profiles.get(args.profileId) ?? { _id: args.profileId, username: '', avatar: null },
      archived: false,
      hasUserMessage: true,
      createDate: at,
      updateDate: at,
      lastMessageDate: at,
      unread: 0,
    };
    await view.put(conversationKey(conversation._id), conversation);
  }
  const message: MessageRow = {
    _id: args.messageId,
    conversationId: conversation._id,
    messageType: args.messageType,
    message: maskContacts(args.message),
    attachment: args.attachment ?? null,
    senderType: 'user',
    dateSent: at,
    date: at,
    day: dayStart(row.createdAt),
    isRead: true,
    isPending: status === 'pending',
    status,
    mutationId: row.mutationId,
    ...(row.error ? { error: row.error } : {}),
  };
  await view.put(messageKey(conversation._id, args.messageId), message);
}

export interface MaterializeResult {
  credits: number | null;
}

export interface BuiltView {
  view: MemoryStore;
  confirmed: MemoryStore;
  outbox: OutboxRow[];
  pending: OutboxRow[];
  notReplayable: OutboxRow[];
  profiles: Map<string, ProfileSummary>;
}

/** confirmed + pending, replayed with the shared mutators. Call inside a transaction over VIEW_TABLES. */
export async function buildView(db: LocalDatabase): Promise<BuiltView> {
  const kvRows = await db.kv.toArray();
  const confirmed = new MemoryStore(kvRows.map((row) => [row.key, row.value] as [string, unknown]));
  const outbox = await db.outbox.orderBy('mutationId').toArray();
  const pending = outbox.filter((row) => row.status === 'pending');

  const profileIds = [...new Set(outbox.filter((row) => row.name === 'sendMessage').map((row) => (row.args as SendArgs).profileId))];
  const profileRows = profileIds.length ? await db.profiles.bulkGet(profileIds) : [];
  const profiles = new Map<string, ProfileSummary>();
  profileIds.forEach((id, i) => {
    const summary = profileSummaryOf(profileRows[i] as Record<string, unknown> | undefined, id);
    if (summary) profiles.set(id, summary);
  });

  // Each pending write replays at its own time, so a queued message keeps its place and its date.
  const view = confirmed.clone();
  const notReplayable: OutboxRow[] = [];
  await outsideDexie(async () => {
    for (const row of pending) {
      try {
        await view.transact((tx) =>
          runMutation(tx, row, { side: 'client', now: row.createdAt, newId: () => crypto.randomUUID(), profileSummary: (id) => profiles.get(id) }),
        );
      } catch (err) {
        if (!(err instanceof MutationError)) throw err;
        if (row.name === 'sendMessage') notReplayable.push(row);
      }
    }
  });
  return { view, confirmed, outbox, pending, notReplayable, profiles };
}

/** Rebuilds the view tables. Call inside a Dexie rw transaction over VIEW_TABLES. */
export async function materialize(db: LocalDatabase): Promise<MaterializeResult> {
  const { view, confirmed, outbox, pending, notReplayable, profiles } = await buildView(db);
  const { conversations, messages } = await outsideDexie(() => viewRows(view, outbox, notReplayable, profiles));

  await db.conversations.clear();
  await db.conversations.bulkPut(conversations);
  await db.messages.clear();
  await db.messages.bulkPut(messages);

  const server = await confirmed.get<number>(CREDITS_KEY);
  const credits = server === undefined ? null : shownCredits(server, pending);
  await db.meta.put({ key: SHOWN_CREDITS_KEY, value: credits });
  return { credits };
}

/**
 * Runs in-memory work (the shared mutators over a MemoryStore: a long chain of plain promises) inside a Dexie
 * transaction without losing it: Dexie follows native awaits only for a few ticks, after which the next
 * table call would find its transaction committed (PrematureCommitError from the sixth pending message on).
 */
export function outsideDexie<T>(work: () => Promise<T>): Promise<T> {
  return Dexie.currentTransaction ? Dexie.waitFor(work()) : work();
}

async function viewRows(view: MemoryStore, outbox: OutboxRow[], notReplayable: OutboxRow[], profiles: Map<string, ProfileSummary>) {
  // A pending send that no longer replays (e.g. credits spent elsewhere) still shows: the server decides.
  for (const row of notReplayable) await overlaySend(view, row, 'pending', profiles);
  for (const row of outbox) if (row.status === 'failed' && row.name === 'sendMessage') await overlaySend(view, row, 'failed', profiles);

  const byMessageId = new Map(outbox.filter((row) => row.name === 'sendMessage').map((row) => [(row.args as SendArgs).messageId, row]));
  const messages: MessageRow[] = (await view.scan<MessageRecord & Partial<MessageRow>>(MESSAGE_PREFIX)).map(([, m]) => {
    const status: MessageStatus = m.status ?? (m.isPending ? 'pending' : 'sent');
    const row = status === 'sent' ? undefined : byMessageId.get(m._id);
    return { ...m, status, ...(row ? { mutationId: row.mutationId } : {}) };
  });

  const perConversation = new Map<string, MessageRow[]>();
  for (const m of messages) {
    const list = perConversation.get(m.conversationId) ?? [];
    list.push(m);
    perConversation.set(m.conversationId, list);
  }
  const conversations: ConversationRow[] = (await view.scan<ConversationRecord>(CONVERSATION_PREFIX)).map(([, c]) => {
    const list = (perConversation.get(c._id) ?? []).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const last = list.at(-1);
    const hasUserMessage = c.hasUserMessage || list.some((m) => m.senderType === 'user');
    return {
      ...c,
      hasUserMessage,
      type: conversationType({ archived: c.archived, messages: hasUserMessage ? [{ senderType: 'user' }] : [] }),
      sortDate: last?.date ?? c.lastMessageDate ?? c.createDate,
      lastMessage: last ? { message: last.message, messageType: last.messageType, senderType: last.senderType, date: last.date, status: last.status } : null,
      firstSender: list[0]?.senderType ?? null,
      lastSender: last?.senderType ?? null,
    };
  });
  return { conversations, messages };
}
