import type { InferRequestType, InferResponseType } from 'hono/client';
import { api } from '@web/lib/api';
import type { rpc } from '@web/lib/rpc';
import { imageSources, type CardImage, type ImageSources } from '@web/ui/profile-card/profile-data';

/** The few fields the landing's profile strip shows (docs/api.md#profiles-and-matching). */
export interface PublicProfile {
  _id: string;
  username: string;
  age?: number;
  location?: { city?: string; state?: string } | null;
  images?: { _id?: string; small?: unknown; medium?: unknown; large?: unknown; webp?: { small?: unknown; medium?: unknown; large?: unknown }; under_moderation?: boolean }[];
  badges?: string[];
  isOnline?: boolean;
}

/** A variant may arrive as a URL or as `{ url }`. */
function urlOf(variant: unknown): string | null {
  if (typeof variant === 'string' && variant) return variant;
  const url = (variant as { url?: unknown } | null | undefined)?.url;
  return typeof url === 'string' && url ? url : null;
}

function shownImage(profile: PublicProfile) {
  return profile.images?.find((i) => !i.under_moderation) ?? profile.images?.[0];
}

export function photoOf(profile: PublicProfile): string | null {
  const image = shownImage(profile);
  return image ? (urlOf(image.medium) ?? urlOf(image.small) ?? urlOf(image.large)) : null;
}

/** `srcset` lists of the shown photo's small and medium sizes, JPEG and (when it has them) WebP. */
export function photoSources(profile: PublicProfile): ImageSources {
  // The public card's image has the member card's shape, fields the API always sends included.
  return imageSources(shownImage(profile) as CardImage | undefined, 'medium');
}

/**
 * GET /profiles as the route types it (AppType): the query is checked against the route's, and a route renamed
 * or a parameter dropped fails typecheck. The call itself goes through the small HTTP helper, not the typed
 * client: the landing page's first load has no room for hono/client (decision 0044, e2e/web-budget.test.ts), and
 * a type import costs no bytes.
 */
type PublicProfilesRoute = (typeof rpc)['profiles']['$get'];

/** The landing page's variant takes featured, new, online or recent (sync/contract/query.ts). */
export const STRIP_QUERY = { limit: '8', type: 'recent' } satisfies NonNullable<InferRequestType<PublicProfilesRoute>['query']>;

/** GET /profiles with limit, type, premium and the brand's API key (docs/api.md#endpoints, public). */
export async function fetchPublicProfiles(apiKey: string, signal?: AbortSignal): Promise<PublicProfile[]> {
  const answer = await api.get<InferResponseType<PublicProfilesRoute, 200> | unknown[]>('/profiles', { query: { ...STRIP_QUERY }, apiKey, signal });
  const list = Array.isArray(answer) ? answer : Array.isArray((answer as { data?: unknown })?.data) ? ((answer as { data: unknown[] }).data as unknown[]) : [];
  return list.filter((p): p is PublicProfile => typeof p === 'object' && p !== null && typeof (p as PublicProfile)._id === 'string' && typeof (p as PublicProfile).username === 'string');
}
