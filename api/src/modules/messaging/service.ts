import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_COST, isEmptyMessage, type MessageType } from '@sync/contract/messaging';
import { profileOfLocalId } from '@sync/engine/keys';
import { MutationError, type MutationErrorCode } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { Executor } from '../../db/client.js';
import { sendMemberMessage as sendMemberMessageCall, syncBumpSpace } from '../../db/functions/calls.js';
import { fromJsonRow } from '../../db/rows.js';
import { businessFailure } from '../../db/raised.js';
import { conversations, messages } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import type { ConversationRow, MessageRow } from './serialize.js';

/**
 * The server's mutators in SQL. The rules are the shared ones (sync/src/engine/mutators.ts: empty text is a
 * no-op, one credit per message, blank conversations created on first send, masking on the way out), but
 * the writes are conditional UPDATEs, upserts and unique keys rather than a key-value replay, so concurrent
 * requests stay correct (docs/decisions/0008-sync-engine.md). Business failures throw MutationError; the
 * push records them, the REST routes turn them into 4xx (see failureToApiError).
 *
 * Lock order in every write transaction: sync_clients row, the member's sync space, users, conversations.
 */

/** Takes the member's sync space lock first, so member sends and agent replies never deadlock. */
export async function lockSpace(tx: Executor, userId: string) {
  await syncBumpSpace.callIn(tx, { uid: userId });
}

export interface SendInput {
  conversationId: string;
  profileId?: string | null;
  messageId?: string;
  messageType: MessageType;
  message: string;
  attachment?: string | null;
}

export interface SendOrigin {
  clientId: string;
  mutationId: number;
}

export interface SendOutcome {
  conversation: ConversationRow;
  message: MessageRow;
  credits: number;
  /** The conversation did not exist before this send. */
  created: boolean;
}

async function memberConversation(tx: Executor, userId: string, conversationId: string): Promise<ConversationRow> {
  if (!isUuid(conversationId)) throw mutationFailure('conversation-not-found');
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  if (!row) throw mutationFailure('conversation-not-found');
  return row;
}

/** What the member is told for each business failure of a send. */
const failureTexts: Partial<Record<MutationErrorCode, () => string>> = {
  'no-credits': () => t('error.no-credits'),
  'conversation-not-found': () => t('error.not-found'),
  'profile-not-found': () => t('error.not-found'),
  'age-verification-required': () => t('age-verification.required'),
  'attachment-not-found': () => 'The attachment was not found',
  'duplicate-message': () => 'This message was already sent',
  'profile-blocked': () => t('error.profile-blocked'),
};

/** Each failure code a send can raise, with the member's text for it (a batched push records them in SQL). */
export function sendFailureTexts(): Record<string, string> {
  return Object.fromEntries(Object.entries(failureTexts).map(([code, text]) => [code, text()]));
}

function mutationFailure(code: MutationErrorCode): MutationError {
  const text = failureTexts[code];
  return new MutationError(code, text ? text() : code);
}

/** Where a send goes: a conversation by id, or the conversation with a profile (created on the first send). */
export interface SendTarget {
  conversationId: string | null;
  profileId: string | null;
}

/** The checks a send's input passes before it reaches the database (either failure is the member's, not a crash). */
export function sendTarget(input: SendInput): SendTarget {
  if (isEmptyMessage(input)) throw new MutationError('invalid-mutation', 'Nothing to send');
  if (input.attachment && !isUuid(input.attachment)) throw mutationFailure('attachment-not-found');
  const localProfile = profileOfLocalId(input.conversationId);
  if (input.conversationId !== 'blank' && !localProfile) {
    if (!isUuid(input.conversationId)) throw mutationFailure('conversation-not-found');
    return { conversationId: input.conversationId, profileId: null };
  }
  const profileId = input.profileId ?? localProfile;
  if (!isUuid(profileId)) throw mutationFailure('profile-not-found');
  return { conversationId: null, profileId };
}

/** A business failure the database function raised (SQLSTATE DM001), as the MutationError it stands for. */
function raisedFailure(err: unknown): MutationError | undefined {
  const failure = businessFailure(err);
  if (failure === undefined) return undefined;
  const code = failure as MutationErrorCode;
  return failureTexts[code] ? mutationFailure(code) : new MutationError('invalid-mutation', failure);
}

/**
 * A member's message: one credit, the message, the ledger row, the conversation (from 'blank' if need be), the
 * stock. send_member_message (api/src/db/functions/send_member_message.sql) holds the rules: the age gate, the
 * conversation, the attachment's owner, the credit.
 */
