import type { Context } from 'hono';
import { agentReplyBody, isEmptyMessage, type AgentReplyBody } from '@sync/contract/messaging';
import { t } from '@sync/texts';
import { DbFunction } from '../../db/functions.js';
import { fromJsonRow } from '../../db/rows.js';
import { businessFailure } from '../../db/raised.js';
import { conversations, messages } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { idempotentWrite, type IdempotencyEnv } from '../../lib/idempotency.js';
import type { AuthContext } from '../../context.js';
import type { BuiltNotify } from '../../realtime/hub.js';
import { parseWith } from '../auth/request.js';
import { AGENT_REPLY_EVENTS, memberPreview } from './reply-events.js';
import { profileInfoOf, toMemberConversation, toMessageRecord, type ProfileInfoRow } from './serialize.js';
import { isUuid } from './service.js';

/** What agent_reply answers (api/drizzle/0011_claim_and_reply_one_statement_each.sql): raw rows. */
interface ReplyRows {
  message: Record<string, unknown>;
  conversation: Record<string, unknown>;
  profile: ProfileInfoRow;
}

const AGENT_REPLY = new DbFunction<ReplyRows>('agent_reply', [
  'uuid', 'boolean', 'boolean', 'uuid', 'message_type', 'text', 'uuid', 'uuid', 'timestamptz', 'text', 'text', 'text', 'boolean',
]);

const replyRefusals: Record<string, () => ApiError> = {
  'not-found': () => new ApiError(404, 'not-found', t('error.not-found')),
  'claim-required': () => new ApiError(403, 'claim-required', 'Claim this conversation before replying; your claim may have expired.'),
  'new-messages': () => new ApiError(409, 'new-messages', t('error.new-messages')),
  'attachment-not-found': () => new ApiError(400, 'attachment-not-found', 'The attachment was not found'),
};

/**
 * An agent's or admin's reply (staff POST /conversation/:id/message, POST /stock/:id/reply) as the fictive
 * profile, or as admin with `admin: true`: only the agent holding the live claim may reply (an admin always
 * may), else 403 claim-required; 409 new-messages when the member wrote after the newest message the agent
 * loaded (`lastMessageId`). The reply releases the claim, takes the conversation out of its stock and queues
 * the member's newMessage and unreadMessageCount, which leave at its commit.
 *
 * One prepared call of agent_reply, its own transaction; with an Idempotency-Key, the same call inside the
 * key's transaction, so a retry answers the stored reply.
 */
export async function replyAsAgent(c: Context<IdempotencyEnv>, id: string, raw: unknown): Promise<Response> {
  const deps = c.var.deps;
  const values = replyValues(c.var.auth, id, parseWith(agentReplyBody, raw), deps.clock.now(), deps.realtime.notifyFor(AGENT_REPLY_EVENTS));
  if (!c.var.idempotency) return c.json(await answer(() => AGENT_REPLY.call(deps.database, values)));
  const out = await idempotentWrite(c, 200, (tx) => answer(() => AGENT_REPLY.callIn(tx, values)));
  return out.response;
}

/** The call's arguments, in agent_reply's order; what the API can refuse without the database, refused here. */
function replyValues(auth: AuthContext, conversationId: string, body: AgentReplyBody, now: Date, notify: BuiltNotify): unknown[] {
  if (!isUuid(conversationId)) throw replyRefusals['not-found']!();
  if (body.admin && auth.role !== 'admin') throw new ApiError(403, 'forbidden', t('error.forbidden'));
  if (isEmptyMessage(body)) throw new ApiError(400, 'empty-message', 'The message is empty');
  if (body.attachment && !isUuid(body.attachment)) throw replyRefusals['attachment-not-found']!();
  const preview = memberPreview(body.message);
  return [
    auth.id, auth.role === 'admin', !!body.admin, conversationId, body.messageType, body.message, body.attachment ?? null,
    isUuid(body.lastMessageId) ? body.lastMessageId : null, now.toISOString(), notify.channel, notify.build, preview.text, preview.partial,
  ];
}

/** `{ message, conversation }` as staff see them; the database's refusals as their 4xx. */
async function answer(call: () => Promise<ReplyRows>) {
  let rows: ReplyRows;
  try {
    rows = await call();
  } catch (err) {
    const refusal = replyRefusals[businessFailure(err) ?? ''];
    throw refusal ? refusal() : err;
  }
  const message = toMessageRecord(fromJsonRow(messages, rows.message), 'staff');
  const conversation = toMemberConversation(fromJsonRow(conversations, rows.conversation), profileInfoOf(rows.profile), [], 'staff');
  return { message, conversation };
}
