import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { MESSAGE_COST, isEmptyMessage, type MessageType } from '@sync/contract/messaging';
import { profileOfLocalId } from '@sync/engine/keys';
import { MutationError } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { fromJsonRow, rowsOf } from '../../db/rows.js';
import { agentClaims, conversations, images, messages, profiles, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { NoCreditsError, creditChangeCtes, debitRefused } from '../credits/ledger.js';
import { memberPays } from '../agents/paying.js';
import { ageVerifiedSql } from '../verification/age-requirement.js';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string | null | undefined): v is string => !!v && UUID.test(v);

/** Takes the member's sync space lock first, so member sends and agent replies never deadlock. */
export async function lockSpace(tx: Executor, userId: string) {
  await tx.execute(sql`select sync_bump_space(${userId}::uuid)`);
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
  if (!isUuid(conversationId)) throw new MutationError('conversation-not-found', t('error.not-found'));
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  if (!row) throw new MutationError('conversation-not-found', t('error.not-found'));
  return row;
}

/** A member's message: one credit, the message, the ledger row, the conversation (from 'blank' if need be), the stock. */
export async function sendMemberMessage(tx: Executor, userId: string, input: SendInput, now: Date, origin?: SendOrigin): Promise<SendOutcome> {
  if (isEmptyMessage(input)) throw new MutationError('invalid-mutation', 'Nothing to send');
  const localProfile = profileOfLocalId(input.conversationId);
  const byId = input.conversationId !== 'blank' && !localProfile;
  // The space lock, the age gate and (by id) the conversation's ownership in one round trip.
  const [gate] = rowsOf<{ verified: boolean; found: boolean }>(
    await tx.execute(sql`select sync_bump_space(${userId}::uuid) is not null as locked,
      ${ageVerifiedSql(sql`${userId}::uuid`)} as verified,
      ${byId && isUuid(input.conversationId) ? sql`exists (select 1 from ${conversations} where id = ${input.conversationId}::uuid and user_id = ${userId}::uuid)` : sql`false`} as found`),
  );
  if (!gate!.verified) throw new MutationError('age-verification-required', t('age-verification.required'));

  let conversation: Pick<ConversationRow, 'id'> | undefined;
  let created = false;
  if (byId) {
    if (!gate!.found) throw new MutationError('conversation-not-found', t('error.not-found'));
    conversation = { id: input.conversationId };
  } else {
    const profileId = input.profileId ?? localProfile;
    if (!isUuid(profileId)) throw new MutationError('profile-not-found', t('error.not-found'));
    const [target] = await tx
      .select({ id: profiles.id, brandId: profiles.brandId })
      .from(profiles)
      .innerJoin(users, eq(users.id, userId))
      .where(and(eq(profiles.id, profileId), eq(profiles.kind, 'fictive'), eq(profiles.active, true), eq(profiles.brandId, users.brandId)));
    if (!target) throw new MutationError('profile-not-found', t('error.not-found'));
    const [existing] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.userId, userId), eq(conversations.profileId, profileId)));
    if (existing) conversation = existing;
    else {
      const [inserted] = await tx
        .insert(conversations)
        .values({ brandId: target.brandId, userId, profileId, createDate: now, updateDate: now })
        .onConflictDoNothing()
        .returning();
      created = !!inserted;
      conversation =
        inserted ?? (await tx.select().from(conversations).where(and(eq(conversations.userId, userId), eq(conversations.profileId, profileId))))[0];
    }
    if (!conversation) throw new MutationError('conversation-not-found', t('error.not-found'));
  }

  if (input.attachment) {
    const [own] = await tx
      .select({ id: images.id })
      .from(images)
      .innerJoin(profiles, eq(profiles.id, images.profileId))
      .where(and(eq(images.id, input.attachment), eq(profiles.userId, userId)));
    if (!own) throw new MutationError('attachment-not-found', 'The attachment was not found');
  }

  const messageId = input.messageId ?? randomUUID();
  // One statement: the credit and its ledger row, the message (only if the credit was taken), the conversation
  // and its stock (only if the message went in). A duplicate message id rolls the whole transaction back.
  const [out] = rowsOf<{ credits: number | null; message: Record<string, unknown> | null; conversation: Record<string, unknown> | null }>(
    await tx.execute(sql`
      with ${creditChangeCtes(userId, -MESSAGE_COST, 'message', { messageId, now })},
      sent as (
        insert into ${messages} (id, conversation_id, sender_type, message_type, message, attachment_id, is_read, client_id, mutation_id, date_sent)
        -- The member's own messages are read by definition; is_read tracks what the member has not seen.
        select ${messageId}::uuid, ${conversation.id}::uuid, 'user'::sender_type, ${input.messageType}::message_type, ${input.message}::text,
               ${input.attachment ?? null}::uuid, true, ${origin?.clientId ?? null}::text, ${origin?.mutationId ?? null}::int, ${now.toISOString()}::timestamptz
        from changed
        on conflict do nothing
        returning *
      ),
      touched as (
        update ${conversations} set has_user_message = true, last_message_date = ${now.toISOString()}::timestamptz,
          last_user_message_date = ${now.toISOString()}::timestamptz, update_date = ${now.toISOString()}::timestamptz,
          -- The agents' message stock (issue D): a member's message waits there for a reply, oldest first.
          stock_date = case when stock = 'message' and stock_date is not null then stock_date else ${now.toISOString()}::timestamptz end,
          stock = 'message', stock_paying = ${memberPays}
        where id = ${conversation.id}::uuid and exists (select 1 from sent)
        returning *
      )
      select (select credits from changed) as credits, (select row_to_json(sent) from sent) as message,
             (select row_to_json(touched) from touched) as conversation`),
  );
  if (out!.credits === null) {
    const refused = await debitRefused(tx, userId);
    if (refused instanceof NoCreditsError) throw new MutationError('no-credits', t('error.no-credits'));
    throw refused;
  }
  if (!out!.message || !out!.conversation) throw new MutationError('duplicate-message', 'This message was already sent');
  const credits = out!.credits;
  const message = fromJsonRow(messages, out!.message);
  const updated = fromJsonRow(conversations, out!.conversation);
  return { conversation: updated, message, credits, created };
}

