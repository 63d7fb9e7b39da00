import type { TextKey } from '../texts.js';

/**
 * docs/product.md#image-upload on the device, for every uploader (album, avatar, chat attachment): jpeg or png by
 * content, at most 5 MB, at least 640 x 360, larger than 3840 x 2160 scaled down at jpeg quality 0.8.
 * The API checks the same again (api/src/modules/uploads).
 */
export const MAX_BYTES = 5 * 1024 * 1024;
export const MIN_SIZE = { width: 640, height: 360 } as const;
export const MAX_SIZE = { width: 3840, height: 2160 } as const;
export const SCALED_JPEG_QUALITY = 0.8;

/** JPEG starts FF D8 FF, PNG 89 50 4E 47: the content decides, not the name. */
export function sniffImageType(head: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 4 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'image/png';
  return null;
}

/** Checks that need only the bytes: type and size. Returns the catalogue key of the documented text. */
export function checkFileBasics(file: { size: number }, head: Uint8Array): TextKey | null {
  if (!sniffImageType(head)) return 'image-uploader.invalid-type';
  if (file.size > MAX_BYTES) return 'image-uploader.max-size';
  return null;
}

/** At least 640 x 360, in either orientation of the rule (a portrait 360 x 640 photo is fine). */
export function checkDimensions(width: number, height: number): TextKey | null {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return long < MIN_SIZE.width || short < MIN_SIZE.height ? 'image-uploader.min-dimension' : null;
}

/** The size to scale to when larger than 3840 x 2160 (orientation kept), or null when it fits. */
export function scaledSize(width: number, height: number): { width: number; height: number } | null {
  const landscape = width >= height;
  const boxW = landscape ? MAX_SIZE.width : MAX_SIZE.height;
  const boxH = landscape ? MAX_SIZE.height : MAX_SIZE.width;
  if (width <= boxW && height <= boxH) return null;
  const ratio = Math.min(boxW / width, boxH / height);
  return { width: Math.round(width * ratio), height: Math.round(height * ratio) };
}
