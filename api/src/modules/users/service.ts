import { eq } from 'drizzle-orm';
import type { User } from '@sync/contract/entities';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { brands, profiles, users } from '../../db/schema/index.js';
import { serializeUser } from './serialize.js';

/**
 * The user state of GET /api/user/{id}, or undefined for an unknown id. Later issues add their lists here
 * (images, transactions, subscriptions, saved cards, favourites) and pass them to serializeUser.
 */
export async function loadUserState(deps: Pick<AppDeps, 'clock'>, exec: Executor, userId: string): Promise<User | undefined> {
  const [row] = await exec
    .select({ user: users, domain: brands.domain, profile: profiles })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return serializeUser({ user: row.user, domain: row.domain, profile: row.profile }, deps.clock.now());
}
