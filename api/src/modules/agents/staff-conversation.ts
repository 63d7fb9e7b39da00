import { sql } from 'drizzle-orm';
import type { AgentConversation, Memo, MeetUp } from '@sync/contract/agents';
import { MESSAGES_PER_CHUNK } from '@sync/contract/messaging';
import { ageFromDateString } from '@sync/rules/age';
import type { Executor } from '../../db/client.js';
import { fromJsonRow, rowsOf } from '../../db/rows.js';
import { images, meetUps, memos, profiles, users } from '../../db/schema/index.js';
import { galleriesOf, galleryOrder, inGallery, serializeImage } from '../profiles/cards.js';
import { toMessageRecord } from '../messaging/serialize.js';
import { messageChunk } from '../messaging/service.js';
import type { ConversationRow } from '../messaging/serialize.js';

type MemoRow = typeof memos.$inferSelect;
type Json = Record<string, unknown>;
type SideRow = { user: Json | null; memberProfile: Json | null; profile: Json | null; notes: Json[]; meets: Json[]; photos: Json[] };
type MeetUpRow = typeof meetUps.$inferSelect;

export function toMemo(row: MemoRow): Memo {
  return {
    _id: row.id,
    note: row.note,
    type: row.type,
    archived: row.archived,
    global: row.global,
    conversationId: row.conversationId,
    userProfileId: row.type === 'user' ? row.userId : row.profileId,
    agentId: row.agentId,
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
  };
}

export function toMeetUp(row: MeetUpRow): MeetUp {
  return {
    id: row.id,
    _id: row.id,
    meetDate: row.meetDate.toISOString(),
    meetStatus: row.meetStatus,
    location: row.location,
    cancelInterval: row.cancelInterval,
    description: row.description,
    archived: row.archived,
    cancelDate: row.cancelDate?.toISOString() ?? null,
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
  };
}

/**
 * The conversation as staff see it (SPEC §3 agent conversation): originals, both sides with details and
 * photos, memos (this conversation's, then the global ones of the member and of the profile) and meet-ups.
 */
export async function staffConversation(
  exec: Executor,
  row: ConversationRow,
  domain: string,
  now: Date,
  chunk: { limit?: number; before?: string } = {},
): Promise<AgentConversation> {
  // Two reads side by side: the messages, and everything else (both sides, their photos, memos, meet-ups) in one
  // statement (each round trip is CPU here).
  const [{ rows: messageRows, hasMore }, [side]] = await Promise.all([
    messageChunk(exec, row.id, chunk.limit ?? MESSAGES_PER_CHUNK, chunk.before),
    exec.execute(sql`select
        (select row_to_json(u) from ${users} u where u.id = ${row.userId}::uuid) as "user",
        (select row_to_json(p) from ${profiles} p where p.user_id = ${row.userId}::uuid limit 1) as "memberProfile",
        (select row_to_json(p) from ${profiles} p where p.id = ${row.profileId}::uuid) as "profile",
        (select coalesce(json_agg(n order by n.conversation_id is null, n.create_date, n.id), '[]'::json) from ${memos} n
          where n.conversation_id = ${row.id}::uuid
             or (n.conversation_id is null and n.type = 'user' and n.user_id = ${row.userId}::uuid)
             or (n.conversation_id is null and n.type = 'profile' and n.profile_id = ${row.profileId}::uuid)) as "notes",
        (select coalesce(json_agg(m order by m.meet_date), '[]'::json) from ${meetUps} m where m.conversation_id = ${row.id}::uuid) as "meets",
        (select coalesce(json_agg(${images} order by ${sql.join([...galleryOrder], sql`, `)}), '[]'::json) from ${images}
          where ${images.profileId} in (${row.profileId}::uuid, (select p.id from ${profiles} p where p.user_id = ${row.userId}::uuid limit 1)) and ${inGallery}) as "photos"`).then((res) =>
      rowsOf<SideRow>(res),
    ),
  ]);
  const user = side!.user ? fromJsonRow(users, side!.user) : undefined;
  const memberProfile = side!.memberProfile ? fromJsonRow(profiles, side!.memberProfile) : undefined;
  const profile = side!.profile ? fromJsonRow(profiles, side!.profile) : undefined;
  const notes = side!.notes.map((n) => fromJsonRow(memos, n));
  const meets = side!.meets.map((m) => fromJsonRow(meetUps, m));
  const galleries = galleriesOf(side!.photos.map((p) => fromJsonRow(images, p)));
  const claimLive = row.claimAgentId && row.claimExpiryDate && row.claimExpiryDate > now;
  const memberBirth = memberProfile?.birthDate ?? user!.birthDate;
  return {
    _id: row.id,
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
    domain,
    stock: row.stock,
    stockDate: row.stockDate?.toISOString() ?? null,
    claim: claimLive ? { agentId: row.claimAgentId!, claimTime: row.claimDate!.toISOString(), expiryTime: row.claimExpiryDate!.toISOString() } : null,
    user: {
      _id: user!.id,
      username: user!.username,
      birthday: memberBirth,
      age: ageFromDateString(memberBirth, now) ?? 0,
      gender: user!.gender,
      country: user!.country,
      isPremium: user!.isPremium,
      credits: user!.credits,
      createDate: user!.createDate.toISOString(),
      updateDate: user!.updateDate.toISOString(),
      activityDate: user!.activityDate?.toISOString() ?? null,
      profileId: memberProfile?.id ?? null,
      location: (memberProfile?.location ?? {}) as Record<string, unknown>,
      aboutMe: memberProfile?.aboutMe ?? '',
      images: memberProfile ? (galleries.get(memberProfile.id) ?? []).map(serializeImage) : [],
    },
    profile: {
      _id: profile!.id,
      username: profile!.username,
      birthday: profile!.birthDate,
      age: ageFromDateString(profile!.birthDate, now) ?? 0,
      gender: profile!.gender,
      createDate: profile!.createDate.toISOString(),
      updateDate: profile!.updateDate.toISOString(),
      activityDate: profile!.activityDate.toISOString(),
      location: profile!.location as unknown as Record<string, unknown>,
      aboutMe: profile!.aboutMe,
      images: (galleries.get(profile!.id) ?? []).map(serializeImage),
    },
    messages: messageRows.map((m) => toMessageRecord(m, 'staff')),
    hasMore,
    userNotes: notes.filter((n) => n.type === 'user').map(toMemo),
    profileNotes: notes.filter((n) => n.type === 'profile').map(toMemo),
    meetUps: meets.map(toMeetUp),
  };
}