export async function setArchived(tx: Executor, userId: string, conversationId: string, archived: boolean, now: Date): Promise<ConversationRow> {
  const resolved = await resolveMemberConversation(tx, userId, conversationId);
  await lockSpace(tx, userId);
  const [row] = await tx
    .update(conversations)
    .set({ archived, updateDate: now })
    .where(and(eq(conversations.id, resolved.id), eq(conversations.userId, userId)))
    .returning();
  if (!row) throw new MutationError('conversation-not-found', t('error.not-found'));
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
  if (!isUuid(profileId)) throw new MutationError('conversation-not-found', t('error.not-found'));
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.profileId, profileId)));
  if (!row) throw new MutationError('conversation-not-found', t('error.not-found'));
  return row;
}

export interface AgentReplyInput {
  messageType: MessageType;
  message: string;
  attachment?: string | null;
  lastMessageId?: string | null;
  admin?: boolean;
}

export interface AgentReplyOutcome {
  conversation: ConversationRow;
  message: MessageRow;
}

/**
 * A reply as the fictive profile (or as admin). Only the agent holding the live claim may reply (an admin
 * always may): otherwise 403 claim-required. Refused with 409 new-messages when the member wrote after the
 * newest message the agent loaded. The reply releases the claim and takes the conversation out of its stock.
 */
