import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Image } from '@sync/contract/entities';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps } from '../../context.js';
import { images, type ImageVariant } from '../../db/schema/index.js';
import { mediaUrl } from '../media/service.js';
import { serializeImage } from '../profiles/cards.js';
import { loadViewer } from '../profiles/viewer.js';
import { recomputeCompletion } from '../profiles/completion.js';
import { deleteStoredFiles, ownImages } from '../profiles/own-images.js';
import type { ProcessedImage } from './image-processing.js';
import type { UploadType } from '@sync/contract/uploads';


export interface UploadResult {
  /** The images this upload made, each pending moderation. */
  images: Image[];
  /** The member's whole own gallery after the upload (avatar and photos; message images are not in it). */
  gallery: Image[];
  /** True when this upload completed the profile (docs/product.md#verification checklist): the web opens the popup. */
  profileCompleted: boolean;
}

interface Planned {
  id: string;
  processed: ProcessedImage;
  files: { key: string; buffer: Buffer }[];
  variants: Record<string, ImageVariant>;
}

/**
 * Stores already validated uploads: files first, then every row in one transaction. When the rows cannot be
 * written, the files written for them are removed again, so a failed upload leaves nothing behind.
 */
export async function storeUploads(deps: AppDeps, userId: string, type: UploadType, processed: ProcessedImage[]): Promise<UploadResult> {
  const { profileId } = await loadViewer(deps.db, userId);
  const planned = plan(profileId, processed);
  try {
    await putFiles(deps, planned);
    const now = deps.clock.now();
    return await deps.db.transaction(async (tx) => {
      if (type === 'avatar') {
        // One avatar per member: the one it replaces stays in the album as a photo.
        await tx
          .update(images)
          .set({ type: 'photo', updateDate: now })
          .where(and(eq(images.profileId, profileId), eq(images.type, 'avatar'), ne(images.moderation, 'rejected')));
      }
      const [order] = await tx
        .select({ next: sql<number>`coalesce(max(${images.sortOrder}), -1) + 1` })
        .from(images)
        .where(eq(images.profileId, profileId));
      const rows = await tx
        .insert(images)
        .values(rowsFor(profileId, type, planned, Number(order?.next ?? 0), 'pending', now))
        .returning();
      const { completed } = type === 'message' ? { completed: false } : await recomputeCompletion(tx, userId, now);
      return { images: rows.map(serializeImage), gallery: await ownImages(tx, profileId), profileCompleted: completed };
    });
  } catch (err) {
    await deleteStoredFiles(deps, keysOf(planned));
    throw err;
  }
}

/**
 * An agent's reply image (POST /api/profile/:id/upload): type `attachment`, owned by the fictive profile and
 * never in its gallery. Staff pictures do not wait in the members' moderation queue, so it is stored approved.
 */
export async function storeProfileAttachment(deps: AppDeps, profileId: string, processed: ProcessedImage): Promise<{ images: Image[] }> {
  const planned = plan(profileId, [processed]);
  try {
    await putFiles(deps, planned);
    const rows = await deps.db.insert(images).values(rowsFor(profileId, 'attachment', planned, 0, 'approved', deps.clock.now())).returning();
    return { images: rows.map(serializeImage) };
  } catch (err) {
    await deleteStoredFiles(deps, keysOf(planned));
    throw err;
  }
}

const ATTACHMENT_SIZES = new Set(['small', 'medium', 'large', 'original']);

/** The stored file of a message image (a member's `message` or a profile's `attachment`) in the asked size. */
export async function attachmentUrl(deps: AppDeps, imageId: string, size: string): Promise<string | null> {
  if (!ATTACHMENT_SIZES.has(size) || !isUuid(imageId)) return null;
  const [row] = await deps.db
    .select({ variants: images.variants })
    .from(images)
    .where(and(eq(images.id, imageId), inArray(images.type, ['message', 'attachment']), ne(images.moderation, 'rejected')));
  return row?.variants[size]?.url ?? null;
}

function plan(profileId: string, processed: ProcessedImage[]): Planned[] {
  return processed.map((p) => {
    const id = randomUUID();
    const base = `u/${profileId}/${id}`;
    const all = [p.original, ...p.variants];
    return {
      id,
      processed: p,
      files: all.map((v) => ({ key: `${base}/${v.name}.jpg`, buffer: v.buffer })),
      variants: Object.fromEntries(all.map((v) => [v.name, { url: mediaUrl(`${base}/${v.name}.jpg`), width: v.width, height: v.height }])),
    };
  });
}

const keysOf = (planned: Planned[]) => planned.flatMap((p) => p.files.map((f) => f.key));

async function putFiles(deps: AppDeps, planned: Planned[]): Promise<void> {
  await Promise.all(planned.flatMap((p) => p.files.map((f) => deps.providers.storage.put(f.key, f.buffer, 'image/jpeg'))));
}

function rowsFor(
  profileId: string,
  type: UploadType | 'attachment',
  planned: Planned[],
  firstSortOrder: number,
  moderation: 'pending' | 'approved',
  now: Date,
): (typeof images.$inferInsert)[] {
  return planned.map((p, i) => ({
    id: p.id,
    profileId,
    type,
    processed: true,
    moderation,
    variants: p.variants,
    storageKey: p.files[0]!.key,
    mime: 'image/jpeg',
    width: p.processed.original.width,
    height: p.processed.original.height,
    bytes: p.processed.original.buffer.length,
    sortOrder: firstSortOrder + i,
    createDate: now,
    updateDate: now,
  }));
}
