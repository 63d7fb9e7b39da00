import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Image } from '@sync/contract/entities';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import { serializeImage } from './cards.js';

type ImageRow = typeof images.$inferSelect;

/** The kinds that make up a member's own gallery; message images belong to conversations. */
export const OWN_GALLERY_TYPES = ['avatar', 'photo', 'hidden'] as const;

/**
 * The member's own gallery as the user state shows it (docs/product.md#data `images`): pending ones with
 * `under_moderation: true` so the pending-approval label shows, rejected ones left out, avatar first.
 */
export async function ownImageRows(exec: Executor, profileId: string): Promise<ImageRow[]> {
  return exec
    .select()
    .from(images)
    .where(and(eq(images.profileId, profileId), ne(images.moderation, 'rejected'), inArray(images.type, [...OWN_GALLERY_TYPES])))
    .orderBy(sql`(${images.type} = 'avatar') desc`, asc(images.sortOrder), asc(images.createDate), asc(images.id));
}

export async function ownImages(exec: Executor, profileId: string): Promise<Image[]> {
  return (await ownImageRows(exec, profileId)).map(serializeImage);
}

/** Every storage key an image row owns: the original and each size variant. */
export function storageKeysOf(row: Pick<ImageRow, 'storageKey' | 'variants'>): string[] {
  const keys = new Set<string>([row.storageKey]);
  for (const variant of Object.values(row.variants)) {
    const key = variant.url.startsWith('/api/media/') ? variant.url.slice('/api/media/'.length) : null;
    if (key) keys.add(key);
  }
  return [...keys];
}

/** Removes stored files; a file that cannot be removed is logged, never undoes what the caller did. */
export async function deleteStoredFiles(deps: Pick<AppDeps, 'providers'>, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deps.providers.storage.delete(key);
      } catch (err) {
        console.error(`[storage] could not delete ${key}:`, err instanceof Error ? err.message : err);
      }
    }),
  );
}

/**
 * After the avatar went away (deleted or rejected): the newest approved photo becomes the avatar, or the
 * member has none. Only approved photos qualify, so a picture nobody checked never becomes the face of a card.
 */
export async function promoteNextAvatar(exec: Executor, profileId: string, now: Date): Promise<string | null> {
  const [hasAvatar] = await exec
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.profileId, profileId), eq(images.type, 'avatar'), ne(images.moderation, 'rejected')))
    .limit(1);
  if (hasAvatar) return null;
  const [next] = await exec
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.profileId, profileId), eq(images.type, 'photo'), eq(images.moderation, 'approved')))
    .orderBy(asc(images.sortOrder), asc(images.createDate), asc(images.id))
    .limit(1);
  if (!next) return null;
  await exec.update(images).set({ type: 'avatar', updateDate: now }).where(eq(images.id, next.id));
  return next.id;
}
