import { eq, sql } from 'drizzle-orm';
import type { User } from '@sync/contract/entities';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { brands, profiles, subscriptions, users } from '../../db/schema/index.js';
import { memberInterestIds } from '../interests/user-lists.js';
import { refillLikes } from '../matching/likes-allowance.js';
import { ownImages } from '../profiles/own-images.js';
import { memberPayments } from './payment-parts.js';
import { serializeUser } from './serialize.js';

/**
 * The user state of GET /api/user/{id}, or undefined for an unknown id: the account, its own profile details
 * (the edit screen loads from this one call), its own gallery, favourites and views. Likes are refilled first,
 * so a new day's allowance shows without a swipe. Later issues add their lists (transactions, subscriptions,
 * saved cards) and pass them to serializeUser.
 */
export async function loadUserState(deps: Pick<AppDeps, 'clock'>, exec: Executor, userId: string): Promise<User | undefined> {
  const now = deps.clock.now();
  const [member] = await exec
    .select({
      timezone: brands.timezone,
      isPremium: sql<boolean>`(${users.isPremium} or exists (select 1 from ${subscriptions} s where s.user_id = ${users.id} and s.active))`,
    })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!member) return undefined;
  await refillLikes(exec, { userId, isPremium: Boolean(member.isPremium), timezone: member.timezone }, now);

  const [row] = await exec
    .select({ user: users, domain: brands.domain, profile: profiles, brandAgeVerification: brands.ageVerificationRequired })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const [interests, gallery, payments] = await Promise.all([
    memberInterestIds(exec, userId),
    row.profile ? ownImages(exec, row.profile.id) : Promise.resolve([]),
    memberPayments(exec, userId),
  ]);
  return serializeUser(
    {
      user: row.user,
      domain: row.domain,
      profile: row.profile,
      images: gallery,
      ...interests,
      ...payments,
      // Applicable per brand or per account (docs/decisions/0009-age-verification-gates.md).
      ageVerificationApplicable: row.user.ageVerificationApplicable || row.brandAgeVerification,
    },
    now,
  );
}
