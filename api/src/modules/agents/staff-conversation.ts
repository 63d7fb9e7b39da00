import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AgentConversation, Memo, MeetUp } from '@sync/contract/agents';
import { MESSAGES_PER_CHUNK } from '@sync/contract/messaging';
import { ageFromDateString } from '@sync/rules/age';
import type { Executor } from '../../db/client.js';
import { meetUps, memos, profiles, users } from '../../db/schema/index.js';
import { loadGalleries, serializeImage } from '../profiles/cards.js';
import { toMessageRecord } from '../messaging/serialize.js';
import { messageChunk } from '../messaging/service.js';
import type { ConversationRow } from '../messaging/serialize.js';

type MemoRow = typeof memos.$inferSelect;
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
  // Independent reads, side by side (on a pool they run on several connections).
  const [[user], [memberProfile], [profile], { rows: messageRows, hasMore }, notes, meets] = await Promise.all([
    exec.select().from(users).where(eq(users.id, row.userId)),
    exec.select().from(profiles).where(eq(profiles.userId, row.userId)),
    exec.select().from(profiles).where(eq(profiles.id, row.profileId)),
    messageChunk(exec, row.id, chunk.limit ?? MESSAGES_PER_CHUNK, chunk.before),
    exec
      .select()
      .from(memos)
      .where(
        or(
          eq(memos.conversationId, row.id),
          and(isNull(memos.conversationId), eq(memos.type, 'user'), eq(memos.userId, row.userId)),
          and(isNull(memos.conversationId), eq(memos.type, 'profile'), eq(memos.profileId, row.profileId)),
        ),
      )
      .orderBy(sql`${memos.conversationId} is null`, asc(memos.createDate), asc(memos.id)),
    exec.select().from(meetUps).where(eq(meetUps.conversationId, row.id)).orderBy(asc(meetUps.meetDate)),
  ]);
  const galleries = await loadGalleries(exec, [row.profileId, ...(memberProfile ? [memberProfile.id] : [])]);
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
