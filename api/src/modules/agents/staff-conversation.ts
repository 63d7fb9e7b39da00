import type { AgentConversation, Memo, MeetUp } from '@sync/contract/agents';
import { MESSAGES_PER_CHUNK } from '@sync/contract/messaging';
import { ageFromDateString } from '@sync/rules/age';
import { isUuid } from '@sync/rules/ids';
import type { Executor } from '../../db/client.js';
import { staffConversationView, type StaffViewRows } from '../../db/functions/calls.js';
import { fromJsonColumns, fromJsonRow } from '../../db/rows.js';
import { businessFailure } from '../../db/raised.js';
import { images, meetUps, memos, messages, profiles, users } from '../../db/schema/index.js';
import { galleriesOf, serializeImage } from '../profiles/cards.js';
import { toMessageRecord } from '../messaging/serialize.js';
import { invalidBefore } from '../messaging/service.js';
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
 * The columns the staff view shows of the member, the member's profile and the fictive profile: what
 * staff_conversation_view selects of them (api/src/db/functions/staff_conversation_view.sql), nothing
 * more (no password hash, no email).
 */
const USER_COLUMNS = ['id', 'username', 'birthDate', 'gender', 'country', 'isPremium', 'credits', 'createDate', 'updateDate', 'activityDate', 'lookingFor', 'timezone'] as const;
const MEMBER_PROFILE_COLUMNS = ['id', 'birthDate', 'location', 'aboutMe', 'lookingForTags', 'lookingForAgeMin', 'lookingForAgeMax'] as const;
const PROFILE_COLUMNS = [
  'id',
  'username',
  'birthDate',
  'gender',
  'createDate',
  'updateDate',
  'activityDate',
  'location',
  'aboutMe',
  'bodyType',
  'ethnicity',
  'hairColor',
  'eyeColor',
  'heightCm',
  'relationshipStatus',
  'lookingForTags',
  'lookingForAgeMin',
  'lookingForAgeMax',
] as const;

/**
 * The conversation as staff see it (docs/product.md#data agent conversation): originals, both sides with details and
 * photos, memos (this conversation's, then the global ones of the member and of the profile) and meet-ups.
 * One statement (staff_conversation_view); a claim gets the same view from agent_claim itself.
 */
export async function staffConversation(
  exec: Executor,
  row: ConversationRow,
  domain: string,
  now: Date,
  chunk: { limit?: number; before?: string } = {},
): Promise<AgentConversation> {
  const limit = chunk.limit ?? MESSAGES_PER_CHUNK;
  if (chunk.before !== undefined && !isUuid(chunk.before)) throw invalidBefore('not-an-id');
  let view: StaffViewRows;
  try {
    view = await staffConversationView.callIn(exec, {
      p_conversation: row.id,
      p_user: row.userId,
      p_profile: row.profileId,
      p_limit: limit,
      p_before: chunk.before ?? null,
    });
  } catch (err) {
    throw businessFailure(err) === 'before-not-found' ? invalidBefore('not-in-conversation') : err;
  }
  return toAgentConversation(row, domain, view, limit, now);
}

/** The staff view's rows as docs/product.md#data agent conversation, with `limit` messages (the view reads one more). */
export function toAgentConversation(row: ConversationRow, domain: string, view: StaffViewRows, limit: number, now: Date): AgentConversation {
  const messageRows = view.messages.slice(0, limit).map((m) => fromJsonRow(messages, m));
  const user = view.user ? fromJsonColumns(users, USER_COLUMNS, view.user) : undefined;
  const memberProfile = view.memberProfile ? fromJsonColumns(profiles, MEMBER_PROFILE_COLUMNS, view.memberProfile) : undefined;
  const profile = view.profile ? fromJsonColumns(profiles, PROFILE_COLUMNS, view.profile) : undefined;
  const notes = view.notes.map((n) => fromJsonRow(memos, n));
  const meets = view.meets.map((m) => fromJsonRow(meetUps, m));
  const galleries = galleriesOf(view.photos.map((p) => fromJsonRow(images, p)));
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
      lookingFor: memberProfile?.lookingForTags ?? [],
      lookingForGender: user!.lookingFor,
      lookingForAgeMin: memberProfile?.lookingForAgeMin ?? null,
      lookingForAgeMax: memberProfile?.lookingForAgeMax ?? null,
      timezone: user!.timezone,
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
      bodyType: profile!.bodyType,
      ethnicity: profile!.ethnicity,
      hairColor: profile!.hairColor,
      eyeColor: profile!.eyeColor,
      height: profile!.heightCm,
      relationshipStatus: profile!.relationshipStatus,
      lookingFor: profile!.lookingForTags,
      lookingForAgeMin: profile!.lookingForAgeMin,
      lookingForAgeMax: profile!.lookingForAgeMax,
    },
    messages: messageRows.map((m) => toMessageRecord(m, 'staff')),
    hasMore: view.messages.length > limit,
    userNotes: notes.filter((n) => n.type === 'user').map(toMemo),
    profileNotes: notes.filter((n) => n.type === 'profile').map(toMemo),
    meetUps: meets.map(toMeetUp),
  };
}
