import type { ListEnvelope } from '@sync/contract/errors';
import { call, rpc } from '@web/lib/rpc';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';

export type SwipeAction = 'like' | 'dislike';

/** POST /api/match/swipe answer (docs/product.md#data: match and conversationId; the API adds the likes left). */
export interface SwipeResult {
  match: boolean;
  conversationId: string | null;
  likes?: number;
}

export interface UndoResult {
  toUserId: string;
  actionType: SwipeAction;
  matchRemoved?: boolean;
  likes?: number;
}

export type MatchCard = ProfileCardData & { conversationId: string | null; matchDate: string };
export type DislikedCard = ProfileCardData & { swipeId: string; swipeDate: string };

/** GET /api/match/next: the next profile, or null when the API answers 204 (nobody left). */
export async function fetchNextProfile(): Promise<ProfileCardData | null> {
  const answer: ProfileCardData | undefined = await call(rpc.match.next.$get());
  return answer && typeof answer === 'object' && '_id' in answer ? answer : null;
}

export function swipe(toUserId: string, actionType: SwipeAction): Promise<SwipeResult> {
  return call(rpc.match.swipe.$post({ json: { toUserId, actionType } }));
}

/** POST /api/match/undo; without an id the API undoes the most recent swipe. */
export function undoSwipe(toUserId?: string): Promise<UndoResult> {
  return call(rpc.match.undo.$post({ json: toUserId ? { toUserId } : {} }));
}

export function fetchMatches(page = 1, limit = 36): Promise<ListEnvelope<MatchCard>> {
  return call(rpc.matches.$get({ query: { page: String(page), limit: String(limit) } }));
}

export function fetchDislikes(page = 1, limit = 36): Promise<ListEnvelope<DislikedCard>> {
  return call(rpc.match.dislikes.$get({ query: { page: String(page), limit: String(limit) } }));
}

export interface LikesStatus {
  likes: number;
  dailyLikes?: number;
  nextRefillDate?: string;
}

export function fetchLikes(): Promise<LikesStatus> {
  return call(rpc.match.likes.$get());
}
