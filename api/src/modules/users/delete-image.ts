import { and, eq } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { Image } from '@sync/contract/entities';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps } from '../../context.js';
import { images, profiles } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { recomputeCompletion } from '../profiles/completion.js';
import { deleteStoredFiles, ownImages, promoteNextAvatar, storageKeysOf } from '../profiles/own-images.js';

/**
 * DELETE /api/user/{id}/image/{imageId}: only the member's own image (404 for any other id). The row goes in
 * one transaction with the avatar hand-over; the files go after it commits, so a failed delete never leaves
 * a row pointing at missing files.
 */
export async function deleteOwnImage(deps: AppDeps, userId: string, imageId: string): Promise<{ images: Image[]; profileCompleted: boolean }> {
  const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));
  if (!isUuid(imageId)) throw notFound();
  const now = deps.clock.now();
  const { removed, gallery, completed } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ image: images, profileId: profiles.id })
      .from(images)
      .innerJoin(profiles, eq(profiles.id, images.profileId))
      .where(and(eq(images.id, imageId), eq(profiles.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    await tx.delete(images).where(eq(images.id, imageId));
    if (row.image.type === 'avatar') await promoteNextAvatar(tx, row.profileId, now);
    const { completed } = await recomputeCompletion(tx, userId, now);
    return { removed: row.image, gallery: await ownImages(tx, row.profileId), completed };
  });
  await deleteStoredFiles(deps, storageKeysOf(removed));
  return { images: gallery, profileCompleted: completed };
}
