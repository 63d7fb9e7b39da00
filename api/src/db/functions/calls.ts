import { z } from 'zod';
import { unreadCounts } from '@sync/contract/messaging';
import { pushResult } from '@sync/engine/mutations';
import { DbFunction } from './typed-call.js';

/**
 * Every database function TypeScript calls, declared once: its arguments by name with their SQL types (as its
 * file in this folder takes them; functions.test.ts holds the two alike) and the schema of its answer.
 */

/**
 * A raw row (`row_to_json`): checked to be an object only, since fromJsonRow maps it column by column. On the
 * claim's hot path a z.record check of every key cost 185 µs per answer, this one 11.
 */
const jsonRow = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'a row');

/** What staff_conversation_view answers: raw rows (the member and both profiles only the columns staff see). */
export const staffViewRows = z.object({
  messages: z.array(jsonRow),
  user: jsonRow.nullable(),
  memberProfile: jsonRow.nullable(),
  profile: jsonRow.nullable(),
  notes: z.array(jsonRow),
  meets: z.array(jsonRow),
  photos: z.array(jsonRow),
});
export type StaffViewRows = z.infer<typeof staffViewRows>;

export const staffConversationView = new DbFunction(
  'staff_conversation_view',
  { p_conversation: 'uuid', p_user: 'uuid', p_profile: 'uuid', p_limit: 'int', p_before: 'uuid?' },
  staffViewRows,
);

export const agentClaim = new DbFunction(
  'agent_claim',
  { p_agent: 'uuid', p_now: 'timestamptz', p_expiry: 'timestamptz', p_limit: 'int' },
  z.union([
    z.object({ refused: z.enum(['unauthorized', 'session-not-started', 'claim-limit']), maxClaims: z.number().optional() }),
    z.object({ empty: z.literal(true) }),
    z.object({ conversation: jsonRow, domain: z.string(), view: staffViewRows }),
  ]),
);

/** A profile's id, username and first gallery image (a raw images row), as the member's lists show it. */
export const profileInfoRow = z.object({ id: z.string(), username: z.string(), first: jsonRow.nullable() });

/** What agent_reply answers: raw rows for the agent's answer and the member's live events. */
export const replyRows = z.object({ message: jsonRow, conversation: jsonRow, profile: profileInfoRow, unread: unreadCounts });
export type ReplyRows = z.infer<typeof replyRows>;

export const agentReply = new DbFunction(
  'agent_reply',
  {
    p_agent: 'uuid',
    p_is_admin: 'boolean',
    p_as_admin: 'boolean',
    p_conversation: 'uuid',
    p_type: 'message_type',
    p_message: 'text',
    p_attachment: 'uuid?',
    p_last_message: 'uuid?',
    p_now: 'timestamptz',
  },
  replyRows,
);

/** The member's message: `p_conversation` by id, or else the conversation with `p_profile` (created on the first send). */
export const sendMemberMessage = new DbFunction(
  'send_member_message',
  {
    uid: 'uuid',
    p_conversation: 'uuid?',
    p_profile: 'uuid?',
    p_message_id: 'uuid',
    p_type: 'message_type',
    p_message: 'text',
    p_attachment: 'uuid?',
    p_client_id: 'text?',
    p_mutation_id: 'int?',
    p_cost: 'int',
    p_now: 'timestamptz',
  },
  z.object({ credits: z.number(), created: z.boolean(), message: jsonRow, conversation: jsonRow }),
);

/** The balance after the change; null (nothing changed) when it would go below 0 or the member does not exist. */
export const creditChange = new DbFunction(
  'credit_change',
  {
    uid: 'uuid',
    delta: 'int',
    reason: 'credit_reason',
    message_id: 'uuid?',
    transaction_id: 'uuid?',
    note: 'text?',
    at: 'timestamptz?',
  },
  z.number().nullable(),
);

/** Whether the member may act under the age gate (docs/product.md#data), which send_member_message asks too. */
export const memberAgeVerified = new DbFunction('member_age_verified', { uid: 'uuid' }, z.boolean());

export const memberUnreadCounts = new DbFunction('member_unread_counts', { uid: 'uuid' }, unreadCounts);

/** The member's sync version this transaction writes under (a bigint: a number on PostgreSQL, maybe not elsewhere). */
export const syncBumpSpace = new DbFunction('sync_bump_space', { uid: 'uuid' }, z.coerce.number());

export const syncPushBatch = new DbFunction(
  'sync_push_batch',
  { uid: 'uuid', p_client_id: 'text', p_ops: 'jsonb', p_texts: 'jsonb', p_cost: 'int', p_now: 'timestamptz' },
  z.object({ results: z.array(pushResult), last: z.number().int(), applied: z.number().int() }),
);

export const syncPushBegin = new DbFunction(
  'sync_push_begin',
  { p_client_id: 'text', uid: 'uuid', p_mutation_id: 'int', p_now: 'timestamptz' },
  z.union([
    z.object({ kind: z.enum(['next', 'future']), last: z.number().int() }),
    z.object({ kind: z.literal('recorded'), last: z.number().int(), answer: pushResult }),
  ]),
);

/** Returns void, which the drivers answer as an empty string. */
export const syncPushRecord = new DbFunction(
  'sync_push_record',
  { p_client_id: 'text', p_mutation_id: 'int', p_name: 'text', p_result: 'jsonb?', p_error: 'jsonb?', p_now: 'timestamptz' },
  z.unknown(),
);

/** Every declaration above, for the test that holds them alike to the database's signatures. */
export const declaredCalls = [
  staffConversationView,
  agentClaim,
  agentReply,
  sendMemberMessage,
  creditChange,
  memberAgeVerified,
  memberUnreadCounts,
  syncBumpSpace,
  syncPushBatch,
  syncPushBegin,
  syncPushRecord,
];