export async function agentReply(
  tx: Executor,
  agent: { id: string; role?: 'agent' | 'admin' },
  conversationId: string,
  input: AgentReplyInput,
  now: Date,
): Promise<AgentReplyOutcome> {
  if (!isUuid(conversationId)) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (input.admin && agent.role !== 'admin') throw new ApiError(403, 'forbidden', t('error.forbidden'));
  if (isEmptyMessage(input)) throw new ApiError(400, 'empty-message', 'The message is empty');
  // The member's space lock taken by the read that finds the member (one round trip).
  const [found] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select sync_bump_space(user_id) is not null as locked from ${conversations} where id = ${conversationId}::uuid`),
  );
  if (!found) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
  if (!conversation) throw new ApiError(404, 'not-found', t('error.not-found'));
  const claimLive = !!conversation.claimAgentId && !!conversation.claimExpiryDate && conversation.claimExpiryDate > now;
  if (agent.role !== 'admin' && !(claimLive && conversation.claimAgentId === agent.id)) {
    throw new ApiError(403, 'claim-required', 'Claim this conversation before replying; your claim may have expired.');
  }

  // A member's message after the newest one the agent loaded (none loaded, or not of this conversation: any).
  const loadedSeq = isUuid(input.lastMessageId)
    ? sql`coalesce((select seq from ${messages} where id = ${input.lastMessageId}::uuid and conversation_id = ${conversationId}::uuid), 0)`
    : sql`0`;
  const [newer] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, 'user'), gt(messages.seq, loadedSeq)))
    .limit(1);
  if (newer) throw new ApiError(409, 'new-messages', t('error.new-messages'));

  if (input.attachment) {
    const [own] = await tx
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, input.attachment), eq(images.profileId, conversation.profileId)));
    if (!own) throw new ApiError(400, 'attachment-not-found', 'The attachment was not found');
  }

  // The message, the conversation out of its stock with the claim released, and the claim history (admin
  // report: the replier's claim ends as replied, any other open one as released) in one statement.
  const at = now.toISOString();
  const [out] = rowsOf<{ message: Record<string, unknown>; conversation: Record<string, unknown> }>(
    await tx.execute(sql`
      with sent as (
        insert into ${messages} (conversation_id, sender_type, agent_id, message_type, message, attachment_id, date_sent)
        values (${conversationId}::uuid, ${input.admin ? 'admin' : 'profile'}::sender_type, ${agent.id}::uuid, ${input.messageType}::message_type,
                ${input.message}::text, ${input.attachment ?? null}::uuid, ${at}::timestamptz)
        returning *
      ),
      touched as (
        update ${conversations} set unread_by_user = unread_by_user + 1, last_message_date = ${at}::timestamptz,
          last_profile_message_date = ${at}::timestamptz, update_date = ${at}::timestamptz, stock = null, stock_date = null,
          last_agent_id = ${agent.id}::uuid, claim_agent_id = null, claim_date = null, claim_expiry_date = null
        where id = ${conversationId}::uuid
        returning *
      ),
      ended as (
        update ${agentClaims} set end_date = ${at}::timestamptz,
          outcome = case when agent_id = ${agent.id}::uuid then 'replied'::claim_outcome else 'released'::claim_outcome end
        where conversation_id = ${conversationId}::uuid and end_date is null
      )
      select (select row_to_json(sent) from sent) as message, (select row_to_json(touched) from touched) as conversation`),
  );
  const message = fromJsonRow(messages, out!.message);
  const updated = fromJsonRow(conversations, out!.conversation);
  return { conversation: updated, message };
}

/** Messages of a conversation, newest first, `limit` of them before the given message (SPEC §9 chunks of 6). */
export async function messageChunk(exec: Executor, conversationId: string, limit: number, before?: string): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  let beforeSeq: number | undefined;
  if (before !== undefined) {
    if (!isUuid(before)) throw new ApiError(400, 'invalid-query', 'before must be a message id');
    const [row] = await exec
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.id, before), eq(messages.conversationId, conversationId)));
    if (!row) throw new ApiError(400, 'invalid-query', 'before must be a message of this conversation');
    beforeSeq = row.seq;
  }
  const rows = await exec
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), beforeSeq === undefined ? undefined : sql`${messages.seq} < ${beforeSeq}`))
    .orderBy(desc(messages.seq))
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
  }
}
