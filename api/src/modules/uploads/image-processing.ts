import sharp, { type Metadata, type Sharp } from 'sharp';
import { t } from '@sync/texts';
import { ApiError } from '../../lib/errors.js';

/** docs/product.md#validation / docs/product.md#constants image limits. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MIN_LONG_SIDE = 640;
export const MIN_SHORT_SIDE = 360;
export const MAX_LONG_SIDE = 3840;
export const MAX_SHORT_SIDE = 2160;
export const JPEG_QUALITY = 80;
/**
 * Decompression-bomb guard: a small file can declare a huge canvas. Anything above this many pixels is refused
 * from its header alone, before a single pixel is decoded (a 5 MB cap does not bound the decoded size).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The stored sizes. `outside` keeps the aspect ratio and makes both sides at least the box, so a card that
 * crops to 4:5 (like the generated portraits) never enlarges; smaller originals are never scaled up.
 */
export const UPLOAD_VARIANTS = {
  small: { width: 200, height: 250 },
  medium: { width: 480, height: 600 },
  large: { width: 960, height: 1200 },
} as const;
export type UploadVariantName = keyof typeof UPLOAD_VARIANTS | 'original';

export interface ProcessedVariant {
  name: UploadVariantName;
  buffer: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The format the content really is, whatever the name or declared type said. */
  sourceFormat: 'jpeg' | 'png';
  /** The stored original: auto-oriented, at most 3840×2160 (either orientation), JPEG without metadata. */
  original: ProcessedVariant;
  variants: ProcessedVariant[];
}

const invalidType = () => new ApiError(400, 'invalid-file-type', t('image-uploader.invalid-type'));
const tooBig = () => new ApiError(413, 'file-too-large', t('image-uploader.max-size'));
const tooSmall = () => new ApiError(400, 'image-too-small', t('image-uploader.min-dimension'));
const tooManyPixels = () => new ApiError(400, 'image-too-large', 'The image has too many pixels to process');

/** The format by content: JPEG starts FF D8 FF, PNG with its 8-byte signature. Nothing else is accepted. */
export function sniffFormat(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** sharp reading only what we allow: the pixel cap, and a broken file is an error rather than a half image. */
function open(input: Buffer) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
}

/**
 * Checks one upload against the docs/product.md#validation rules from its header (type, size, dimensions, pixel count), without
 * decoding it. Throws the ApiError the client sees.
 */
export async function inspectUpload(input: Buffer): Promise<{ format: 'jpeg' | 'png'; width: number; height: number }> {
  if (input.length > MAX_FILE_BYTES) throw tooBig();
  const format = sniffFormat(input);
  if (!format) throw invalidType();
  let meta: Metadata;
  try {
    // Header only (no pixels decoded), without the pixel cap, so an oversized canvas gets its own answer below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidType();
  }
  if (meta.format !== format || !meta.width || !meta.height) throw invalidType();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  const long = Math.max(meta.width, meta.height);
  const short = Math.min(meta.width, meta.height);
  if (long < MIN_LONG_SIDE || short < MIN_SHORT_SIDE) throw tooSmall();
  // EXIF orientations 5 to 8 turn the picture a quarter: the upright image has the sides swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return { format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
}

async function toJpeg(pipeline: Sharp, name: UploadVariantName): Promise<ProcessedVariant> {
  // No withMetadata(): sharp writes no EXIF, XMP or ICC-less GPS data, so nothing about the camera or place leaks.
  const { data, info } = await pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  return { name, buffer: data, width: info.width, height: info.height };
}

/**
 * Validates and re-encodes one upload: turned upright by its EXIF orientation, scaled down to fit 3840×2160
 * (2160×3840 for portraits), transparency flattened on white, every size as JPEG quality 80 without metadata.
 */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  const { format, width, height } = await inspectUpload(input);
  const landscape = width >= height;
  try {
    const original = await toJpeg(
      open(input)
        .rotate()
        .resize({
          width: landscape ? MAX_LONG_SIDE : MAX_SHORT_SIDE,
          height: landscape ? MAX_SHORT_SIDE : MAX_LONG_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' }),
      'original',
    );
    const variants = await Promise.all(
      (Object.entries(UPLOAD_VARIANTS) as [keyof typeof UPLOAD_VARIANTS, { width: number; height: number }][]).map(([name, box]) =>
        toJpeg(sharp(original.buffer).resize({ ...box, fit: 'outside', withoutEnlargement: true }), name),
      ),
    );
    return { sourceFormat: format, original, variants };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The header was fine but the pixels are not (truncated or corrupt data).
    throw invalidType();
  }
}
