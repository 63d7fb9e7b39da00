import type { Image } from '@sync/contract/entities';
import { dayStart, type ConversationRecord, type MessageRecord, type ProfileSummary } from '@sync/contract/messaging';
import { conversationType, type ConversationType } from '@sync/rules/conversation-type';
import { maskContacts } from '@sync/rules/mask';
import type { Executor } from '../../db/client.js';
import { images, messages, profiles, type conversations } from '../../db/schema/index.js';
import { galleryOrder, inGallery, serializeImage } from '../profiles/cards.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Who reads: members get contacts masked, staff the original (CONTRACT "Messaging"). */
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

/** Username and avatar of each profile, in two queries for a whole page. */
export async function loadProfileInfo(exec: Executor, profileIds: string[]): Promise<Map<string, ProfileInfo>> {
  const out = new Map<string, ProfileInfo>();
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return out;
  // The profiles and the first photo of each gallery in one statement (a round trip is CPU on both sides).
  const first = exec
    .select({ id: images.id, type: images.type, processed: images.processed, moderation: images.moderation, variants: images.variants })
    .from(images)
    .where(and(eq(images.profileId, profiles.id), inGallery))
    .orderBy(...galleryOrder)
    .limit(1)
    .as('first');
  const rows = await exec
    .select({ id: profiles.id, username: profiles.username, first: { id: first.id, type: first.type, processed: first.processed, moderation: first.moderation, variants: first.variants } })
    .from(profiles)
    .leftJoinLateral(first, sql`true`)
    .where(inArray(profiles.id, ids));
  for (const row of rows) {
    const image = row.first?.id ? serializeImage(row.first) : undefined;
    out.set(row.id, {
      summary: { _id: row.id, username: row.username, avatar: image?.small ?? image?.medium ?? null },
      images: image ? [image] : [],
    });
  }
  return out;
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

/** SPEC §3 conversation (user side): the mirror record plus type, user, profile images and the given messages. */
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
