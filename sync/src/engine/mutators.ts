/**
 * The member's writes, written once over the key-value interface. The client runs them optimistically on its
 * mirror (side 'client'); the in-memory server model runs them authoritatively (side 'server'). The SQL server
 * keeps its own transactions but follows the same rules from here (docs/decisions/0008-sync-engine.md).
 */
import { t } from '../texts.js';
import { maskContacts } from '../rules/mask.js';
import {
  MESSAGE_COST,
  dayStart,
  isEmptyMessage,
  type ConversationRecord,
  type DraftRecord,
  type MessageRecord,
  type ProfileSummary,
} from '../contract/messaging.js';
import { BLOCKED_KEY, CREDITS_KEY, CONVERSATION_PREFIX, conversationKey, draftKey, localConversationId, messageKey, messagePrefix, profileOfLocalId } from './keys.js';
import { MutationError, parseMutation, type Mutation, type MutationArgs, type SendMessageResult } from './mutations.js';
import type { WriteTx } from './store.js';

export interface MutatorContext {
  side: 'client' | 'server';
  /** ms timestamp */
  now: number;
  /** Ids of conversations the server creates (the client uses localConversationId instead). */
  newId(): string;
  /** What the device knows of a profile, for a conversation started from 'blank'. */
  profileSummary?(profileId: string): ProfileSummary | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function findConversationByProfile(tx: WriteTx, profileId: string): Promise<ConversationRecord | undefined> {
  const all = await tx.scan<ConversationRecord>(CONVERSATION_PREFIX);
  return all.map(([, c]) => c).find((c) => c.profileId === profileId);
}

/** A local id (a conversation started offline) means "the conversation with that profile", whatever its server id. */
async function requireConversation(tx: WriteTx, conversationId: string): Promise<ConversationRecord> {
  const profileId = profileOfLocalId(conversationId);
  const conversation = profileId
    ? await findConversationByProfile(tx, profileId)
    : await tx.get<ConversationRecord>(conversationKey(conversationId));
  if (!conversation) throw new MutationError('conversation-not-found', t('error.not-found'));
  return conversation;
}

export async function sendMessage(tx: WriteTx, args: MutationArgs<'sendMessage'>, ctx: MutatorContext): Promise<SendMessageResult> {
  if (isEmptyMessage(args)) return { skipped: 'empty' };
  const credits = (await tx.get<number>(CREDITS_KEY)) ?? 0;
  if (credits < MESSAGE_COST) throw new MutationError('no-credits', t('error.no-credits'));

  let conversation: ConversationRecord | undefined;
  if (args.conversationId === 'blank' || profileOfLocalId(args.conversationId)) {
    conversation = await findConversationByProfile(tx, args.profileId);
    conversation ??= {
      _id: ctx.side === 'client' ? localConversationId(args.profileId) : ctx.newId(),
      profileId: args.profileId,
      profile: ctx.profileSummary?.(args.profileId) ?? { _id: args.profileId, username: '', avatar: null },
      archived: false,
      hasUserMessage: false,
      createDate: iso(ctx.now),
      updateDate: iso(ctx.now),
      lastMessageDate: null,
      unread: 0,
    };
  } else {
    conversation = await requireConversation(tx, args.conversationId);
  }
  // A blocked profile is not written to, whichever device queued the send (docs/decisions/0034).
  if (((await tx.get<string[]>(BLOCKED_KEY)) ?? []).includes(conversation.profileId)) {
    throw new MutationError('profile-blocked', t('error.profile-blocked'));
  }
  const key = messageKey(conversation._id, args.messageId);
  if (await tx.get(key)) throw new MutationError('duplicate-message', 'This message was already sent');

  const message: MessageRecord = {
    _id: args.messageId,
    conversationId: conversation._id,
    messageType: args.messageType,
    // The mirror holds what the member is shown, and members are shown contacts masked (docs/api.md#messaging).
    message: maskContacts(args.message),
    attachment: args.attachment ?? null,
    senderType: 'user',
    dateSent: iso(ctx.now),
    date: iso(ctx.now),
    day: dayStart(ctx.now),
    isRead: true,
    isPending: ctx.side === 'client',
  };
  await tx.put(key, message);
  await tx.put(CREDITS_KEY, credits - MESSAGE_COST);
  await tx.put(conversationKey(conversation._id), {
    ...conversation,
    hasUserMessage: true,
    lastMessageDate: iso(ctx.now),
    updateDate: iso(ctx.now),
  } satisfies ConversationRecord);
  return { conversationId: conversation._id, messageId: args.messageId, credits: credits - MESSAGE_COST };
}

async function setArchived(tx: WriteTx, conversationId: string, archived: boolean, ctx: MutatorContext) {
  const conversation = await requireConversation(tx, conversationId);
  await tx.put(conversationKey(conversation._id), { ...conversation, archived, updateDate: iso(ctx.now) } satisfies ConversationRecord);
  return { conversationId: conversation._id, archived };
}

export async function markRead(tx: WriteTx, args: MutationArgs<'markRead'>) {
  const conversation = await requireConversation(tx, args.conversationId);
  for (const [key, m] of await tx.scan<MessageRecord>(messagePrefix(conversation._id))) {
    if (m.senderType !== 'user' && !m.isRead) await tx.put(key, { ...m, isRead: true });
  }
  if (conversation.unread !== 0) await tx.put(conversationKey(conversation._id), { ...conversation, unread: 0 });
  return { conversationId: conversation._id, unread: 0 };
}

export async function saveDraft(tx: WriteTx, args: MutationArgs<'saveDraft'>) {
  if (args.message === '') await tx.del(draftKey(args.profileId));
  else await tx.put(draftKey(args.profileId), { profileId: args.profileId, message: args.message } satisfies DraftRecord);
  return {};
}

export async function clearDraft(tx: WriteTx, args: MutationArgs<'clearDraft'>) {
  await tx.del(draftKey(args.profileId));
  return {};
}

/**
 * Runs one mutation by name. Throws MutationError for business failures and for unknown names or bad
 * arguments; callers run it inside a transaction (MemoryStore.transact, Dexie) so a failure writes nothing.
 */
export async function runMutation(tx: WriteTx, m: Pick<Mutation, 'name' | 'args'>, ctx: MutatorContext): Promise<unknown> {
  const parsed = parseMutation(m);
  switch (parsed.name) {
    case 'sendMessage':
      return sendMessage(tx, parsed.args, ctx);
    case 'archiveConversation':
      return setArchived(tx, parsed.args.conversationId, true, ctx);
    case 'restoreConversation':
      return setArchived(tx, parsed.args.conversationId, false, ctx);
    case 'markRead':
      return markRead(tx, parsed.args);
    case 'saveDraft':
      return saveDraft(tx, parsed.args);
    case 'clearDraft':
      return clearDraft(tx, parsed.args);
  }
}

/** How many credits a mutation takes up front (docs/product.md#messaging: 1 per message, given back if the server refuses). */
export function chargeOf(m: Pick<Mutation, 'name' | 'args'>): number {
  if (m.name !== 'sendMessage') return 0;
  try {
    const { args } = parseMutation(m) as { args: MutationArgs<'sendMessage'> };
    return isEmptyMessage(args) ? 0 : MESSAGE_COST;
  } catch {
    return 0;
  }
}
