import { apiCall, apiToken, createMember, type NewMember } from './member.js';

/** Likes profiles through the API until one likes back: the match's conversation id, or null when none did. */
async function matchSomeone(token: string): Promise<string | null> {
  for (let i = 0; i < 10; i++) {
    const next = await apiCall<{ _id: string } | null>(token, 'GET', '/match/next').catch(() => null);
    if (!next?._id) break;
    const answer = await apiCall<{ match: boolean; conversationId: string | null }>(token, 'POST', '/match/swipe', { toUserId: next._id, actionType: 'like' }).catch(() => null);
    if (!answer) break; // no likes left
    if (answer.match && answer.conversationId) return answer.conversationId;
  }
  return null;
}

/**
 * A new member with a match. Profiles like back a share of members (LIKE_BACK_RATE), by a fixed draw per pair:
 * a member whose day of likes found nobody is replaced by another.
 */
export async function matchedMember(prefix: string): Promise<{ member: NewMember; token: string; conversationId: string }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const member = await createMember({ prefix });
    const token = await apiToken(member);
    const conversationId = await matchSomeone(token);
    if (conversationId) return { member, token, conversationId };
  }
  throw new Error('no member got a match');
}
