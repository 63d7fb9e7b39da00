import { and, asc, count, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { ListEnvelope } from '@sync/contract/errors';
import type { FavouriteBody } from '@sync/contract/interests';
import { NEW_PROFILE_MS } from '@sync/rules/activity';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps, AuthContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agents, brands, favourites, profileViews, profiles, swipes } from '../../db/schema/index.js';
import { ApiError, forbidden, notFound } from '../../lib/errors.js';
import { cardColumns, hydrateCards, PROFILE_ID, imagePolicyFor, visibleTo, type Card, type CardRow } from '../profiles/cards.js';
import type { Paging } from '@sync/contract/query';
import { loadViewer, type Viewer } from '../profiles/viewer.js';
import { recordView } from '../profiles/views.js';

type Deps = Pick<AppDeps, 'clock'>;

// ---------------------------------------------------------------- member favourites

/**
 * PATCH /api/user/{id} `{ favourite }` adds, `{ favourite, remove: true }` removes. Adding is for premium members
 * (docs/product.md#validation; 402 `premium-required` with the profile, for the no-subscription popup); removing is open to
 * everyone, so a lapsed member can still tidy their list. Both are idempotent and answer the resulting state.
 */
export async function setFavourite(deps: Deps, exec: Executor, viewer: Viewer, profileId: string, remove: boolean): Promise<{ favorite: boolean }> {
  if (!isUuid(profileId)) throw notFound('Profile not found');
  const [target] = await exec
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), visibleTo(viewer)))
    .limit(1);
  if (!target) throw notFound('Profile not found');
  if (remove) {
    await exec.delete(favourites).where(and(eq(favourites.fromProfileId, viewer.profileId), eq(favourites.toProfileId, target.id)));
    return { favorite: false };
  }
  if (!viewer.isPremium) {
    throw new ApiError(402, 'premium-required', t('profile-edit.favourite-premium-only'), { profileId: target.id, feature: 'favourite' });
  }
  await exec
    .insert(favourites)
    .values({ fromProfileId: viewer.profileId, toProfileId: target.id, createDate: deps.clock.now() })
    .onConflictDoNothing({ target: [favourites.fromProfileId, favourites.toProfileId] });
  return { favorite: true };
}

/**
 * A favourite body of PATCH /api/user/{id} (users/routes.ts), for the signed-in member: the list's overlay of
 * this member goes with it (decision 0042; other processes drop theirs on the trigger's NOTIFY).
 */
export async function applyFavourite(deps: AppDeps, userId: string, body: FavouriteBody): Promise<{ favorite: boolean }> {
  const viewer = await loadViewer(deps.db, userId);
  const answer = await setFavourite(deps, deps.db, viewer, body.favourite, body.remove === true);
  deps.profileLists.dropViewer(viewer.userId);
  return answer;
}

// ---------------------------------------------------------------- interests lists

export const interestLists = ['favorites', 'favorited-me', 'viewed', 'viewed-me', 'proposals'] as const;
export type InterestList = (typeof interestLists)[number];

type Row = CardRow & { listDate: Date; viewCount: number | null };
export type InterestCard = Card & { listDate: string; viewCount?: number };

/**
 * The five interests tabs (docs/product.md#screens-and-routes /interests). Each lists fictive profiles of the member's brand as cards,
 * newest first, with `listDate` (when favourited, last viewed, or created for proposals) and, on the view lists,
 * `viewCount`:
 * - favorites: profiles the member favourited;
 * - favorited-me: profiles that favourited the member (staff record these);
 * - viewed: profiles the member opened;
 * - viewed-me: profiles that viewed the member (staff record these);
 * - proposals: featured or new profiles of the gender the member looks for, not swiped and not favourited yet.
 */
