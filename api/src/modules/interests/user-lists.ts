import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { favourites, profileViews, profiles } from '../../db/schema/index.js';

/**
 * The user state's `profile.favourites` and `profile.viewed` (docs/product.md#data): ids of the profiles the member
 * favourited and viewed, newest first. For GET /api/user/{id} (users module) to pass to serializeUser.
 */
export async function memberInterestIds(exec: Executor, userId: string): Promise<{ favourites: string[]; viewed: string[] }> {
  const [own] = await exec.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!own) return { favourites: [], viewed: [] };
  const [favs, views] = await Promise.all([
    exec.select({ id: favourites.toProfileId }).from(favourites).where(eq(favourites.fromProfileId, own.id)).orderBy(desc(favourites.createDate)),
    exec.select({ id: profileViews.viewedProfileId }).from(profileViews).where(eq(profileViews.viewerProfileId, own.id)).orderBy(desc(profileViews.lastViewDate)),
  ]);
  return { favourites: favs.map((r) => r.id), viewed: views.map((r) => r.id) };
}
