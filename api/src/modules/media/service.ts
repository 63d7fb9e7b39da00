import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { images } from '../../db/schema/index.js';
import { contentTypeOfKey } from '../../providers/storage/storage.js';
import { generatedVariantKey, parseGeneratedKey, renderPortrait, type ImageVariantName } from './generated-image.js';
import type { PortraitSpec } from './portrait-svg.js';

export interface MediaBody {
  body: ReadableStream<Uint8Array> | Buffer;
  contentType: string;
  size: number;
}

// One render per key at a time: a page of cards asking for one picture twice draws it once.
const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The stored file for `key`, or null. Generated portraits are drawn on first request and stored, but only
 * for keys an `images` row names, so made-up keys cannot fill the disk.
 */
export async function loadMedia(deps: AppDeps, key: string): Promise<MediaBody | null> {
  const contentType = contentTypeOfKey(key);
  if (!contentType) return null;
  const stored = await deps.providers.storage.get(key);
  if (stored) return stored;
  const generated = parseGeneratedKey(key);
  if (!generated) return null;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = drawAndStore(deps, key, generated).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const buffer = await pending;
  return buffer ? { body: buffer, contentType, size: buffer.length } : null;
}

async function drawAndStore(
  deps: AppDeps,
  key: string,
  { spec, variant }: { spec: PortraitSpec; variant: ImageVariantName },
): Promise<Buffer | null> {
  const [row] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.storageKey, generatedVariantKey(spec, 'large')))
    .limit(1);
  if (!row) return null;
  const buffer = await renderPortrait(spec, variant);
  await deps.providers.storage.put(key, buffer, 'image/jpeg');
  return buffer;
}

/** The public address of a stored file. */
export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}
