import sharp from 'sharp';
import {
  BODY_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  SCENES,
  personSvg,
  sceneSvg,
  seededRandom,
  type PortraitSpec,
} from './portrait-svg.js';

/** The sizes every profile image comes in (docs/product.md#data image size variants), all 4:5 like the profile cards. */
export const IMAGE_VARIANTS = {
  small: { width: 200, height: 250 },
  medium: { width: 480, height: 600 },
  large: { width: 960, height: 1200 },
} as const;
export type ImageVariantName = keyof typeof IMAGE_VARIANTS;
export const IMAGE_VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as ImageVariantName[];

export const JPEG_QUALITY = 80;
/** About 45% of the JPEG's bytes at the same look; every browser the PWA supports decodes it. */
export const WEBP_QUALITY = 75;
/** Every generated portrait is stored as a JPEG (the fallback) and a WebP twin of the same drawing. */
export const GENERATED_FORMATS = ['jpg', 'webp'] as const;
export type GeneratedFormat = (typeof GENERATED_FORMATS)[number];
/** The scene is drawn this small and enlarged, which blurs it like a lens focused on the face. */
const SCENE_DRAW_WIDTH = 150;

const GENERATED_PREFIX = 'gen/';

/**
 * A generated portrait's keys spell out everything it is drawn from, so any process can draw it again
 * from the key alone: `gen/<gender>.<ethnicity>.<hair>.<eyes>.<body>.<age>.<scene>.<seed hex>/<variant>.<jpg|webp>`.
 */
export function generatedBaseKey(spec: PortraitSpec): string {
  const seed = (spec.seed >>> 0).toString(16).padStart(8, '0');
  return `${GENERATED_PREFIX}${spec.gender}.${spec.ethnicity}.${spec.hairColor}.${spec.eyeColor}.${spec.bodyType}.${spec.age}.${spec.scene}.${seed}`;
}

export function generatedVariantKey(spec: PortraitSpec, variant: ImageVariantName, format: GeneratedFormat = 'jpg'): string {
  return `${generatedBaseKey(spec)}/${variant}.${format}`;
}

const oneOf = (values: readonly string[]) => `(${values.map((v) => v.replace(/-/g, '\\-')).join('|')})`;
const KEY_RE = new RegExp(
  `^gen/${oneOf(GENDERS)}\\.${oneOf(ETHNICITIES)}\\.${oneOf(HAIR_COLORS)}\\.${oneOf(EYE_COLORS)}\\.${oneOf(BODY_TYPES)}\\.(1[89]|[2-9][0-9])\\.${oneOf(SCENES)}\\.([0-9a-f]{8})/${oneOf(IMAGE_VARIANT_NAMES)}\\.${oneOf(GENERATED_FORMATS)}$`,
);

/** The spec and variant a generated key names, or null for any other key. */
export function parseGeneratedKey(key: string): { spec: PortraitSpec; variant: ImageVariantName; format: GeneratedFormat; baseKey: string } | null {
  const m = KEY_RE.exec(key);
  if (!m) return null;
  const spec: PortraitSpec = {
    gender: m[1] as PortraitSpec['gender'],
    ethnicity: m[2] as PortraitSpec['ethnicity'],
    hairColor: m[3] as PortraitSpec['hairColor'],
    eyeColor: m[4] as PortraitSpec['eyeColor'],
    bodyType: m[5] as PortraitSpec['bodyType'],
    age: Number(m[6]),
    scene: m[7] as PortraitSpec['scene'],
    seed: parseInt(m[8]!, 16),
  };
  return { spec, variant: m[9] as ImageVariantName, format: m[10] as GeneratedFormat, baseKey: key.slice(0, key.lastIndexOf('/')) };
}

const GRAIN_SIZE = 128;
let grain: Buffer | undefined;

/** A fixed tile of soft grey noise: laid over the drawing it gives the grain of a photograph. */
function grainTile(): Buffer {
  if (grain) return grain;
  const rnd = seededRandom(0x9e3779b9);
  const buf = Buffer.alloc(GRAIN_SIZE * GRAIN_SIZE * 4);
  for (let i = 0; i < GRAIN_SIZE * GRAIN_SIZE; i++) {
    const v = Math.round(128 + (rnd.next() + rnd.next() + rnd.next() - 1.5) * 90);
    buf[i * 4] = buf[i * 4 + 1] = buf[i * 4 + 2] = Math.max(0, Math.min(255, v));
    buf[i * 4 + 3] = 26;
  }
  grain = buf;
  return buf;
}

const vignettes = new Map<ImageVariantName, Buffer>();

/** Darkened corners, as a real lens gives; computed once per size, since a drawn one costs the rasteriser. */
function vignette(variant: ImageVariantName): Buffer {
  const cached = vignettes.get(variant);
  if (cached) return cached;
  const { width, height } = IMAGE_VARIANTS[variant];
  const buf = Buffer.alloc(width * height * 4);
  const cx = width / 2;
  const cy = height * 0.42;
  const radius = Math.hypot(width, height) * 0.5;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy) / radius;
      const t = Math.min(1, Math.max(0, (d - 0.5) / 0.5));
      buf[(y * width + x) * 4 + 3] = Math.round(t * t * (3 - 2 * t) * 110);
    }
  }
  vignettes.set(variant, buf);
  return buf;
}

/**
 * Draws one variant once and encodes it in every format. Each size is drawn from the vectors, never scaled
 * from another size, and the WebP is encoded from the drawing, not from the JPEG.
 */
export async function renderPortrait(spec: PortraitSpec, variant: ImageVariantName): Promise<Record<GeneratedFormat, Buffer>> {
  const { width, height } = IMAGE_VARIANTS[variant];
  const sceneW = Math.min(width, SCENE_DRAW_WIDTH);
  const sceneH = Math.round((sceneW * height) / width);
  const scene = await sharp(Buffer.from(sceneSvg(spec, sceneW, sceneH))).raw().toBuffer({ resolveWithObject: true });
  const drawing = sharp(scene.data, { raw: scene.info })
    .resize(width, height, { kernel: 'cubic' })
    .composite([
      { input: Buffer.from(personSvg(spec, width, height)) },
      { input: vignette(variant), raw: { width, height, channels: 4 } },
      { input: grainTile(), raw: { width: GRAIN_SIZE, height: GRAIN_SIZE, channels: 4 }, tile: true, blend: 'overlay' },
    ]);
  const [jpg, webp] = await Promise.all([
    drawing.clone().jpeg({ quality: JPEG_QUALITY, progressive: variant === 'large' }).toBuffer(),
    drawing.clone().webp({ quality: WEBP_QUALITY }).toBuffer(),
  ]);
  return { jpg, webp };
}

/** The WebP twin of a generated portrait's JPEG address; undefined for any other picture (uploads are JPEG only). */
export function webpTwinUrl(jpegUrl: string): string | undefined {
  const key = jpegUrl.replace(/^\/api\/media\//, '');
  const parsed = parseGeneratedKey(key);
  return parsed?.format === 'jpg' ? jpegUrl.replace(/\.jpg$/, '.webp') : undefined;
}
