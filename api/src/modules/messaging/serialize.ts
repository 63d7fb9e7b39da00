import type { Image } from '@sync/contract/entities';
import { dayStart, type ConversationRecord, type MessageRecord, type ProfileSummary } from '@sync/contract/messaging';
import { conversationType, type ConversationType } from '@sync/rules/conversation-type';
import { maskContacts } from '@sync/rules/mask';
import type { Executor } from '../../db/client.js';
import { messages, type conversations } from '../../db/schema/index.js';
import { loadGalleries, serializeImage } from '../profiles/cards.js';
import { profiles } from '../../db/schema/index.js';
import { desc, inArray } from 'drizzle-orm';

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
  const rows = await exec.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.id, ids));
  const galleries = await loadGalleries(exec, ids);
  for (const row of rows) {
    const first = galleries.get(row.id)?.[0];
    const image = first ? serializeImage(first) : undefined;
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
