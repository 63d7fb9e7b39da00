import type { Context } from 'hono';
import { isEmptyMessage, type AgentReplyBody } from '@sync/contract/messaging';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import { agentReply, type ReplyRows } from '../../db/functions/calls.js';
import type { ArgsOf } from '../../db/functions/typed-call.js';
import { fromJsonRow } from '../../db/rows.js';
import { businessFailure } from '../../db/raised.js';
import { conversations, messages } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { idempotentWrite, type IdempotencyEnv } from '../../lib/idempotency.js';
import type { AuthContext } from '../../context.js';
import { notifyClaimEnded, notifyClaimsEndedByReply } from './claim-ended.js';
import { publishBoardChange } from './supervisor-board.js';
import { publishReplyEvents } from '../messaging/reply-events.js';
import { profileInfoOf, toMemberConversation, toMessageRecord } from '../messaging/serialize.js';

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
 * loaded (`lastMessageId`). The reply releases the claim and takes the conversation out of its stock; once it
 * committed, the member gets newMessage and unreadMessageCount.
 *
 * One prepared call of agent_reply, its own transaction; with an Idempotency-Key, the same call inside the
 * key's transaction, so a retry answers the stored reply (and sends no event again).
 */
export async function replyAsAgent(c: Context<IdempotencyEnv>, id: string, body: AgentReplyBody) {
  const deps = c.get('deps');
  const now = deps.clock.now();
  const args = replyArgs(c.get('auth'), id, body, now);
  // Only an admin may reply to a conversation someone else holds: the holder is told their claim ended.
  const published = async (rows: ReplyRows) => {
    await publishReplyEvents(deps, rows);
    // The replier's own claim (if any) ended with the reply: their other tabs drop it from their lists (not waited for).
    void notifyClaimEnded(deps, c.get('auth').id, id, 'replied');
    const ended = c.get('auth').role === 'admin' ? await notifyClaimsEndedByReply(deps, id, c.get('auth').id, now) : [];
    // The replier's claim ended as replied (and the holder's, for an admin's reply): the board shows it at once.
    void publishBoardChange(deps, [c.get('auth').id, ...ended], 'reply');
  };
  if (!c.get('idempotency')) {
    const rows = await called(() => agentReply.call(deps.database, args));
    await published(rows);
    return c.json(answer(rows));
  }
  let committed: ReplyRows | undefined;
  const out = await idempotentWrite(c, 200, async (tx) => {
    committed = await called(() => agentReply.callIn(tx, args));
    return answer(committed);
  });
  if (!out.replayed && committed) await published(committed);
  return out.response;
}

/** agent_reply's arguments; what the API can refuse without the database, refused here. */
function replyArgs(auth: AuthContext, conversationId: string, body: AgentReplyBody, now: Date): ArgsOf<typeof agentReply.args> {
  if (!isUuid(conversationId)) throw replyRefusals['not-found']!();
  if (body.admin && auth.role !== 'admin') throw new ApiError(403, 'forbidden', t('error.forbidden'));
  if (isEmptyMessage(body)) throw new ApiError(400, 'empty-message', 'The message is empty');
  if (body.attachment && !isUuid(body.attachment)) throw replyRefusals['attachment-not-found']!();
  return {
    p_agent: auth.id,
    p_is_admin: auth.role === 'admin',
    p_as_admin: !!body.admin,
    p_conversation: conversationId,
    p_type: body.messageType,
    p_message: body.message,
    p_attachment: body.attachment ?? null,
    p_last_message: isUuid(body.lastMessageId) ? body.lastMessageId : null,
    p_now: now,
  };
}

/** agent_reply's rows; the database's refusals as their 4xx. */
async function called(call: () => Promise<ReplyRows>): Promise<ReplyRows> {
  try {
    return await call();
  } catch (err) {
    const refusal = replyRefusals[businessFailure(err) ?? ''];
    throw refusal ? refusal() : err;
  }
}

/** `{ message, conversation }` as staff see them. */
function answer(rows: ReplyRows) {
  const message = toMessageRecord(fromJsonRow(messages, rows.message), 'staff');
  const conversation = toMemberConversation(fromJsonRow(conversations, rows.conversation), profileInfoOf(rows.profile), [], 'staff');
  return { message, conversation };
}
