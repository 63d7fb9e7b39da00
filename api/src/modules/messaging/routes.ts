import { Hono, type Context, type TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodType, z } from 'zod';
import { lookupQuery, type AgentConversation, type LookupQuery, type LookupRow } from '@sync/contract/agents';
import type { ListEnvelope } from '@sync/contract/errors';
import {
  MESSAGES_PER_CHUNK,
  agentReplyBody,
  archiveBody,
  chunkQuery,
  conversationListQuery,
  isEmptyMessage,
  sendMessageBody,
  type AgentReplyBody,
  type ConversationRecord,
  type MessageRecord,
} from '@sync/contract/messaging';
import { MutationError } from '@sync/engine/mutations';
import { ApiError } from '../../lib/errors.js';
import { idempotency, idempotentWrite, type IdempotencyEnv } from '../../lib/idempotency.js';
import { idParam } from '../../lib/params.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { pokeMember } from '../../realtime/publish.js';
import { conversationsPage, conversationForReader, unreadCountsOf } from './queries.js';
import { loadProfileInfo, toMemberConversation, toMessageRecord } from './serialize.js';
import { failureToApiError, markRead, messageChunk, sendMemberMessage, setArchived } from './service.js';


const anyone = requireAuth();
const member = requireAuth('user');

/** Runs a member mutator; business failures become their 4xx. */
async function asMember<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof MutationError) throw failureToApiError(err);
    throw err;
  }
}

/**
 * Staff read and answer conversations on the same URLs as members; their side is the agents module's, handed in
 * where the app is put together (app.ts), so messaging never imports agents.
 */
export interface StaffConversationRoutes {
  lookup(c: Context<IdempotencyEnv>, query: LookupQuery): Promise<JsonAnswer<ListEnvelope<LookupRow>>>;
  conversation(c: Context<IdempotencyEnv>, id: string, chunk: { limit: number; before?: string }): Promise<JsonAnswer<AgentConversation>>;
  reply(c: Context<IdempotencyEnv>, id: string, body: AgentReplyBody): Promise<JsonAnswer<{ message: MessageRecord; conversation: ConversationRecord }>>;
}

/**
 * A staff answer typed by its contract shape: messaging cannot name the agents module's own types, and AppType
 * (the web's typed client) needs both halves of a shared path.
 */
type JsonAnswer<T> = Response & TypedResponse<T, ContentfulStatusCode, 'json'>;

/**
 * A shared path's input: the member's schema or the staff's, chosen by who calls (after requireAuth), so AppType
 * carries both and the handler reads which one it got (`caller`) instead of deciding a second time.
 */
function byCaller<Member extends ZodType, Staff extends ZodType>(member: Member, staff: Staff) {
  const asMember = member.transform((value: z.output<Member>) => ({ caller: 'member' as const, value }));
  const asStaff = staff.transform((value: z.output<Staff>) => ({ caller: 'staff' as const, value }));
  return (c: Context<IdempotencyEnv>) => (c.get('auth').type === 'user' ? asMember : asStaff);
}

/** GET /conversations: a member's list, or staff's lookup (docs/product.md#data lookup filters). */
const conversationsInput = byCaller(conversationListQuery, lookupQuery);
/** POST /conversation/{id}/message: a member's message, or staff's reply (agents/reply.ts). */
const messageInput = byCaller(sendMessageBody, agentReplyBody);

/**
 * Member messaging (docs/api.md#endpoints, docs/api.md#messaging). Writes take an Idempotency-Key.
 *   GET   /api/conversations?type=&page=&limit=      member: { data: [conversation + lastMessage], total, page, limit }
 *   GET   /api/conversations/unread                  member: { total, inbox, archive, conversation }
 *   GET   /api/conversations?page=&limit=&sortBy=…   staff: the lookup (agents/lookup.ts), scope-limited
 *   GET   /api/conversation/:id?before=&limit=6      the conversation with a chunk of messages, newest first, and hasMore;
 *                                                    members their own (masked), staff in scope (original, agents/)
 *   POST  /api/conversation/:profileId               member: first message -> 201 conversation + messages + user.credits
 *   POST  /api/conversation/:id/message              member -> { message, user: { credits } }, 402 no-credits, 400 empty;
 *                                                    agent -> { message, conversation }, 409 new-messages (lastMessageId)
 *   PATCH /api/conversation/:id { archived }         member -> the conversation
 *   PATCH /api/conversation/:id/mark-read            member -> { conversation, unread }
 */
