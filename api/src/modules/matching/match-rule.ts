import { createHash } from 'node:crypto';

/**
 * THE rule for "a like becomes a match", and the only place that decides it: swipe (and anything later that
 * replays likes) asks here.
 *
 * Fictive profiles carry `matchOnLike` (set per profile by staff or the seed; false = never likes back). A
 * willing profile likes back a share of members (`LIKE_BACK_RATE`), so a match means something. Which members
 * is a stable draw from the pair, not a coin tossed per swipe: undoing and liking again cannot reroll it.
 * Member profiles are never swiped, so they never match. Dislikes never match.
 */
export interface MatchCandidate {
  id: string;
  kind: 'member' | 'fictive';
  matchOnLike: boolean;
}

/** A number in [0, 1) fixed for the member and profile pair. */
export function pairDraw(userId: string, profileId: string): number {
  return createHash('sha256').update(`${userId}:${profileId}`).digest().readUInt32BE(0) / 2 ** 32;
}

export function likeBecomesMatch(profile: MatchCandidate, userId: string, likeBackRate: number): boolean {
  return profile.kind === 'fictive' && profile.matchOnLike && pairDraw(userId, profile.id) < likeBackRate;
}
