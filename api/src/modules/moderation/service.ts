import { count, desc, eq } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { Image } from '@sync/contract/entities';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps } from '../../context.js';
import { images, profiles, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { serializeImage } from '../profiles/cards.js';
import type { Paging } from '@sync/contract/query';
import { recomputeCompletion } from '../profiles/completion.js';
import { ownImages, promoteNextAvatar } from '../profiles/own-images.js';
import type { ModerationStatus } from '@sync/contract/safety';


/** One row of the admin moderation list: the image as members get it, plus whose it is and its state. */
export type ModerationItem = Image & {
  status: ModerationStatus;
  createDate: string;
  updateDate: string;
  width: number;
  height: number;
  profileId: string | null;
  profileKind: 'member' | 'fictive' | null;
  /** The member who uploaded it (null for a fictive profile's image). */
  userId: string | null;
  username: string | null;
};

// Realtime payloads go through PostgreSQL NOTIFY (hub.ts caps them near 7.5 kB); a big gallery sends a refetch hint.
const MAX_GALLERY_PAYLOAD = 6000;

const columns = {
  image: images,
  profileId: profiles.id,
  profileKind: profiles.kind,
  profileUsername: profiles.username,
  userId: users.id,
  username: users.username,
};
type Row = { image: typeof images.$inferSelect; profileId: string | null; profileKind: 'member' | 'fictive' | null; profileUsername: string | null; userId: string | null; username: string | null };

function toItem(row: Row): ModerationItem {
  return {
    ...serializeImage(row.image),
    status: row.image.moderation,
    createDate: row.image.createDate.toISOString(),
    updateDate: row.image.updateDate.toISOString(),
    width: row.image.width,
    height: row.image.height,
    profileId: row.profileId,
    profileKind: row.profileKind,
    userId: row.userId,
    username: row.username ?? row.profileUsername,
  };
}

/** GET /api/moderation/images: newest first, in the list envelope. */
export async function listModeration(deps: Pick<AppDeps, 'db'>, status: ModerationStatus, paging: Paging) {
  const where = eq(images.moderation, status);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(columns)
      .from(images)
      .leftJoin(profiles, eq(profiles.id, images.profileId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(where)
      .orderBy(desc(images.createDate), desc(images.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    deps.db.select({ n: count() }).from(images).where(where),
  ]);
  return { data: rows.map(toItem), total: Number(total?.n ?? 0), page: paging.page, limit: paging.limit };
}

/**
 * Approves or rejects one image. A rejected avatar hands over to the next approved photo; completion is
 * recomputed; the member hears it live as `userUpdate` with their gallery, so the pending label goes.
 */
export async function decide(deps: AppDeps, imageId: string, status: 'approved' | 'rejected'): Promise<ModerationItem> {
  const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));
  if (!isUuid(imageId)) throw notFound();
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: images.id }).from(images).where(eq(images.id, imageId)).for('update');
    if (!found) throw notFound();
    await tx.update(images).set({ moderation: status, updateDate: now }).where(eq(images.id, imageId));
    const [row] = await tx
      .select(columns)
      .from(images)
      .leftJoin(profiles, eq(profiles.id, images.profileId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(eq(images.id, imageId));
    if (!row) throw notFound();
    let update: Record<string, unknown> | undefined;
    if (row.profileId && status === 'rejected' && row.image.type === 'avatar') await promoteNextAvatar(tx, row.profileId, now);
    if (row.userId && row.profileId) {
      await recomputeCompletion(tx, row.userId, now);
      const [member] = await tx.select({ promotions: users.promotions }).from(users).where(eq(users.id, row.userId));
      update = { images: await ownImages(tx, row.profileId), promotions: member?.promotions };
    }
    return { item: toItem(row), userId: row.userId, update };
  });
  if (result.userId && result.update) {
    const payload = JSON.stringify(result.update).length <= MAX_GALLERY_PAYLOAD ? result.update : { stale: ['images'], promotions: result.update.promotions };
    try {
      await deps.realtime.publish(`user:${result.userId}`, { event: 'userUpdate', payload });
    } catch (err) {
      // The decision is saved; the member sees it on the next load of the user state.
      console.error('[moderation] userUpdate could not be published:', err instanceof Error ? err.message : err);
    }
  }
  return result.item;
}