export const messagingRoutes = (staff: StaffConversationRoutes) =>
  new Hono<IdempotencyEnv>()
    .get('/conversations', anyone, validate('query', conversationsInput), async (c) => {
      const input = c.req.valid('query');
      // Staff: the lookup within the agent's scope.
      if (input.caller === 'staff') return staff.lookup(c, input.value);
      return c.json(await conversationsPage(c.get('deps').db, c.get('auth').id, input.value));
    })
    .get('/conversations/unread', member, async (c) => c.json(await unreadCountsOf(c.get('deps').db, c.get('auth').id)))
    .get('/conversation/:id', anyone, validate('query', chunkQuery), async (c) => {
      const q = c.req.valid('query');
      if (c.get('auth').type !== 'user') return staff.conversation(c, c.req.param('id'), q);
      return c.json(await conversationForReader(c.get('deps').db, c.req.param('id'), { userId: c.get('auth').id }, q.limit, q.before));
    })
    .post('/conversation/:profileId', member, idempotency(), validate('json', sendMessageBody), async (c) => {
      const body = c.req.valid('json');
      const profileId = idParam(c, 'profileId');
      if (isEmptyMessage(body)) throw new ApiError(400, 'empty-message', 'The message is empty');
      const userId = c.get('auth').id;
      const out = await idempotentWrite(c, 201, (tx) =>
        asMember(async () => {
          const sent = await sendMemberMessage(tx, userId, { ...body, conversationId: 'blank', profileId }, c.get('deps').clock.now());
          const { rows } = await messageChunk(tx, sent.conversation.id, MESSAGES_PER_CHUNK);
          const info = await loadProfileInfo(tx, [profileId]);
          return { ...toMemberConversation(sent.conversation, info.get(profileId), rows, 'member'), user: { _id: userId, credits: sent.credits } };
        }),
      );
      if (!out.replayed) await pokeMember(c.get('deps'), userId);
      return out.response;
    })
    .post('/conversation/:id/message', anyone, idempotency(), validate('json', messageInput), async (c) => {
      const id = c.req.param('id');
      const auth = c.get('auth');
      const input = c.req.valid('json');
      if (input.caller === 'member') {
        const body = input.value;
        if (isEmptyMessage(body)) throw new ApiError(400, 'empty-message', 'The message is empty');
        const out = await idempotentWrite(c, 200, (tx) =>
          asMember(async () => {
            const sent = await sendMemberMessage(tx, auth.id, { ...body, conversationId: id }, c.get('deps').clock.now());
            return { message: toMessageRecord(sent.message, 'member'), user: { credits: sent.credits } };
          }),
        );
        if (!out.replayed) await pokeMember(c.get('deps'), auth.id);
        return out.response;
      }
      return staff.reply(c, id, input.value);
    })
    .patch('/conversation/:id/mark-read', member, idempotency(), async (c) => {
      const userId = c.get('auth').id;
      const out = await idempotentWrite(c, 200, (tx) =>
        asMember(async () => {
          const row = await markRead(tx, userId, c.req.param('id'));
          const info = await loadProfileInfo(tx, [row.profileId]);
          return { conversation: toMemberConversation(row, info.get(row.profileId), [], 'member'), unread: await unreadCountsOf(tx, userId) };
        }),
      );
      if (!out.replayed) await pokeMember(c.get('deps'), userId);
      return out.response;
    })
    .patch('/conversation/:id', member, idempotency(), validate('json', archiveBody), async (c) => {
      const body = c.req.valid('json');
      const userId = c.get('auth').id;
      const out = await idempotentWrite(c, 200, (tx) =>
        asMember(async () => {
          const row = await setArchived(tx, userId, c.req.param('id'), body.archived, c.get('deps').clock.now());
          const info = await loadProfileInfo(tx, [row.profileId]);
          return toMemberConversation(row, info.get(row.profileId), [], 'member');
        }),
      );
      if (!out.replayed) await pokeMember(c.get('deps'), userId);
      return out.response;
    });
