import type { ListEnvelope } from '@sync/contract/errors';
import { call, rpc } from '@web/lib/rpc';
import { patchUser } from '@web/lib/user-patch-api';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';

/** The five interest lists of docs/product.md#screens-and-routes, as GET /api/interests/{list} names them. */
export const INTEREST_LISTS = ['favorites', 'favorited-me', 'proposals', 'viewed', 'viewed-me'] as const;
export type InterestList = (typeof INTEREST_LISTS)[number];

export const INTERESTS_PAGE_SIZE = 24;

/** A profile in an interest list: when it joined the list, and for views how many there were. */
export type InterestCard = ProfileCardData & { listDate?: string; viewCount?: number };

export function fetchInterests(list: InterestList, page: number, limit = INTERESTS_PAGE_SIZE): Promise<ListEnvelope<InterestCard>> {
  return call(rpc.interests[':list'].$get({ param: { list }, query: { page: String(page), limit: String(limit) } }));
}

/** PATCH /api/user/{id} {favourite, remove: true} (no loader): takes a profile off the member's favourites. */
export function removeFavourite(userId: string, profileId: string): Promise<{ favorite?: boolean }> {
  return patchUser(userId, { favourite: profileId, remove: true }, { loader: false });
}