export async function sendMemberMessage(tx: Executor, userId: string, input: SendInput, now: Date, origin?: SendOrigin): Promise<SendOutcome> {
  const target = sendTarget(input);
  const messageId = input.messageId ?? randomUUID();
  let out;
  try {
    out = await sendMemberMessageCall.callIn(tx, {
      uid: userId,
      p_conversation: target.conversationId,
      p_profile: target.profileId,
      p_message_id: messageId,
      p_type: input.messageType,
      p_message: input.message,
      p_attachment: input.attachment ?? null,
      p_client_id: origin?.clientId ?? null,
      p_mutation_id: origin?.mutationId ?? null,
      p_cost: MESSAGE_COST,
      p_now: now,
    });
  } catch (err) {
    throw raisedFailure(err) ?? err;
  }
  return {
    conversation: fromJsonRow(conversations, out.conversation),
    message: fromJsonRow(messages, out.message),
    credits: out.credits,
    created: out.created,
  };
}

export async function setArchived(tx: Executor, userId: string, conversationId: string, archived: boolean, now: Date): Promise<ConversationRow> {
  const resolved = await resolveMemberConversation(tx, userId, conversationId);
  await lockSpace(tx, userId);
  const [row] = await tx
    .update(conversations)
    .set({ archived, updateDate: now })
    .where(and(eq(conversations.id, resolved.id), eq(conversations.userId, userId)))
    .returning();
  if (!row) throw mutationFailure('conversation-not-found');
  return row;
}

export async function markRead(tx: Executor, userId: string, conversationId: string): Promise<ConversationRow> {
  const resolved = await resolveMemberConversation(tx, userId, conversationId);
  await lockSpace(tx, userId);
  await tx
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.conversationId, resolved.id), ne(messages.senderType, 'user'), eq(messages.isRead, false)));
  const [row] = await tx.update(conversations).set({ unreadByUser: 0 }).where(eq(conversations.id, resolved.id)).returning();
  return row!;
}

/** By id, or by a local id ("the conversation with that profile") from a device that started it offline. */
async function resolveMemberConversation(tx: Executor, userId: string, conversationId: string): Promise<ConversationRow> {
  const profileId = profileOfLocalId(conversationId);
  if (profileId === undefined) return memberConversation(tx, userId, conversationId);
  if (!isUuid(profileId)) throw mutationFailure('conversation-not-found');
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.profileId, profileId)));
  if (!row) throw mutationFailure('conversation-not-found');
  return row;
}

/** 400 for a `before` (the chunk's paging cursor) that is no message id, or no message of the conversation. */
export function invalidBefore(reason: 'not-an-id' | 'not-in-conversation'): ApiError {
  return new ApiError(400, 'invalid-query', reason === 'not-an-id' ? 'before must be a message id' : 'before must be a message of this conversation');
}

/**
 * Messages of a conversation, newest first, `limit` of them strictly older than the given message (docs/product.md#constants chunks
 * of 6; a device's scroll-back below its history window). Ordered as devices order them, by date then id
 * (sync/src/engine/window.ts), so the chunk before a device's oldest message is exactly what it lacks.
 */
export async function messageChunk(exec: Executor, conversationId: string, limit: number, before?: string): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  let older: SQL | undefined;
  if (before !== undefined) {
    if (!isUuid(before)) throw invalidBefore('not-an-id');
    const [row] = await exec
      .select({ dateSent: messages.dateSent })
      .from(messages)
      .where(and(eq(messages.id, before), eq(messages.conversationId, conversationId)));
    if (!row) throw invalidBefore('not-in-conversation');
    older = sql`(${messages.dateSent}, ${messages.id}) < (${row.dateSent.toISOString()}::timestamptz, ${before}::uuid)`;
  }
  const rows = await exec
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), older))
    .orderBy(desc(messages.dateSent), desc(messages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** 4xx for each business failure when a REST call runs a mutator. */
export function failureToApiError(err: MutationError): ApiError {
  switch (err.code) {
    case 'no-credits':
      return new ApiError(402, 'no-credits', t('error.no-credits'));
    case 'conversation-not-found':
    case 'profile-not-found':
      return new ApiError(404, 'not-found', t('error.not-found'));
    case 'duplicate-message':
      return new ApiError(409, 'duplicate-message', err.message);
    case 'attachment-not-found':
      return new ApiError(400, 'attachment-not-found', err.message);
    case 'invalid-mutation':
      return new ApiError(400, 'invalid-json', err.message);
    case 'age-verification-required':
      return new ApiError(403, 'age-verification-required', err.message);
    case 'profile-blocked':
      return new ApiError(403, 'profile-blocked', t('error.profile-blocked'));
  }
}
