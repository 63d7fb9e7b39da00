import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { GenderFilter, SortOption } from '@sync/contract/entities';
import type { ListEnvelope } from '@sync/contract/errors';
import { NEW_PROFILE_MS, ONLINE_WINDOW_MS } from '@sync/rules/activity';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { birthDateRange } from './age-bounds.js';
import { cardColumns, hydrateCards, imagePolicyFor, visibleFictive, type Card } from './cards.js';
import type { ProfileFilters, ProfileListQuery, PublicProfilesQuery } from './list-query.js';
import type { Viewer } from './viewer.js';
import { recordView } from './views.js';

type Deps = Pick<AppDeps, 'clock'>;

const GENDER_OF_FILTER = { women: 'woman', men: 'man' } as const;

/** The gender condition of a list: the filter's gender, none for `everyone`, else the fallback (if any). */
function genderCondition(filter: GenderFilter | undefined, fallback?: 'man' | 'woman'): SQL | undefined {
  if (filter === 'everyone') return undefined;
  const gender = filter ? GENDER_OF_FILTER[filter] : fallback;
  return gender ? eq(profiles.gender, gender) : undefined;
}

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** WHERE for the profile list: brand-scoped fictive profiles narrowed by every filter given. */
export function filterConditions(brandId: string, defaultGender: 'man' | 'woman', filters: ProfileFilters, now: Date): SQL {
  const conds: SQL[] = [visibleFictive(brandId)];
  const gender = genderCondition(filters.gender, defaultGender);
  if (gender) conds.push(gender);
  if (filters.bodyType) conds.push(inArray(profiles.bodyType, filters.bodyType));
  if (filters.ethnicity) conds.push(inArray(profiles.ethnicity, filters.ethnicity));
  if (filters.hairColor) conds.push(inArray(profiles.hairColor, filters.hairColor));
  if (filters.relationshipStatus) conds.push(inArray(profiles.relationshipStatus, filters.relationshipStatus));
  if (filters.eyeColor) conds.push(inArray(profiles.eyeColor, filters.eyeColor));
  // Ages become birth-date bounds so the (brand_id, birth_date) index serves them.
  const { maxBirth, minBirthExclusive } = birthDateRange(filters.ageMin, filters.ageMax, now);
  if (maxBirth) conds.push(lte(profiles.birthDate, maxBirth));
  if (minBirthExclusive) conds.push(gt(profiles.birthDate, minBirthExclusive));
  if (filters.heightMin !== undefined) conds.push(gte(profiles.heightCm, filters.heightMin));
  if (filters.heightMax !== undefined) conds.push(lte(profiles.heightCm, filters.heightMax));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conds.push(or(ilike(profiles.username, pattern), ilike(sql`${profiles.location}->>'city'`, pattern))!);
  }
  return and(...conds)!;
}

/** ORDER BY for each SPEC §3 sort option; the id breaks ties so pages never repeat or skip a profile. */
export function sortOrder(sortBy: SortOption): SQL[] {
  switch (sortBy) {
    case 'age-asc':
      return [desc(profiles.birthDate), asc(profiles.id)];
    case 'age-desc':
      return [asc(profiles.birthDate), asc(profiles.id)];
    case 'username-asc':
      return [asc(sql`lower(${profiles.username})`), asc(profiles.id)];
    case 'username-desc':
      return [desc(sql`lower(${profiles.username})`), asc(profiles.id)];
    default:
      // 'recent' is "Recently active" (SORT_LABELS): the last activity, newest first.
      return [desc(profiles.activityDate), asc(profiles.id)];
  }
}

/** GET /api/profiles for a member: one count and one page query, then the page's images in one more. */
export async function listProfiles(deps: Deps, exec: Executor, viewer: Viewer, query: ProfileListQuery): Promise<ListEnvelope<Card>> {
  const now = deps.clock.now();
  const where = filterConditions(viewer.brandId, viewer.lookingFor, query, now);
  const [[totalRow], rows] = await Promise.all([
    exec.select({ total: count() }).from(profiles).where(where),
    exec
      .select(cardColumns(now, viewer.profileId))
      .from(profiles)
      .where(where)
      .orderBy(...sortOrder(query.sortBy))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  return {
    data: await hydrateCards(exec, rows, now, imagePolicyFor(viewer.isPremium)),
    total: Number(totalRow?.total ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/** GET /api/profiles with the brand's API key: a few cards for the landing page, first photo only. */
export async function listPublicProfiles(deps: Deps, exec: Executor, brandId: string, query: PublicProfilesQuery): Promise<ListEnvelope<Card>> {
  const now = deps.clock.now();
  const conds: SQL[] = [visibleFictive(brandId)];
  const gender = genderCondition(query.gender);
  if (gender) conds.push(gender);
  if (query.premium !== undefined) conds.push(eq(profiles.isPremium, query.premium));
  let order: SQL[] = [desc(profiles.createDate), asc(profiles.id)];
  if (query.type === 'featured') conds.push(eq(profiles.isFeatured, true));
  if (query.type === 'new') conds.push(gt(profiles.createDate, new Date(now.getTime() - NEW_PROFILE_MS)));
  if (query.type === 'online') {
    conds.push(gt(profiles.activityDate, new Date(now.getTime() - ONLINE_WINDOW_MS)));
    order = [desc(profiles.activityDate), asc(profiles.id)];
  }
  const where = and(...conds);
  const [[totalRow], rows] = await Promise.all([
    exec.select({ total: count() }).from(profiles).where(where),
    exec
      .select(cardColumns(now, null))
      .from(profiles)
      .where(where)
      .orderBy(...order)
      .limit(query.limit),
  ]);
  return { data: await hydrateCards(exec, rows, now, 'first-only'), total: Number(totalRow?.total ?? 0), page: 1, limit: query.limit };
}

/**
 * GET /api/profile/{id}: one fictive profile of the member's brand, and the visit recorded in the same call
 * (the profile's "viewed me" and the member's "viewed" lists). 404 for an unknown id or another brand's profile.
 */
export async function getProfile(deps: Deps, exec: Executor, viewer: Viewer, profileId: string): Promise<Card> {
  if (!isUuid(profileId)) throw notFound('Profile not found');
  const now = deps.clock.now();
  const [row] = await exec
    .select(cardColumns(now, viewer.profileId))
    .from(profiles)
    .where(and(eq(profiles.id, profileId), visibleFictive(viewer.brandId)))
    .limit(1);
  if (!row) throw notFound('Profile not found');
  await recordView(exec, viewer.profileId, row.id, now);
  const [card] = await hydrateCards(exec, [row], now, imagePolicyFor(viewer.isPremium));
  return card!;
}
