/**
 * docs/api.md#messaging: member and agent messaging payloads, and the records the member's mirror holds
 * (docs/product.md#data conversation, message and draft; docs/product.md#messaging conversation types and unread counts).
 */
import { z } from 'zod';
import { choiceParam, limitParam, optionalValueParam, pagingQuery } from './query.js';
import { text } from './text.js';
import { uuidSchema as uuid } from '../rules/ids.js';

export const MESSAGE_MAX_LENGTH = 2000;
/** docs/product.md#constants: messages per chunk. */
export const MESSAGES_PER_CHUNK = 6;
/** docs/product.md#credits: one credit per message. */
export const MESSAGE_COST = 1;

export const messageTypes = ['text', 'attachment'] as const;
export type MessageType = (typeof messageTypes)[number];
export const senderTypes = ['user', 'profile', 'admin', 'system'] as const;
export type SenderType = (typeof senderTypes)[number];


/** docs/api.md#endpoints member send payload (POST /conversation/{id} and /conversation/{id}/message). */
export const sendMessageBody = z.object({
  messageType: z.enum(messageTypes).default('text'),
  message: text().max(MESSAGE_MAX_LENGTH, `The message must contain at most ${MESSAGE_MAX_LENGTH} symbols`).default(''),
  attachment: uuid.nullish(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** GET /conversations for a member: which list and the page (staff send the lookup's query on the same path, agents.ts lookupQuery). */
export const conversationListQuery = pagingQuery(20).extend({
  type: choiceParam(['inbox', 'conversations', 'archive']),
});

/** GET /conversation/{id}: a chunk of messages, newest first, older than `before` (a message id). */
export const chunkQuery = z.object({
  before: optionalValueParam,
  limit: limitParam(MESSAGES_PER_CHUNK, 50),
});

/** An agent's reply (docs/api.md#agents): the newest message the agent loaded, and the admin flag. */
export const agentReplyBody = sendMessageBody.extend({
  lastMessageId: uuid.nullish(),
  admin: z.boolean().optional(),
});
export type AgentReplyBody = z.infer<typeof agentReplyBody>;

export const archiveBody = z.object({ archived: z.boolean({ error: 'archived must be true or false' }) });

/** docs/product.md#validation: sending empty text with no attachment does nothing. */
export function isEmptyMessage(input: { message?: string | null; attachment?: string | null }): boolean {
  return !input.attachment && (input.message ?? '').trim() === '';
}

/** docs/product.md#data `day`: the start of the message's day (UTC) as a ms timestamp; clients regroup by local day if they wish. */
export function dayStart(ms: number): number {
  return ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
}

/** docs/product.md#data message, as members (masked text) and staff (original) receive it. */
export const messageRecord = z.object({
  _id: text(),
  conversationId: text(),
  messageType: z.enum(messageTypes),
  message: text(),
  attachment: text().nullable(),
  senderType: z.enum(senderTypes),
  dateSent: text(),
  date: text(),
  day: z.number(),
  isRead: z.boolean(),
  isPending: z.boolean(),
});
export type MessageRecord = z.infer<typeof messageRecord>;

export const profileSummary = z.object({
  _id: text(),
  username: text(),
  /** The avatar's small variant URL. */
  avatar: text().nullable(),
});
export type ProfileSummary = z.infer<typeof profileSummary>;

/** A member's conversation as the mirror holds it; the list adds `type` and its last message. */
export const conversationRecord = z.object({
  _id: text(),
  profileId: text(),
  profile: profileSummary,
  archived: z.boolean(),
  /** Whether the member has written in it (docs/product.md#messaging conversation type). */
  hasUserMessage: z.boolean(),
  createDate: text(),
  updateDate: text(),
  lastMessageDate: text().nullable(),
  /** Messages from the profile the member has not read. */
  unread: z.number().int().min(0),
});
export type ConversationRecord = z.infer<typeof conversationRecord>;

/** docs/product.md#data unread counts: total, inbox, archive, conversation (the Conversations tab). */
export const unreadCounts = z.object({
  total: z.number().int().min(0),
  inbox: z.number().int().min(0),
  archive: z.number().int().min(0),
  conversation: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** docs/product.md#data draft message: kept on the device, per profile. */
export const draftRecord = z.object({ profileId: text(), message: text() });
export type DraftRecord = z.infer<typeof draftRecord>;
