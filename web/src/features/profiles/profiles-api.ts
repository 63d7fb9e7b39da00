import type { ListEnvelope } from '@sync/contract/errors';
import { call, pathParams, rpc, via } from '@web/lib/rpc';
import { patchUser } from '@web/lib/user-patch-api';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';
import { toQueryParams, type ProfilesQuery } from './profiles-query';

/** The list envelope with the keyset cursor of the next page (null on the last) and whether `total` is exact. */
export type ProfilesAnswer = ListEnvelope<ProfileCardData> & { nextCursor?: string | null; totalExact?: boolean };

/**
 * GET /api/profiles (docs/api.md#endpoints) with page, limit, sortBy and the filters; `cursor` (the previous page's
 * nextCursor) makes the API continue after that page's last card instead of counting `page` pages in.
 */
export function fetchProfiles(query: ProfilesQuery, page: number, signal?: AbortSignal, cursor?: string): Promise<ProfilesAnswer> {
  const params = toQueryParams(query, page);
  if (cursor) params.cursor = cursor;
  return call(rpc.profiles.$get({ query: params }, via(signal ? { signal } : {})));
}

/** GET /api/profile/{id}; the API records the view. */
export function fetchProfile(id: string, signal?: AbortSignal): Promise<ProfileCardData> {
  return call(rpc.profile[':id'].$get({ param: pathParams({ id }) }, via(signal ? { signal } : {})));
}

/** PATCH /api/user/{id} with {favourite} (no loader, docs/api.md#endpoints); `{favourite, remove: true}` takes it back. */
export function setFavourite(userId: string, profileId: string, on: boolean): Promise<{ favorite?: boolean }> {
  const body = on ? { favourite: profileId } : { favourite: profileId, remove: true };
  return patchUser(userId, body, { loader: false });
}
