import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { images } from '../../db/schema/index.js';
import { contentTypeOfKey } from '../../providers/storage/storage.js';
import { GENERATED_FORMATS, generatedVariantKey, parseGeneratedKey, renderPortrait, type GeneratedFormat, type ImageVariantName } from './generated-image.js';
import type { PortraitSpec } from './portrait-svg.js';

export interface MediaBody {
  body: ReadableStream<Uint8Array> | Buffer;
  contentType: string;
  size: number;
}

// One render per drawing at a time: a page of cards asking for one picture twice, or for its JPEG and its
// WebP, draws it once.
const inFlight = new Map<string, Promise<Record<GeneratedFormat, Buffer> | null>>();

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
  const drawn = await drawGenerated(deps, generated.spec, generated.variant);
  const buffer = drawn?.[generated.format];
  return buffer ? { body: buffer, contentType, size: buffer.length } : null;
}

/**
 * Draws one size of a seeded portrait in every format and stores them, unless an `images` row does not name
 * it (made-up keys cannot fill the disk). The seed's background job calls it ahead of the first visit.
 */
export function drawGenerated(deps: AppDeps, spec: PortraitSpec, variant: ImageVariantName): Promise<Record<GeneratedFormat, Buffer> | null> {
  const drawingKey = generatedVariantKey(spec, variant);
  let pending = inFlight.get(drawingKey);
  if (!pending) {
    pending = drawAndStore(deps, spec, variant).finally(() => inFlight.delete(drawingKey));
    inFlight.set(drawingKey, pending);
  }
  return pending;
}

async function drawAndStore(deps: AppDeps, spec: PortraitSpec, variant: ImageVariantName): Promise<Record<GeneratedFormat, Buffer> | null> {
  const [row] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.storageKey, generatedVariantKey(spec, 'large')))
    .limit(1);
  if (!row) return null;
  const drawn = await renderPortrait(spec, variant);
  for (const format of GENERATED_FORMATS) {
    const key = generatedVariantKey(spec, variant, format);
    await deps.providers.storage.put(key, drawn[format], contentTypeOfKey(key)!);
  }
  return drawn;
}

/** The public address of a stored file. */
export function mediaUrl(key: string): string {
  return `/api/media/${key}`;
}
