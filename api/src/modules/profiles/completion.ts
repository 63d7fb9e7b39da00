import { eq, sql } from 'drizzle-orm';
import { isProfileComplete } from '@sync/contract/profile-edit';
import type { Executor } from '../../db/client.js';
import { profiles, users } from '../../db/schema/index.js';
import { ownImageRows } from './own-images.js';

/**
 * Recomputes `promotions.complete_profile` (docs/product.md#verification checklist, the shared rule) after anything that can change
 * it: a profile save, an upload, a deleted or rejected image. `completed` is true only on the write that flips
 * it to complete, so the web opens the profile-completed popup once.
 */
export async function recomputeCompletion(exec: Executor, userId: string, now: Date): Promise<{ complete: boolean; completed: boolean }> {
  const [row] = await exec
    .select({ promotions: users.promotions, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { complete: false, completed: false };
  const gallery = row.profile ? await ownImageRows(exec, row.profile.id) : [];
  const p = row.profile;
  const complete = isProfileComplete({
    images: gallery,
    profile: p
      ? {
          lookingFor: p.lookingForTags,
          aboutMe: p.aboutMe,
          height: p.heightCm,
          hairColor: p.hairColor,
          eyeColor: p.eyeColor,
          relationshipStatus: p.relationshipStatus,
          bodyType: p.bodyType,
        }
      : {},
  });
  const was = row.promotions.complete_profile;
  if (complete !== was) {
    await exec
      .update(users)
      // jsonb_set touches only this key, so a purchase flipping firstPurchasePromotion meanwhile is kept.
      .set({ promotions: sql`jsonb_set(${users.promotions}, '{complete_profile}', ${complete ? 'true' : 'false'}::jsonb)`, updateDate: now })
      .where(eq(users.id, userId));
  }
  return { complete, completed: complete && !was };
}
