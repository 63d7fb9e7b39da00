/**
 * THE rule for "a like becomes a match", and the only place that decides it: swipe (and anything later that
 * replays likes) asks here.
 *
 * Fictive profiles carry `matchOnLike` (set per profile by staff or the seed; most say yes, a few play hard to
 * get). A like on such a profile matches at once: the member gets the match and an open conversation with it.
 * Member profiles are never swiped, so they never match. Dislikes never match.
 */
export interface MatchCandidate {
  kind: 'member' | 'fictive';
  matchOnLike: boolean;
}

export function likeBecomesMatch(profile: MatchCandidate): boolean {
  return profile.kind === 'fictive' && profile.matchOnLike;
}
