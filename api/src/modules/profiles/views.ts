import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profileViews } from '../../db/schema/index.js';

/**
 * One row per viewer and viewed profile, counting visits: "viewed" and "viewed me" list each profile once,
 * newest visit first. A single upsert, so two tabs opening the same profile count two visits, never fail.
 */
export async function recordView(exec: Executor, viewerProfileId: string, viewedProfileId: string, now: Date) {
  const [row] = await exec
    .insert(profileViews)
    .values({ viewerProfileId, viewedProfileId, count: 1, createDate: now, lastViewDate: now })
    .onConflictDoUpdate({
      target: [profileViews.viewerProfileId, profileViews.viewedProfileId],
      set: { count: sql`${profileViews.count} + 1`, lastViewDate: now },
    })
    .returning({ count: profileViews.count, lastViewDate: profileViews.lastViewDate });
  return row!;
}
