import { and, eq, sql } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { brands, profiles, subscriptions, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/** The signed-in member as browsing, swiping and favouriting need them. */
export interface Viewer {
  userId: string;
  /** The member's own brand: everything they see is scoped to it. */
  brandId: string;
  /** The brand's time zone: the likes allowance refills at its midnight. */
  timezone: string;
  /** The member's own `profiles` row (kind member): the "from" side of views and favourites. */
  profileId: string;
  /** Whom the member looks for (sign-up's lookingFor): the default gender of every list. */
  lookingFor: 'man' | 'woman';
  isPremium: boolean;
  lookingForAgeMin: number | null;
  lookingForAgeMax: number | null;
}

/**
 * Loads the member behind a token. Premium is the flag or a live subscription, as the user state reports it.
 * Registration creates the member's profile row; an account made another way gets one here on first use, so
 * views and favourites always have a "from" side.
 */
export async function loadViewer(exec: Executor, userId: string): Promise<Viewer> {
  const read = () =>
    exec
      .select({
        userId: users.id,
        brandId: users.brandId,
        timezone: brands.timezone,
        profileId: profiles.id,
        lookingFor: users.lookingFor,
        isPremium: sql<boolean>`(${users.isPremium} or exists (select 1 from ${subscriptions} s where s.user_id = ${users.id} and s.active))`,
        lookingForAgeMin: profiles.lookingForAgeMin,
        lookingForAgeMax: profiles.lookingForAgeMax,
      })
      .from(users)
      .innerJoin(brands, eq(brands.id, users.brandId))
      .leftJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.kind, 'member')))
      .where(eq(users.id, userId))
      .limit(1);
  let [row] = await read();
  if (!row) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
  if (!row.profileId) {
    const [user] = await exec.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
    await exec
      .insert(profiles)
      .values({
        kind: 'member',
        userId,
        brandId: user.brandId,
        username: user.username,
        gender: user.gender,
        birthDate: user.birthDate,
        country: user.country,
        location: { country: user.country },
      })
      .onConflictDoNothing({ target: profiles.userId });
    [row] = await read();
  }
  if (!row?.profileId) throw new Error(`member profile of ${userId} could not be created`);
  return { ...row, profileId: row.profileId, isPremium: Boolean(row.isPremium) };
}
