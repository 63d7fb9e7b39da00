import type { ListEnvelope } from '@sync/contract/errors';
import { api } from '@web/lib/api';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';
import { toQueryParams, type ProfilesQuery } from './profiles-query';

/** GET /api/profiles (SPEC §7) with page, limit, sortBy and the filters. */
export function fetchProfiles(query: ProfilesQuery, page: number, signal?: AbortSignal): Promise<ListEnvelope<ProfileCardData>> {
  return api.get<ListEnvelope<ProfileCardData>>('/profiles', { query: toQueryParams(query, page), ...(signal ? { signal } : {}) });
}

/** GET /api/profile/{id}; the API records the view. */
export function fetchProfile(id: string, signal?: AbortSignal): Promise<ProfileCardData> {
  return api.get<ProfileCardData>(`/profile/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

/** PATCH /api/user/{id} with {favourite} (no loader, SPEC §7); `{favourite, remove: true}` takes it back. */
export function setFavourite(userId: string, profileId: string, on: boolean): Promise<{ favorite?: boolean }> {
  const body = on ? { favourite: profileId } : { favourite: profileId, remove: true };
  return api.patch<{ favorite?: boolean }>(`/user/${encodeURIComponent(userId)}`, body, { loader: false });
}
