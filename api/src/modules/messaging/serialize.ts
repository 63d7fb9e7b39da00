import type { Image } from '@sync/contract/entities';
import { dayStart, type ConversationRecord, type MessageRecord, type ProfileSummary } from '@sync/contract/messaging';
import { conversationType, type ConversationType } from '@sync/rules/conversation-type';
import { maskContacts } from '@sync/rules/mask';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { profileInfoRow } from '../../db/functions/calls.js';
import { fromJsonRow, rowsOf } from '../../db/rows.js';
import { images, messages, profiles, type conversations } from '../../db/schema/index.js';
import { serializeImage } from '../profiles/cards.js';
import { desc, inArray, sql } from 'drizzle-orm';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Who reads: members get contacts masked, staff the original (docs/api.md#messaging). */
export type Reader = 'member' | 'staff';

export function toMessageRecord(row: MessageRow, reader: Reader): MessageRecord {
  const sent = row.dateSent.getTime();
  return {
    _id: row.id,
    conversationId: row.conversationId,
    messageType: row.messageType,
    message: reader === 'member' ? maskContacts(row.message) : row.message,
    attachment: row.attachmentId,
    senderType: row.senderType,
    dateSent: row.dateSent.toISOString(),
    date: row.dateSent.toISOString(),
    day: dayStart(sent),
    isRead: row.isRead,
    isPending: false,
  };
}

export interface ProfileInfo {
  summary: ProfileSummary;
  images: Image[];
}

/** The newest message of each conversation, in one query for a whole page. */
export async function loadLastMessages(exec: Executor, conversationIds: string[]): Promise<Map<string, MessageRow>> {
  const last = new Map<string, MessageRow>();
  if (conversationIds.length === 0) return last;
  const rows = await exec
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.seq));
  for (const m of rows) last.set(m.conversationId, m);
  return last;
}

/** Username and avatar of each profile, in one query for a whole page (the avatar: the gallery's first image). */
export async function loadProfileInfo(exec: Executor, profileIds: string[]): Promise<Map<string, ProfileInfo>> {
  const out = new Map<string, ProfileInfo>();
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return out;
  const rows = rowsOf<ProfileInfoRow>(
    await exec.execute(sql`select p.id, p.username, (select row_to_json(g) from profile_gallery(p.id) g limit 1) as first
      from ${profiles} p where p.id = any(${sql.param(ids)}::uuid[])`),
  );
  for (const row of rows) out.set(row.id, profileInfoOf(row));
  return out;
}

/** A profile's id, username and the first image of its gallery (a raw row), as loadProfileInfo and agent_reply read them. */
export type ProfileInfoRow = z.infer<typeof profileInfoRow>;

export function profileInfoOf(row: ProfileInfoRow): ProfileInfo {
  const image = row.first ? serializeImage(fromJsonRow(images, row.first)) : undefined;
  return { summary: { _id: row.id, username: row.username, avatar: image?.small ?? image?.medium ?? null }, images: image ? [image] : [] };
}

export function toConversationRecord(row: ConversationRow, profile: ProfileInfo | undefined): ConversationRecord {
  return {
    _id: row.id,
    profileId: row.profileId,
    profile: profile?.summary ?? { _id: row.profileId, username: '', avatar: null },
    archived: row.archived,
    hasUserMessage: row.hasUserMessage,
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
    lastMessageDate: row.lastMessageDate?.toISOString() ?? null,
    unread: row.unreadByUser,
  };
}

export function typeOf(row: Pick<ConversationRow, 'archived' | 'hasUserMessage'>): ConversationType {
  return conversationType({ archived: row.archived, messages: row.hasUserMessage ? [{ senderType: 'user' }] : [] });
}

/** docs/product.md#data conversation (user side): the mirror record plus type, user, profile images and the given messages. */
export function toMemberConversation(row: ConversationRow, profile: ProfileInfo | undefined, messageRows: MessageRow[], reader: Reader) {
  const record = toConversationRecord(row, profile);
  const list = messageRows.map((m) => toMessageRecord(m, reader));
  return {
    ...record,
    type: typeOf(row),
    user: { _id: row.userId },
    profile: { ...record.profile, images: profile?.images ?? [] },
    messages: list,
    meetUps: [] as unknown[],
    profileNotes: [] as unknown[],
    userNotes: [] as unknown[],
  };
}
