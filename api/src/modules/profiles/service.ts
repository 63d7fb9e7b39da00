import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { GenderFilter } from '@sync/contract/entities';
import type { ListEnvelope } from '@sync/contract/errors';
import { NEW_PROFILE_MS, ONLINE_WINDOW_MS } from '@sync/rules/activity';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { birthDateRange } from './age-bounds.js';
import { cardColumns, hydrateCards, imagePolicyFor, loadGalleries, toCard, visibleFictive, visibleTo, type Card, type CardRow, type ImageRow } from './cards.js';
import type { ProfileFilters, ProfileListQuery, PublicProfilesQuery } from '@sync/contract/query';
import type { Viewer } from './viewer.js';
import { afterCursor, decodeCursor, encodeCursor, sortKeyText, sortOrder } from './sort-keys.js';
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
export function filterConditions(brandId: string, defaultGender: 'man' | 'woman', filters: ProfileFilters, now: Date, viewerUserId?: string): SQL {
  const conds: SQL[] = [viewerUserId ? visibleTo({ brandId, userId: viewerUserId }) : visibleFictive(brandId)];
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

/**
 * How far past the asked page the count looks. Counting every match of a broad filter at 100,000 profiles
 * cost more than the page itself; up to this many beyond the page the total is exact, past it `total` is
 * the number counted (a lower bound that still says there is more) and `totalExact` is false.
 */
export const TOTAL_LOOKAHEAD = 1000;

/** The member's list answer: the docs/api.md#general envelope, plus the keyset cursor and whether the total is exact. */
export interface ProfileListAnswer extends ListEnvelope<Card> {
  nextCursor: string | null;
  totalExact: boolean;
}

/** A page of the list as read: its ids in order, their card rows and galleries, the bounded count and the next cursor. */
export interface ListPageRows {
  ids: string[];
  rows: Map<string, CardRow>;
  galleries: Map<string, ImageRow[]>;
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

/**
 * A page of the list in two round trips. First the page's ids, read along the sort's index from the cursor (or at
 * the page's offset) with every filter but the text search answered by the index itself, beside the bounded count;
 * then those cards' rows and their images, by id. `viewerProfileId` fills each card's favourite flag (null: false).
 */
export async function readListPage(exec: Executor, where: SQL, query: ProfileListQuery, now: Date, viewerProfileId: string | null): Promise<ListPageRows> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sortBy);
  const countUpTo = query.page * query.limit + TOTAL_LOOKAHEAD;
  const counted = exec.select({ id: profiles.id }).from(profiles).where(where).limit(countUpTo).as('counted');
  const [[totalRow], page] = await Promise.all([
    exec.select({ total: count() }).from(counted),
    exec
      .select({ id: profiles.id, sortKey: sortKeyText(query.sortBy) })
      .from(profiles)
      .where(cursor ? and(where, afterCursor(cursor)) : where)
      .orderBy(...sortOrder(query.sortBy))
      .limit(query.limit)
      .offset(cursor ? 0 : (query.page - 1) * query.limit),
  ]);
  const ids = page.map((row) => row.id);
  const [rows, galleries] = ids.length
    ? await Promise.all([exec.select(cardColumns(now, viewerProfileId)).from(profiles).where(inArray(profiles.id, ids)), loadGalleries(exec, ids)])
    : [[], new Map<string, ImageRow[]>()];
  const total = Number(totalRow?.total ?? 0);
  const last = page.at(-1);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    // A profile deleted between the two reads is left out.
    ids: ids.filter((id) => byId.has(id)),
    rows: byId,
    galleries,
    total,
    totalExact: total < countUpTo,
    nextCursor: last && page.length === query.limit ? encodeCursor({ sortBy: query.sortBy, key: last.sortKey, id: last.id }) : null,
  };
}

/** GET /api/profiles for one member, read for them alone: the profiles they blocked left out, their favourites marked. */
export async function listProfiles(deps: Deps, exec: Executor, viewer: Viewer, query: ProfileListQuery): Promise<ProfileListAnswer> {
  const now = deps.clock.now();
  const where = filterConditions(viewer.brandId, viewer.lookingFor, query, now, viewer.userId);
  const read = await readListPage(exec, where, query, now, viewer.profileId);
  const policy = imagePolicyFor(viewer.isPremium);
  return {
    data: read.ids.map((id) => toCard(read.rows.get(id)!, read.galleries.get(id) ?? [], now, policy)),
    total: read.total,
    totalExact: read.totalExact,
    page: query.page,
    limit: query.limit,
    nextCursor: read.nextCursor,
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
    .where(and(eq(profiles.id, profileId), visibleTo(viewer)))
    .limit(1);
  if (!row) throw notFound('Profile not found');
  await recordView(exec, viewer.profileId, row.id, now);
  const [card] = await hydrateCards(exec, [row], now, imagePolicyFor(viewer.isPremium));
  return card!;
}