export async function listInterests(deps: Deps, exec: Executor, viewer: Viewer, list: InterestList, paging: Paging): Promise<ListEnvelope<InterestCard>> {
  const now = deps.clock.now();
  const visible = visibleTo(viewer);
  const columns = cardColumns(now, viewer.profileId);
  const page = { limit: paging.limit, offset: (paging.page - 1) * paging.limit };

  let totalQuery: Promise<{ total: number }[]>;
  let rowsQuery: Promise<Row[]>;
  // Each branch selects the card columns plus the two extras; the builders' types differ only by their joins.
  const pageOf = (q: PromiseLike<unknown>) => q as Promise<Row[]>;

  if (list === 'favorites' || list === 'favorited-me') {
    const mine = list === 'favorites';
    const join = mine ? eq(profiles.id, favourites.toProfileId) : eq(profiles.id, favourites.fromProfileId);
    const where = and(mine ? eq(favourites.fromProfileId, viewer.profileId) : eq(favourites.toProfileId, viewer.profileId), visible);
    totalQuery = exec.select({ total: count() }).from(favourites).innerJoin(profiles, join).where(where);
    rowsQuery = pageOf(
      exec
        .select({ ...columns, listDate: favourites.createDate, viewCount: sql<null>`null` })
        .from(favourites)
        .innerJoin(profiles, join)
        .where(where)
        .orderBy(desc(favourites.createDate), asc(favourites.id))
        .limit(page.limit)
        .offset(page.offset),
    );
  } else if (list === 'viewed' || list === 'viewed-me') {
    const mine = list === 'viewed';
    const join = mine ? eq(profiles.id, profileViews.viewedProfileId) : eq(profiles.id, profileViews.viewerProfileId);
    const where = and(mine ? eq(profileViews.viewerProfileId, viewer.profileId) : eq(profileViews.viewedProfileId, viewer.profileId), visible);
    totalQuery = exec.select({ total: count() }).from(profileViews).innerJoin(profiles, join).where(where);
    rowsQuery = pageOf(
      exec
        .select({ ...columns, listDate: profileViews.lastViewDate, viewCount: profileViews.count })
        .from(profileViews)
        .innerJoin(profiles, join)
        .where(where)
        .orderBy(desc(profileViews.lastViewDate), asc(profileViews.id))
        .limit(page.limit)
        .offset(page.offset),
    );
  } else {
    const where = and(
      visible,
      eq(profiles.gender, viewer.lookingFor),
      or(eq(profiles.isFeatured, true), gt(profiles.createDate, new Date(now.getTime() - NEW_PROFILE_MS))),
      sql`not exists (select 1 from ${swipes} sw where sw.user_id = ${viewer.userId} and sw.profile_id = ${PROFILE_ID} and sw.undo_date is null)`,
      sql`not exists (select 1 from ${favourites} fa where fa.from_profile_id = ${viewer.profileId} and fa.to_profile_id = ${PROFILE_ID})`,
    ) as SQL;
    totalQuery = exec.select({ total: count() }).from(profiles).where(where);
    rowsQuery = pageOf(
      exec
        .select({ ...columns, listDate: profiles.createDate, viewCount: sql<null>`null` })
        .from(profiles)
        .where(where)
        .orderBy(desc(profiles.isFeatured), desc(profiles.createDate), asc(profiles.id))
        .limit(page.limit)
        .offset(page.offset),
    );
  }

  const [[totalRow], rows] = await Promise.all([totalQuery, rowsQuery]);
  const cards = await hydrateCards(exec, rows, now, imagePolicyFor(viewer.isPremium));
  return {
    data: cards.map(({ listDate, viewCount, ...card }) => ({
      ...card,
      listDate: new Date(listDate).toISOString(),
      ...(viewCount == null ? {} : { viewCount: Number(viewCount) }),
    })),
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    limit: paging.limit,
  };
}

// ---------------------------------------------------------------- staff: a fictive profile views or favourites a member

/**
 * The fictive profile and the member's profile, checked for the staff member: both of one brand, and the agent
 * scoped to that brand's domain (scopes are country-domain, docs/product.md#constants; admins reach every brand).
 */
async function staffPair(exec: Executor, auth: AuthContext, fictiveId: string, userId: string) {
  if (!isUuid(fictiveId) || !isUuid(userId)) throw notFound('Profile or member not found');
  const [fictive] = await exec
    .select({ id: profiles.id, brandId: profiles.brandId, domain: brands.domain })
    .from(profiles)
    .innerJoin(brands, eq(brands.id, profiles.brandId))
    .where(and(eq(profiles.id, fictiveId), eq(profiles.kind, 'fictive')))
    .limit(1);
  const [member] = await exec
    .select({ id: profiles.id, brandId: profiles.brandId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.kind, 'member')))
    .limit(1);
  if (!fictive || !member || fictive.brandId !== member.brandId) throw notFound('Profile or member not found');
  if (auth.role !== 'admin') {
    const [agent] = await exec.select({ scope: agents.scope }).from(agents).where(eq(agents.id, auth.id)).limit(1);
    if (!agent?.scope.some((s) => s.endsWith(`-${fictive.domain}`))) throw forbidden(t('error.forbidden'));
  }
  return { fictiveProfileId: fictive.id, memberProfileId: member.id };
}

/** POST /api/profile/{id}/view-member: the fictive profile visits the member (their "viewed me" list). */
export async function staffViewMember(deps: Deps, exec: Executor, auth: AuthContext, fictiveId: string, userId: string) {
  const pair = await staffPair(exec, auth, fictiveId, userId);
  const view = await recordView(exec, pair.fictiveProfileId, pair.memberProfileId, deps.clock.now());
  return { viewed: true, count: view.count, lastViewDate: view.lastViewDate.toISOString() };
}

/** POST /api/profile/{id}/favourite-member: the fictive profile favourites (or with `remove`, unfavourites) the member. */
export async function staffFavouriteMember(deps: Deps, exec: Executor, auth: AuthContext, fictiveId: string, userId: string, remove: boolean) {
  const pair = await staffPair(exec, auth, fictiveId, userId);
  if (remove) {
    await exec.delete(favourites).where(and(eq(favourites.fromProfileId, pair.fictiveProfileId), eq(favourites.toProfileId, pair.memberProfileId)));
    return { favorite: false };
  }
  await exec
    .insert(favourites)
    .values({ fromProfileId: pair.fictiveProfileId, toProfileId: pair.memberProfileId, createDate: deps.clock.now() })
    .onConflictDoNothing({ target: [favourites.fromProfileId, favourites.toProfileId] });
  return { favorite: true };
}
