import type { Image, Profile } from '@sync/contract/entities';

/**
 * A profile as the API answers it (docs/api.md#profiles-and-matching), with the one twist docs/product.md#roles adds: photos a
 * standard member may not see arrive as `{ _id, type, blocked: true }` and are drawn as a locked tile.
 */
export interface BlockedImage {
  _id: string;
  type: Image['type'];
  blocked: true;
}
export type CardImage = Image | BlockedImage;
export type ProfileCardData = Omit<Profile, 'images'> & { images: CardImage[] };

export const PROFILE_PLACEHOLDER_SRC = '/img/profile-placeholder.svg';

export function isBlockedImage(image: CardImage): image is BlockedImage {
  return (image as BlockedImage).blocked === true;
}

/** A size variant may arrive as a URL or as `{ url }`. */
function urlOf(variant: unknown): string | null {
  if (typeof variant === 'string' && variant) return variant;
  const url = (variant as { url?: unknown } | null | undefined)?.url;
  return typeof url === 'string' && url ? url : null;
}

export type ImageSize = 'small' | 'medium' | 'large';

const FALLBACK_ORDER: Record<ImageSize, readonly (keyof Image)[]> = {
  small: ['small', 'medium', 'large', 'original'],
  medium: ['medium', 'large', 'small', 'original'],
  large: ['large', 'original', 'medium', 'small'],
};

/** The best URL of an image for a size, or null for a blocked or unprocessed one. */
export function imageUrl(image: CardImage | undefined, size: ImageSize = 'medium'): string | null {
  if (!image || isBlockedImage(image)) return null;
  for (const key of FALLBACK_ORDER[size]) {
    const url = urlOf(image[key]);
    if (url) return url;
  }
  return null;
}

/** Widths of the API's size variants (docs/product.md#data), for `srcset`. */
const VARIANT_WIDTHS: Record<ImageSize, number> = { small: 200, medium: 480, large: 960 };

export interface ImageSources {
  /** JPEG sizes, the fallback every browser reads. */
  srcSet?: string;
  /** The WebP twins, when the picture has them. */
  webpSrcSet?: string;
}

/** `srcset` lists of an image's sizes up to `largest`, so the browser picks by the slot's width and the screen's density. */
export function imageSources(image: CardImage | undefined, largest: ImageSize = 'medium'): ImageSources {
  if (!image || isBlockedImage(image)) return {};
  const sizes = (['small', 'medium', 'large'] as const).slice(0, ['small', 'medium', 'large'].indexOf(largest) + 1);
  const list = (urls: Partial<Record<ImageSize, unknown>> | undefined) => {
    const entries = sizes.flatMap((size) => {
      const url = urlOf(urls?.[size]);
      return url ? [`${url} ${VARIANT_WIDTHS[size]}w`] : [];
    });
    return entries.length > 0 ? entries.join(', ') : undefined;
  };
  const out: ImageSources = {};
  const jpeg = list(image);
  if (jpeg) out.srcSet = jpeg;
  const webp = list(image.webp);
  if (webp) out.webpSrcSet = webp;
  return out;
}

/** The photo a card shows: the avatar when there is a visible one, else the first visible photo. */
export function coverImage(profile: Pick<ProfileCardData, 'images'>): CardImage | undefined {
  const visible = profile.images.filter((image) => !isBlockedImage(image));
  return visible.find((image) => image.type === 'avatar') ?? visible[0];
}

/** "Austin, TX" or '' */
export function placeOf(profile: Pick<ProfileCardData, 'location'>): string {
  const location = profile.location;
  if (!location?.city) return '';
  return location.state ? `${location.city}, ${location.state}` : location.city;
}

