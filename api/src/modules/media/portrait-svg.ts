/**
 * Illustrated portrait "photos" for the demo profiles, drawn as SVG from a seed so no picture is ever
 * downloaded. A portrait is two layers: a scene (rendered small and enlarged by the caller, which blurs it
 * like a shallow depth of field for the price of a resize) and the person on a transparent canvas.
 * Everything is drawn in a 480 x 600 box; width and height only set the raster size.
 */

export const GENDERS = ['man', 'woman'] as const;
export const ETHNICITIES = ['asian', 'black', 'hispanic', 'middle-eastern', 'white', 'other'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blond', 'red', 'gray', 'other'] as const;
export const EYE_COLORS = ['amber', 'blue', 'brown', 'gray', 'green', 'hazel'] as const;
export const BODY_TYPES = ['fit', 'average', 'curvy'] as const;
export const SCENES = ['studio', 'bokeh', 'sunset', 'city', 'beach', 'park'] as const;

export type Gender = (typeof GENDERS)[number];
export type Ethnicity = (typeof ETHNICITIES)[number];
export type HairColor = (typeof HAIR_COLORS)[number];
export type EyeColor = (typeof EYE_COLORS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type Scene = (typeof SCENES)[number];

export interface PortraitSpec {
  gender: Gender;
  ethnicity: Ethnicity;
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  age: number;
  scene: Scene;
  /** Any 32-bit unsigned integer; the same spec always draws the same picture. */
  seed: number;
}

export const VIEW_W = 480;
export const VIEW_H = 600;

// ---------- deterministic randomness ----------

/** mulberry32: tiny, fast and good enough for choosing shapes and colours. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof seededRandom>;

// ---------- colour helpers ----------

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
/** Mixes `hex` towards `other` by `t` (0..1). */
function mix(hex: string, other: string, t: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  return rgbToHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}
const shade = (hex: string, t: number) => (t >= 0 ? mix(hex, '#ffffff', t) : mix(hex, '#1a0d08', -t));
const f = (n: number) => (Math.round(n * 10) / 10).toString();

// ---------- palettes ----------

const SKIN: Record<Ethnicity, readonly string[]> = {
  asian: ['#f3d5b5', '#ecc8a2', '#e3b88f', '#f0cfae'],
  black: ['#8d5524', '#6f4025', '#5a3220', '#a0673f', '#7b4a2d'],
  hispanic: ['#d9a877', '#c98f5e', '#e3b68b', '#cf9a6b'],
  'middle-eastern': ['#d5a37a', '#c69067', '#e0b48d', '#bf875d'],
  white: ['#f6d9c6', '#f1cdb3', '#eec3a6', '#f8e0d0'],
  other: ['#e8bd98', '#b97d52', '#dcae86', '#9c6644', '#f0cdb0'],
};

const HAIR: Record<Exclude<HairColor, 'other'>, readonly string[]> = {
  black: ['#1b1512', '#231a15', '#15110f'],
  brown: ['#4e3020', '#5c3b24', '#6b4429', '#3f281a'],
  blond: ['#d8b36e', '#c9a15a', '#e3c487', '#bf9553'],
  red: ['#9c3f1d', '#b04d22', '#8a3517', '#c0622f'],
  gray: ['#a9a5a1', '#bdb9b4', '#8f8b87', '#cfcac4'],
};
// "Other" hair: dyed colours people actually wear.
const DYED = ['#b5477a', '#5a4fa8', '#2d7f8c', '#8c2f4f', '#c77dab', '#3d5d9c'];

const EYES: Record<EyeColor, string> = {
  amber: '#b87a22',
  blue: '#4a84c4',
  brown: '#5c3a1f',
  gray: '#7e8c94',
  green: '#4f8d52',
  hazel: '#8b6b34',
};

const CLOTHES = [
  '#e85d75', '#3f6fb5', '#f2f0eb', '#2f3640', '#7a4fa3', '#e8a33d', '#2c8c7a', '#c0392b', '#f5c6d0', '#5f7f4f', '#1f4e79',
  '#d9c3a5', '#8e44ad', '#e67e5a', '#34495e',
];
const LIPSTICK = ['#c04a5a', '#a8323f', '#d46a6a', '#b5525e', '#9e3b4e', '#cf7a74'];

// ---------- the scene (background layer) ----------

/**
 * The scene behind the person. The caller renders it at a fraction of the final size and enlarges it,
 * which softens it like a photo focused on the face.
 */
export function sceneSvg(spec: PortraitSpec, width: number, height: number): string {
  const r = seededRandom(spec.seed ^ 0x5bd1e995);
  const body = SCENE_DRAWERS[spec.scene](r);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}" preserveAspectRatio="xMidYMid slice">${body}${warmLight(spec.scene)}</svg>`;
}

function bokeh(r: Rng, count: number, colors: readonly string[], yMin: number, yMax: number, rMin: number, rMax: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${f(r.range(-20, VIEW_W + 20))}" cy="${f(r.range(yMin, yMax))}" r="${f(r.range(rMin, rMax))}" fill="${r.pick(colors)}" opacity="${f(r.range(0.18, 0.55))}"/>`;
  }
  return out;
}

const SCENE_DRAWERS: Record<Scene, (r: Rng) => string> = {
  studio(r) {
    const base = r.pick(['#cfd8e3', '#e6d5c7', '#d7e3d3', '#e3d3e0', '#d4d0e8', '#f0e0cf', '#c9dde0']);
    return `<defs><radialGradient id="s" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${shade(base, 0.45)}"/><stop offset="0.6" stop-color="${base}"/><stop offset="1" stop-color="${shade(base, -0.35)}"/></radialGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#s)"/>`;
  },
  bokeh(r) {
    const warm = r.chance(0.5);
    const bg = warm ? ['#3b2a24', '#6b4a3a'] : ['#1f2a3a', '#3c4f66'];
    const lights = warm ? ['#ffd89a', '#ffb870', '#fff1c9', '#ff9a6b'] : ['#9fd3ff', '#ffffff', '#c8b6ff', '#7fe0d0'];
    return `<defs><linearGradient id="s" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${bg[1]}"/><stop offset="1" stop-color="${bg[0]}"/></linearGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#s)"/>${bokeh(r, 26, lights, 0, VIEW_H, 14, 46)}`;
  },
  sunset(r) {
    const sunX = r.range(90, 390);
    const hills = [0, 1, 2]
      .map((i) => {
        const y = 390 + i * 45 + r.range(-15, 15);
        const c = ['#8a5a8c', '#5e3f6e', '#3b2a4d'][i]!;
        const a = r.range(-40, 40);
        return `<path d="M0 ${f(y)} C ${f(120 + a)} ${f(y - 60)} ${f(260 - a)} ${f(y + 30)} 480 ${f(y - 30)} V600 H0 Z" fill="${c}"/>`;
      })
      .join('');
    return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b6fb5"/><stop offset="0.45" stop-color="#f08a7e"/><stop offset="0.7" stop-color="#ffc27a"/></linearGradient><radialGradient id="g"><stop offset="0" stop-color="#fff6d5"/><stop offset="0.25" stop-color="#ffe3a0" stop-opacity="0.9"/><stop offset="1" stop-color="#ffb36b" stop-opacity="0"/></radialGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#s)"/><circle cx="${f(sunX)}" cy="400" r="170" fill="url(#g)"/><circle cx="${f(sunX)}" cy="400" r="34" fill="#fff3cf"/>${hills}`;
  },
  city(r) {
    let buildings = '';
    let windows = '';
    let x = -10;
    while (x < VIEW_W) {
      const w = r.range(34, 78);
      const top = r.range(150, 340);
      const c = r.pick(['#1d2340', '#252a4a', '#181c33', '#2b2f52']);
      buildings += `<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(VIEW_H - top)}" fill="${c}"/>`;
      for (let wy = top + 12; wy < VIEW_H - 10; wy += 22) {
        for (let wx = x + 7; wx < x + w - 10; wx += 15) {
          if (r.chance(0.42)) windows += `<rect x="${f(wx)}" y="${f(wy)}" width="7" height="10" fill="${r.pick(['#ffd67a', '#ffe9b0', '#fff3d6'])}" opacity="${f(r.range(0.55, 1))}"/>`;
        }
      }
      x += w + r.range(0, 6);
    }
    return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b1f45"/><stop offset="0.5" stop-color="#6a3d7c"/><stop offset="0.85" stop-color="#f08e6a"/></linearGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#s)"/>${buildings}${windows}${bokeh(r, 10, ['#ffd27a', '#ff8f6b', '#9fd3ff'], 380, 600, 10, 24)}`;
  },
  beach(r) {
    const horizon = r.range(330, 380);
    return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f9ee0"/><stop offset="1" stop-color="#cfeaf7"/></linearGradient><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a8fb5"/><stop offset="1" stop-color="#63c6d6"/></linearGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#s)"/><ellipse cx="${f(r.range(60, 420))}" cy="${f(r.range(60, 140))}" rx="90" ry="22" fill="#fff" opacity="0.7"/><ellipse cx="${f(r.range(60, 420))}" cy="${f(r.range(120, 200))}" rx="70" ry="16" fill="#fff" opacity="0.55"/><rect y="${f(horizon)}" width="${VIEW_W}" height="${f(VIEW_H - horizon)}" fill="url(#w)"/><path d="M0 ${f(horizon + 12)} H480" stroke="#e9fbff" stroke-width="3" opacity="0.6"/><path d="M0 ${f(horizon + 120)} C 120 ${f(horizon + 95)} 300 ${f(horizon + 140)} 480 ${f(horizon + 105)} V600 H0 Z" fill="#ecd2a4"/><path d="M0 ${f(horizon + 118)} C 120 ${f(horizon + 93)} 300 ${f(horizon + 138)} 480 ${f(horizon + 103)}" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.7"/>`;
  },
  park(r) {
    return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9d6e8"/><stop offset="0.45" stop-color="#7fb069"/><stop offset="1" stop-color="#3d6b35"/></linearGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#s)"/>${bokeh(r, 16, ['#2f5a2a', '#4f7f3a', '#6c9a45'], 80, 330, 40, 90)}${bokeh(r, 14, ['#fff6c8', '#e8f5b0', '#ffffff'], 40, 300, 8, 22)}`;
  },
};

// ---------- the person (foreground layer) ----------

interface Look {
  skin: string;
  skinShadow: string;
  skinLight: string;
  hair: string;
  hairDark: string;
  hairLight: string;
  brow: string;
  iris: string;
  lips: string;
  clothes: string;
}

function lookOf(spec: PortraitSpec, r: Rng): Look {
  const skin = r.pick(SKIN[spec.ethnicity]);
  let hair = spec.hairColor === 'other' ? r.pick(DYED) : r.pick(HAIR[spec.hairColor]);
  // Gray hair comes with age; a young "gray" profile reads as silver-dyed, which is fine.
  if (spec.hairColor === 'gray' && spec.age > 55) hair = shade(hair, 0.15);
  const dark = spec.ethnicity === 'black' || skin === '#9c6644' || skin === '#b97d52';
  const lipBase = mix(skin, dark ? '#5a2a2a' : '#c2606a', dark ? 0.35 : 0.45);
  return {
    skin,
    skinShadow: shade(skin, -0.2),
    skinLight: shade(skin, 0.22),
    hair,
    hairDark: shade(hair, -0.35),
    hairLight: shade(hair, spec.hairColor === 'black' ? 0.22 : 0.3),
    brow: spec.hairColor === 'blond' || spec.hairColor === 'gray' ? shade(hair, -0.4) : shade(hair, -0.15),
    iris: EYES[spec.eyeColor],
    lips: spec.gender === 'woman' && r.chance(0.55) ? r.pick(LIPSTICK) : lipBase,
    clothes: r.pick(CLOTHES),
  };
}

interface Geometry {
  cx: number;
  top: number;
  fw: number;
  eyeY: number;
  noseY: number;
  mouthY: number;
  chinY: number;
}

type WomanHair = 'long' | 'wavy' | 'bob' | 'bun' | 'curly' | 'sidepart';
type ManHair = 'short' | 'crop' | 'quiff' | 'curlyshort' | 'receding' | 'buzz';

/** The person on a transparent canvas, same box and size as the scene it is laid over. */
export function personSvg(spec: PortraitSpec, width: number, height: number): string {
  const r = seededRandom(spec.seed);
  const look = lookOf(spec, r);
  const woman = spec.gender === 'woman';
  const outdoor = spec.scene !== 'studio' && spec.scene !== 'bokeh';
  // Outdoor photos are taken from further away, so more of the scene shows around the person.
  const scale = outdoor ? r.range(0.78, 0.86) : r.range(0.95, 1.03);
  const dx = r.range(-24, 24) + (outdoor ? r.pick([-50, 50, 0]) : 0);
  const tilt = r.range(-5, 5);

  const fw = (woman ? 79 : 85) + (spec.bodyType === 'curvy' ? 4 : spec.bodyType === 'fit' ? -2 : 1) + r.range(-3, 3);
  const top = 128;
  const eyeY = top + 112;
  const g: Geometry = { cx: 240, top, fw, eyeY, noseY: eyeY + 50, mouthY: eyeY + 80, chinY: eyeY + 124 };

  const womanHair: WomanHair = r.pick(['long', 'long', 'wavy', 'wavy', 'bob', 'bun', 'curly', 'sidepart']);
  const manHair: ManHair = spec.age > 48 && r.chance(0.35) ? 'receding' : r.pick(['short', 'crop', 'quiff', 'curlyshort', 'buzz', 'short']);
  const curlyBias = (spec.ethnicity === 'black' || spec.ethnicity === 'other') && r.chance(0.45);
  const hairStyle = woman ? (curlyBias ? 'curly' : womanHair) : curlyBias ? 'curlyshort' : manHair;

  const defs = `<defs>
<linearGradient id="hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.hairLight}"/><stop offset="0.45" stop-color="${look.hair}"/><stop offset="1" stop-color="${look.hairDark}"/></linearGradient>
<radialGradient id="face" cx="42%" cy="40%" r="70%"><stop offset="0" stop-color="${look.skinLight}"/><stop offset="0.55" stop-color="${look.skin}"/><stop offset="1" stop-color="${look.skinShadow}"/></radialGradient>
<linearGradient id="neck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(look.skin, -0.28)}"/><stop offset="0.5" stop-color="${look.skin}"/></linearGradient>
<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(look.clothes, 0.18)}"/><stop offset="1" stop-color="${shade(look.clothes, -0.3)}"/></linearGradient>
<radialGradient id="blush"><stop offset="0" stop-color="#e86a6a" stop-opacity="${woman ? 0.32 : 0.14}"/><stop offset="1" stop-color="#e86a6a" stop-opacity="0"/></radialGradient>
<radialGradient id="iris" cx="50%" cy="45%" r="55%"><stop offset="0" stop-color="${shade(look.iris, 0.35)}"/><stop offset="0.6" stop-color="${look.iris}"/><stop offset="1" stop-color="${shade(look.iris, -0.55)}"/></radialGradient>
<clipPath id="eyeL"><path d="${eyePath(g.cx - 36, g.eyeY, woman)}"/></clipPath>
<clipPath id="eyeR"><path d="${eyePath(g.cx + 36, g.eyeY, woman)}"/></clipPath>
</defs>`;

  const parts = [
    hairBack(hairStyle, g, woman, r),
    body(spec, look, g, r),
    ears(g, look, woman, r),
    face(g, woman, spec),
    features(spec, look, g, r),
    hairWithShadow(hairFront(hairStyle, g, r)),
  ];
  if (r.chance(spec.age > 40 ? 0.22 : 0.1)) parts.push(glasses(g, r));

  const transform = `translate(${f(240 + dx)} 600) scale(${f(scale)}) translate(-240 -600) rotate(${f(tilt)} 240 ${g.chinY})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}">${defs}<g transform="${transform}">${parts.join('')}</g></svg>`;
}

/**
 * The hair's main shape again in translucent black just below itself: the shadow it casts on the forehead.
 * Per-shape opacity, not group opacity, which would cost the rasteriser a whole extra layer.
 */
function hairWithShadow(hair: string): string {
  const cap = /^<path d="([^"]+)" fill="url\(#hair\)"/.exec(hair);
  if (!cap) return hair;
  return `<path d="${cap[1]}" transform="translate(2 7)" fill="#000" fill-opacity="0.15"/>${hair}`;
}

function eyePath(x: number, y: number, woman: boolean): string {
  const w = woman ? 18 : 17;
  const h = woman ? 10 : 8.5;
  return `M${f(x - w)} ${f(y + 1)} C${f(x - w * 0.5)} ${f(y - h)} ${f(x + w * 0.5)} ${f(y - h - 1)} ${f(x + w)} ${f(y - 1)} C${f(x + w * 0.45)} ${f(y + h * 0.8)} ${f(x - w * 0.45)} ${f(y + h * 0.9)} ${f(x - w)} ${f(y + 1)} Z`;
}

function hairBack(style: string, g: Geometry, woman: boolean, r: Rng): string {
  const { cx, top, fw } = g;
  if (!woman) return '';
  const len = r.range(0, 60);
  switch (style) {
    case 'long':
    case 'sidepart':
      return `<path d="M${f(cx - fw - 14)} ${f(top + 60)} C${f(cx - fw - 40)} ${f(top + 200)} ${f(cx - fw - 50)} ${f(top + 300 + len)} ${f(cx - fw - 30)} ${f(top + 360 + len)} L${f(cx + fw + 30)} ${f(top + 360 + len)} C${f(cx + fw + 50)} ${f(top + 300 + len)} ${f(cx + fw + 40)} ${f(top + 200)} ${f(cx + fw + 14)} ${f(top + 60)} Z" fill="url(#hair)"/>`;
    case 'wavy': {
      const l = top + 330 + len;
      const wave = (side: -1 | 1) => {
        const x0 = cx + side * (fw + 14);
        const x1 = cx + side * (fw + 58);
        return `${f(x0)} ${f(top + 60)} C${f(x1)} ${f(top + 140)} ${f(x0 + side * 10)} ${f(top + 220)} ${f(x1 - side * 4)} ${f(top + 270)} S${f(x0 + side * 20)} ${f(l - 20)} ${f(x1 - side * 12)} ${f(l)}`;
      };
      return `<path d="M${wave(-1)} L${f(cx + fw + 46)} ${f(l)} C${f(cx + fw + 10)} ${f(l - 10)} ${f(cx + fw + 70)} ${f(top + 250)} ${f(cx + fw + 50)} ${f(top + 200)} C${f(cx + fw + 66)} ${f(top + 140)} ${f(cx + fw + 30)} ${f(top + 90)} ${f(cx + fw + 14)} ${f(top + 60)} Z" fill="url(#hair)"/><path d="M${wave(1)}" stroke="url(#hair)" stroke-width="34" fill="none" stroke-linecap="round"/>`;
    }
    case 'bob':
      return `<path d="M${f(cx - fw - 20)} ${f(top + 60)} C${f(cx - fw - 34)} ${f(top + 140)} ${f(cx - fw - 30)} ${f(top + 200)} ${f(cx - fw - 14)} ${f(top + 222)} L${f(cx + fw + 14)} ${f(top + 222)} C${f(cx + fw + 30)} ${f(top + 200)} ${f(cx + fw + 34)} ${f(top + 140)} ${f(cx + fw + 20)} ${f(top + 60)} Z" fill="url(#hair)"/>`;
    case 'curly': {
      return `<ellipse cx="${cx}" cy="${f(top + 96)}" rx="${f(fw + 48)}" ry="138" fill="url(#hair)"/>${curls(r, cx, top + 96, fw + 52, 140, 70, 12, 19)}`;
    }
    case 'bun':
      return `<circle cx="${f(cx + r.range(-10, 10))}" cy="${f(top - 28)}" r="40" fill="url(#hair)"/>`;
    default:
      return '';
  }
}

function body(spec: PortraitSpec, look: Look, g: Geometry, r: Rng): string {
  const { cx, chinY } = g;
  const woman = spec.gender === 'woman';
  const neckW = woman ? 32 : 42;
  const shoulderY = chinY + 52;
  const span = (woman ? 192 : 214) + (spec.bodyType === 'curvy' ? 14 : spec.bodyType === 'fit' ? 6 : 8);
  const neck = `<path d="M${f(cx - neckW)} ${f(chinY - 40)} L${f(cx - neckW - 2)} ${f(shoulderY + 10)} L${f(cx + neckW + 2)} ${f(shoulderY + 10)} L${f(cx + neckW)} ${f(chinY - 40)} Z" fill="url(#neck)"/>`;
  const shouldersSkin = `<path d="M${f(cx - neckW - 2)} ${f(shoulderY - 12)} C${f(cx - neckW - 30)} ${f(shoulderY + 4)} ${f(cx - span + 40)} ${f(shoulderY + 6)} ${f(cx - span)} ${f(shoulderY + 50)} L${f(cx - span - 40)} 640 L${f(cx + span + 40)} 640 L${f(cx + span)} ${f(shoulderY + 50)} C${f(cx + span - 40)} ${f(shoulderY + 6)} ${f(cx + neckW + 30)} ${f(shoulderY + 4)} ${f(cx + neckW + 2)} ${f(shoulderY - 12)} Z" fill="${look.skin}"/>`;
  const collar = `<path d="M${f(cx - neckW + 6)} ${f(shoulderY)} Q${cx} ${f(shoulderY + 18)} ${f(cx + neckW - 6)} ${f(shoulderY)}" stroke="${look.skinShadow}" stroke-width="3" fill="none" opacity="0.5"/>`;

  const style = woman ? r.pick(['scoop', 'v', 'strap', 'crew', 'offshoulder'] as const) : r.pick(['crew', 'v', 'collar', 'crew', 'henley'] as const);
  const outerL = `M${f(cx - span - 60)} 640 L${f(cx - span - 4)} ${f(shoulderY + 58)}`;
  const outerR = `L${f(cx + span + 4)} ${f(shoulderY + 58)} L${f(cx + span + 60)} 640 Z`;
  let cloth: string;
  let extra = '';
  switch (style) {
    case 'scoop':
      cloth = `${outerL} C${f(cx - span + 30)} ${f(shoulderY + 8)} ${f(cx - 90)} ${f(shoulderY + 6)} ${f(cx - 74)} ${f(shoulderY + 8)} Q${cx} ${f(shoulderY + 110)} ${f(cx + 74)} ${f(shoulderY + 8)} C${f(cx + 90)} ${f(shoulderY + 6)} ${f(cx + span - 30)} ${f(shoulderY + 8)} ${f(cx + span + 4)} ${f(shoulderY + 58)} ${outerR}`;
      break;
    case 'v':
      cloth = `${outerL} C${f(cx - span + 30)} ${f(shoulderY + 6)} ${f(cx - 80)} ${f(shoulderY)} ${f(cx - neckW - 10)} ${f(shoulderY - 2)} L${cx} ${f(shoulderY + 95)} L${f(cx + neckW + 10)} ${f(shoulderY - 2)} C${f(cx + 80)} ${f(shoulderY)} ${f(cx + span - 30)} ${f(shoulderY + 6)} ${f(cx + span + 4)} ${f(shoulderY + 58)} ${outerR}`;
      break;
    case 'strap':
      cloth = `${outerL.replace(`L${f(cx - span - 4)} ${f(shoulderY + 58)}`, `L${f(cx - span + 40)} ${f(shoulderY + 130)}`)} Q${cx} ${f(shoulderY + 100)} ${f(cx + span - 40)} ${f(shoulderY + 130)} L${f(cx + span + 60)} 640 Z`;
      extra = `<path d="M${f(cx - 92)} ${f(shoulderY + 10)} L${f(cx - 84)} ${f(shoulderY + 118)} M${f(cx + 92)} ${f(shoulderY + 10)} L${f(cx + 84)} ${f(shoulderY + 118)}" stroke="${shade(look.clothes, -0.1)}" stroke-width="9" stroke-linecap="round"/>`;
      break;
    case 'offshoulder':
      cloth = `M${f(cx - span - 60)} 640 L${f(cx - span - 10)} ${f(shoulderY + 92)} Q${cx} ${f(shoulderY + 112)} ${f(cx + span + 10)} ${f(shoulderY + 92)} L${f(cx + span + 60)} 640 Z`;
      extra = `<path d="M${f(cx - span - 10)} ${f(shoulderY + 92)} Q${cx} ${f(shoulderY + 112)} ${f(cx + span + 10)} ${f(shoulderY + 92)}" stroke="${shade(look.clothes, 0.3)}" stroke-width="6" fill="none"/>`;
      break;
    case 'collar':
      cloth = `${outerL} C${f(cx - span + 30)} ${f(shoulderY + 4)} ${f(cx - 80)} ${f(shoulderY - 4)} ${f(cx - neckW - 4)} ${f(shoulderY - 14)} L${cx} ${f(shoulderY + 60)} L${f(cx + neckW + 4)} ${f(shoulderY - 14)} C${f(cx + 80)} ${f(shoulderY - 4)} ${f(cx + span - 30)} ${f(shoulderY + 4)} ${f(cx + span + 4)} ${f(shoulderY + 58)} ${outerR}`;
      extra = `<path d="M${f(cx - neckW - 6)} ${f(shoulderY - 16)} L${f(cx - 6)} ${f(shoulderY + 58)} L${f(cx - 62)} ${f(shoulderY + 30)} Z M${f(cx + neckW + 6)} ${f(shoulderY - 16)} L${f(cx + 6)} ${f(shoulderY + 58)} L${f(cx + 62)} ${f(shoulderY + 30)} Z" fill="${shade(look.clothes, 0.25)}"/><path d="M${cx} ${f(shoulderY + 70)} V640" stroke="${shade(look.clothes, -0.3)}" stroke-width="2"/>`;
      break;
    case 'henley':
      cloth = `${outerL} C${f(cx - span + 30)} ${f(shoulderY + 6)} ${f(cx - 80)} ${f(shoulderY)} ${f(cx - neckW - 8)} ${f(shoulderY - 4)} Q${cx} ${f(shoulderY + 16)} ${f(cx + neckW + 8)} ${f(shoulderY - 4)} C${f(cx + 80)} ${f(shoulderY)} ${f(cx + span - 30)} ${f(shoulderY + 6)} ${f(cx + span + 4)} ${f(shoulderY + 58)} ${outerR}`;
      extra = `<path d="M${cx} ${f(shoulderY + 8)} V${f(shoulderY + 80)}" stroke="${shade(look.clothes, -0.3)}" stroke-width="3"/><circle cx="${cx + 6}" cy="${f(shoulderY + 30)}" r="3" fill="${shade(look.clothes, 0.4)}"/><circle cx="${cx + 6}" cy="${f(shoulderY + 56)}" r="3" fill="${shade(look.clothes, 0.4)}"/>`;
      break;
    default:
      cloth = `${outerL} C${f(cx - span + 30)} ${f(shoulderY + 6)} ${f(cx - 80)} ${f(shoulderY)} ${f(cx - neckW - 8)} ${f(shoulderY - 6)} Q${cx} ${f(shoulderY + 26)} ${f(cx + neckW + 8)} ${f(shoulderY - 6)} C${f(cx + 80)} ${f(shoulderY)} ${f(cx + span - 30)} ${f(shoulderY + 6)} ${f(cx + span + 4)} ${f(shoulderY + 58)} ${outerR}`;
  }
  const necklace =
    woman && r.chance(0.4)
      ? `<path d="M${f(cx - neckW - 4)} ${f(shoulderY - 4)} Q${cx} ${f(shoulderY + 48)} ${f(cx + neckW + 4)} ${f(shoulderY - 4)}" stroke="#e3c27a" stroke-width="2" fill="none"/><circle cx="${cx}" cy="${f(shoulderY + 27)}" r="4" fill="${r.pick(['#e3c27a', '#f4f4f4', '#7fc8e8'])}"/>`
      : '';
  const collarbones = `<path d="M${f(cx - 70)} ${f(shoulderY + 22)} Q${f(cx - 40)} ${f(shoulderY + 14)} ${f(cx - 12)} ${f(shoulderY + 24)} M${f(cx + 70)} ${f(shoulderY + 22)} Q${f(cx + 40)} ${f(shoulderY + 14)} ${f(cx + 12)} ${f(shoulderY + 24)}" stroke="${look.skinShadow}" stroke-width="3" fill="none" opacity="0.35"/>`;
  return `${neck}${shouldersSkin}${collar}${collarbones}${necklace}<path d="${cloth}" fill="url(#cloth)"/>${extra}`;
}

function ears(g: Geometry, look: Look, woman: boolean, r: Rng): string {
  const y = g.eyeY + 24;
  const ear = (side: -1 | 1) =>
    `<ellipse cx="${f(g.cx + side * (g.fw - 3))}" cy="${f(y)}" rx="13" ry="25" fill="${look.skinShadow}"/><ellipse cx="${f(g.cx + side * (g.fw - 1))}" cy="${f(y)}" rx="7.5" ry="17" fill="${shade(look.skin, -0.08)}"/>`;
  const ring =
    woman && r.chance(0.55)
      ? [-1, 1]
          .map((s) => `<circle cx="${f(g.cx + s * (g.fw + 1))}" cy="${f(y + 24)}" r="${r.chance(0.5) ? 4 : 7}" fill="none" stroke="#e0bb6a" stroke-width="2.5"/>`)
          .join('')
      : '';
  return ear(-1) + ear(1) + ring;
}

function facePath(g: Geometry, woman: boolean): string {
  const { cx, top, fw, chinY } = g;
  const jaw = woman ? 0.62 : 0.78;
  const chinW = woman ? 0.3 : 0.42;
  return `M${cx} ${top} C${f(cx + fw * 0.62)} ${top} ${f(cx + fw)} ${f(top + 42)} ${f(cx + fw)} ${f(top + 100)} C${f(cx + fw)} ${f(top + 150)} ${f(cx + fw * jaw + 6)} ${f(chinY - 34)} ${f(cx + fw * chinW)} ${f(chinY - 6)} Q${cx} ${f(chinY + 8)} ${f(cx - fw * chinW)} ${f(chinY - 6)} C${f(cx - fw * jaw - 6)} ${f(chinY - 34)} ${f(cx - fw)} ${f(top + 150)} ${f(cx - fw)} ${f(top + 100)} C${f(cx - fw)} ${f(top + 42)} ${f(cx - fw * 0.62)} ${top} ${cx} ${top} Z`;
}

function face(g: Geometry, woman: boolean, spec: PortraitSpec): string {
  const lines =
    spec.age >= 40
      ? `<path d="M${f(g.cx - 26)} ${f(g.noseY + 10)} Q${f(g.cx - 38)} ${f(g.mouthY)} ${f(g.cx - 32)} ${f(g.mouthY + 14)} M${f(g.cx + 26)} ${f(g.noseY + 10)} Q${f(g.cx + 38)} ${f(g.mouthY)} ${f(g.cx + 32)} ${f(g.mouthY + 14)}" stroke="#5a3020" stroke-opacity="${f(Math.min(0.25, (spec.age - 35) / 120))}" stroke-width="2" fill="none"/>`
      : '';
  return `<path d="${facePath(g, woman)}" fill="url(#face)"/>${lines}`;
}

function features(spec: PortraitSpec, look: Look, g: Geometry, r: Rng): string {
  const { cx, eyeY, noseY, mouthY, fw } = g;
  const woman = spec.gender === 'woman';
  const gazeX = r.range(-2.5, 2.5);
  const eye = (side: -1 | 1) => {
    const x = cx + side * 36;
    const clip = side < 0 ? 'eyeL' : 'eyeR';
    const lid = eyePath(x, eyeY, woman);
    const lashW = woman ? 3.4 : 2.2;
    const upper = side < 0
      ? `M${f(x - (woman ? 17 : 16))} ${f(eyeY + 1)} C${f(x - 8)} ${f(eyeY - (woman ? 9 : 7.5))} ${f(x + 8)} ${f(eyeY - (woman ? 10 : 8.5))} ${f(x + (woman ? 17 : 16))} ${f(eyeY - 1)}`
      : `M${f(x + (woman ? 17 : 16))} ${f(eyeY - 1)} C${f(x + 8)} ${f(eyeY - (woman ? 10 : 8.5))} ${f(x - 8)} ${f(eyeY - (woman ? 9 : 7.5))} ${f(x - (woman ? 17 : 16))} ${f(eyeY + 1)}`;
    // A short flick at the outer corner reads as lashes.
    const outer = `M${f(x + side * 16)} ${f(eyeY + (side < 0 ? 1 : -1))} L${f(x + side * 21)} ${f(eyeY - 5)}`;
    return `<path d="M${f(x - 20)} ${f(eyeY - 4)} Q${x} ${f(eyeY - 20)} ${f(x + 20)} ${f(eyeY - 4)}" stroke="${look.skinShadow}" stroke-width="3" fill="none" opacity="0.35"/>
<path d="${lid}" fill="#f7f2ee"/>
<g clip-path="url(#${clip})"><circle cx="${f(x + gazeX)}" cy="${f(eyeY)}" r="8.6" fill="url(#iris)"/><circle cx="${f(x + gazeX)}" cy="${f(eyeY)}" r="3.6" fill="#140c08"/><circle cx="${f(x + gazeX - 2.8)}" cy="${f(eyeY - 3)}" r="2" fill="#fff" opacity="0.9"/><path d="${upper}" stroke="${look.skinShadow}" stroke-width="6" fill="none" opacity="0.35"/></g>
<path d="${upper}" stroke="#1e130e" stroke-width="${lashW}" fill="none" stroke-linecap="round"/>${woman ? `<path d="${outer}" stroke="#1e130e" stroke-width="2.4" fill="none" stroke-linecap="round"/>` : ''}
<path d="M${f(x - 13)} ${f(eyeY + 8)} Q${x} ${f(eyeY + 12)} ${f(x + 13)} ${f(eyeY + 6)}" stroke="${look.skinShadow}" stroke-width="1.4" fill="none" opacity="0.6"/>`;
  };
  const browLift = r.range(-3, 3);
  const browW = woman ? 4.5 : 7;
  const brow = (side: -1 | 1) => {
    const x = cx + side * 36;
    const y = eyeY - 24 + browLift;
    return `<path d="M${f(x - side * 19)} ${f(y + 4)} Q${f(x - side * 2)} ${f(y - 8)} ${f(x + side * 20)} ${f(y + 2)}" stroke="${look.brow}" stroke-width="${browW}" fill="none" stroke-linecap="round"/>`;
  };
  const nose = `<path d="M${f(cx - 5)} ${f(eyeY + 10)} Q${f(cx - 9)} ${f(noseY - 14)} ${f(cx - 13)} ${f(noseY + 2)}" stroke="${look.skinShadow}" stroke-width="2.2" fill="none" opacity="0.55"/>
<path d="M${f(cx - 15)} ${f(noseY + 2)} Q${f(cx - 16)} ${f(noseY + 10)} ${f(cx - 8)} ${f(noseY + 9)} Q${cx} ${f(noseY + 14)} ${f(cx + 8)} ${f(noseY + 9)} Q${f(cx + 16)} ${f(noseY + 10)} ${f(cx + 15)} ${f(noseY + 2)}" stroke="${shade(look.skin, -0.3)}" stroke-width="2" fill="none" opacity="0.6"/>
<ellipse cx="${f(cx + 2)}" cy="${f(noseY - 8)}" rx="4" ry="12" fill="${look.skinLight}" opacity="0.45"/>`;

  const smile = r.range(3, 9);
  const mw = woman ? 24 : 25;
  const teeth = r.chance(0.45);
  const upperLip = `M${f(cx - mw)} ${f(mouthY)} Q${f(cx - 12)} ${f(mouthY - 9)} ${f(cx - 4)} ${f(mouthY - 7)} Q${cx} ${f(mouthY - 4)} ${f(cx + 4)} ${f(mouthY - 7)} Q${f(cx + 12)} ${f(mouthY - 9)} ${f(cx + mw)} ${f(mouthY)} Q${cx} ${f(mouthY + (teeth ? 4 : 2))} ${f(cx - mw)} ${f(mouthY)} Z`;
  const lowerLip = `M${f(cx - mw)} ${f(mouthY)} Q${cx} ${f(mouthY + smile + (woman ? 16 : 12))} ${f(cx + mw)} ${f(mouthY)} Q${cx} ${f(mouthY + (teeth ? 9 : 3))} ${f(cx - mw)} ${f(mouthY)} Z`;
  const teethShape = teeth
    ? `<path d="M${f(cx - mw + 5)} ${f(mouthY + 1)} Q${cx} ${f(mouthY + 5)} ${f(cx + mw - 5)} ${f(mouthY + 1)} Q${cx} ${f(mouthY + 11)} ${f(cx - mw + 5)} ${f(mouthY + 1)} Z" fill="#fbf8f2"/>`
    : '';
  const mouth = `${teeth ? `<path d="M${f(cx - mw)} ${f(mouthY)} Q${cx} ${f(mouthY + 14)} ${f(cx + mw)} ${f(mouthY)} Z" fill="#5a2424"/>` : ''}${teethShape}<path d="${upperLip}" fill="${shade(look.lips, -0.1)}"/><path d="${lowerLip}" fill="${look.lips}"/><ellipse cx="${cx}" cy="${f(mouthY + smile * 0.5 + 7)}" rx="9" ry="2.6" fill="#fff" opacity="0.25"/>
<path d="M${f(cx - mw - 3)} ${f(mouthY - 3)} Q${f(cx - mw)} ${f(mouthY + 1)} ${f(cx - mw + 2)} ${f(mouthY + 1)} M${f(cx + mw + 3)} ${f(mouthY - 3)} Q${f(cx + mw)} ${f(mouthY + 1)} ${f(cx + mw - 2)} ${f(mouthY + 1)}" stroke="${look.skinShadow}" stroke-width="1.6" fill="none" opacity="0.5"/>`;
  const cheeks = `<ellipse cx="${f(cx - fw * 0.56)}" cy="${f(noseY + 2)}" rx="24" ry="15" fill="url(#blush)"/><ellipse cx="${f(cx + fw * 0.56)}" cy="${f(noseY + 2)}" rx="24" ry="15" fill="url(#blush)"/>`;

  let beard = '';
  if (!woman && r.chance(0.45)) {
    const full = r.chance(0.5);
    const op = full ? 0.92 : 0.28;
    const color = full ? look.hair : shade(look.hair, -0.2);
    beard = `<path d="M${f(cx - fw + 2)} ${f(eyeY + 30)} C${f(cx - fw + 4)} ${f(g.chinY - 30)} ${f(cx - 40)} ${f(g.chinY + (full ? 20 : 6))} ${cx} ${f(g.chinY + (full ? 22 : 8))} C${f(cx + 40)} ${f(g.chinY + (full ? 20 : 6))} ${f(cx + fw - 4)} ${f(g.chinY - 30)} ${f(cx + fw - 2)} ${f(eyeY + 30)} C${f(cx + fw - 14)} ${f(noseY + 10)} ${f(cx + 30)} ${f(mouthY + 22)} ${cx} ${f(mouthY + 22)} C${f(cx - 30)} ${f(mouthY + 22)} ${f(cx - fw + 14)} ${f(noseY + 10)} ${f(cx - fw + 2)} ${f(eyeY + 30)} Z" fill="${color}" opacity="${op}"/>
<path d="M${f(cx - 30)} ${f(mouthY - 4)} Q${f(cx - 16)} ${f(noseY + 12)} ${cx} ${f(noseY + 16)} Q${f(cx + 16)} ${f(noseY + 12)} ${f(cx + 30)} ${f(mouthY - 4)} Q${cx} ${f(mouthY - 8)} ${f(cx - 30)} ${f(mouthY - 4)} Z" fill="${color}" opacity="${op}"/>`;
  }
  return `${cheeks}${brow(-1)}${brow(1)}${eye(-1)}${eye(1)}${nose}${beard}${mouth}`;
}

function hairFront(style: string, g: Geometry, r: Rng): string {
  const { cx, top, fw, eyeY } = g;
  const side = r.chance(0.5) ? 1 : -1;
  const cap = (lift: number, width: number, fringe: string) =>
    `<path d="M${f(cx - fw - width)} ${f(eyeY - 4)} C${f(cx - fw - width - 6)} ${f(top - 62 - lift)} ${f(cx + fw + width + 6)} ${f(top - 62 - lift)} ${f(cx + fw + width)} ${f(eyeY - 4)} ${fringe} Z" fill="url(#hair)"/>`;
  // Strands flow from the parting over the crown and down the sides, as combed hair does.
  const strands = (n: number, len: number) => {
    let out = '';
    const px = cx + side * fw * 0.15;
    for (let i = 0; i < n; i++) {
      const dir = i % 2 === 0 ? -1 : 1;
      const spread = r.range(0.35, 0.95);
      const x0 = px + dir * r.range(2, 10);
      const x1 = cx + dir * fw * spread;
      const light = i % 3 !== 0;
      out += `<path d="M${f(x0)} ${f(top - 4)} Q${f(x0 + dir * fw * spread * 0.7)} ${f(top - 2)} ${f(x1)} ${f(top + len * r.range(0.7, 1.1))}" stroke="${light ? '#ffffff' : '#000000'}" stroke-opacity="${light ? 0.14 : 0.18}" stroke-width="${light ? 2 : 2.6}" fill="none" stroke-linecap="round"/>`;
    }
    return out;
  };
  switch (style) {
    case 'long':
    case 'wavy':
    case 'bun': {
      // A middle or side parting, with locks framing the face.
      const px = cx + side * r.range(0, 22);
      const fringe = `C${f(cx + fw - 6)} ${f(top + 30)} ${f(px + side * 30)} ${f(top + 6)} ${f(px)} ${f(top + 2)} C${f(px - side * 40)} ${f(top + 10)} ${f(cx - fw + 4)} ${f(top + 34)} ${f(cx - fw - 8)} ${f(eyeY - 4)}`;
      const locks =
        style === 'bun'
          ? ''
          : `<path d="M${f(cx - fw - 8)} ${f(eyeY - 20)} C${f(cx - fw + 6)} ${f(eyeY + 40)} ${f(cx - fw - 4)} ${f(eyeY + 150)} ${f(cx - fw - 30)} ${f(eyeY + 220)} L${f(cx - fw - 44)} ${f(eyeY + 200)} C${f(cx - fw - 30)} ${f(eyeY + 100)} ${f(cx - fw - 24)} ${f(eyeY + 20)} ${f(cx - fw - 16)} ${f(eyeY - 20)} Z" fill="url(#hair)"/><path d="M${f(cx + fw + 8)} ${f(eyeY - 20)} C${f(cx + fw - 6)} ${f(eyeY + 40)} ${f(cx + fw + 4)} ${f(eyeY + 150)} ${f(cx + fw + 30)} ${f(eyeY + 220)} L${f(cx + fw + 44)} ${f(eyeY + 200)} C${f(cx + fw + 30)} ${f(eyeY + 100)} ${f(cx + fw + 24)} ${f(eyeY + 20)} ${f(cx + fw + 16)} ${f(eyeY - 20)} Z" fill="url(#hair)"/>`;
      return cap(8, 10, fringe) + locks + strands(6, 60);
    }
    case 'sidepart': {
      // A swept fringe across the forehead.
      const fringe = side > 0
        ? `C${f(cx + fw - 4)} ${f(top + 50)} ${f(cx + 10)} ${f(top + 40)} ${f(cx - 30)} ${f(top + 60)} C${f(cx - 50)} ${f(top + 70)} ${f(cx - fw + 6)} ${f(top + 60)} ${f(cx - fw - 10)} ${f(eyeY - 4)}`
        : `C${f(cx + fw - 6)} ${f(top + 60)} ${f(cx + 50)} ${f(top + 70)} ${f(cx + 30)} ${f(top + 60)} C${f(cx - 10)} ${f(top + 40)} ${f(cx - fw + 4)} ${f(top + 50)} ${f(cx - fw - 10)} ${f(eyeY - 4)}`;
      return cap(10, 12, fringe) + strands(7, 70);
    }
    case 'bob': {
      const fringe = `C${f(cx + fw - 2)} ${f(top + 50)} ${f(cx + 40)} ${f(top + 62)} ${cx} ${f(top + 60)} C${f(cx - 40)} ${f(top + 62)} ${f(cx - fw + 2)} ${f(top + 50)} ${f(cx - fw - 14)} ${f(eyeY - 4)}`;
      const sides = `<path d="M${f(cx - fw - 14)} ${f(eyeY - 10)} C${f(cx - fw - 2)} ${f(eyeY + 40)} ${f(cx - fw + 2)} ${f(eyeY + 90)} ${f(cx - fw + 10)} ${f(top + 222)} L${f(cx - fw - 22)} ${f(top + 222)} Z" fill="url(#hair)"/><path d="M${f(cx + fw + 14)} ${f(eyeY - 10)} C${f(cx + fw + 2)} ${f(eyeY + 40)} ${f(cx + fw - 2)} ${f(eyeY + 90)} ${f(cx + fw - 10)} ${f(top + 222)} L${f(cx + fw + 22)} ${f(top + 222)} Z" fill="url(#hair)"/>`;
      return cap(8, 14, fringe) + sides + strands(6, 50);
    }
    case 'curly': {
      let out = '';
      for (let i = 0; i < 11; i++) {
        const x = cx - fw + 6 + (i * (2 * fw - 12)) / 10;
        out += `<circle cx="${f(x)}" cy="${f(top + 4 + Math.abs(i - 5) * 4 + r.range(-4, 4))}" r="${f(r.range(15, 21))}" fill="url(#hair)"/>`;
      }
      return out;
    }
    case 'receding': {
      const fringe = `L${f(cx + fw - 2)} ${f(eyeY - 20)} C${f(cx + fw - 10)} ${f(top + 40)} ${f(cx + 36)} ${f(top + 4)} ${cx} ${f(top + 12)} C${f(cx - 36)} ${f(top + 4)} ${f(cx - fw + 10)} ${f(top + 40)} ${f(cx - fw + 2)} ${f(eyeY - 20)}`;
      return `<path d="M${f(cx - fw - 6)} ${f(eyeY - 4)} C${f(cx - fw - 6)} ${f(top - 48)} ${f(cx + fw + 6)} ${f(top - 48)} ${f(cx + fw + 6)} ${f(eyeY - 4)} ${fringe} Z" fill="url(#hair)" opacity="0.9"/>`;
    }
    case 'buzz':
      return `<path d="M${f(cx - fw - 3)} ${f(eyeY - 8)} C${f(cx - fw - 6)} ${f(top - 52)} ${f(cx + fw + 6)} ${f(top - 52)} ${f(cx + fw + 3)} ${f(eyeY - 8)} L${f(cx + fw - 2)} ${f(eyeY - 22)} C${f(cx + fw - 6)} ${f(top + 48)} ${f(cx + 40)} ${f(top + 36)} ${cx} ${f(top + 38)} C${f(cx - 40)} ${f(top + 36)} ${f(cx - fw + 6)} ${f(top + 48)} ${f(cx - fw + 2)} ${f(eyeY - 22)} Z" fill="url(#hair)" opacity="0.9"/>`;
    case 'quiff': {
      const fringe = `L${f(cx + fw - 2)} ${f(eyeY - 20)} C${f(cx + fw - 4)} ${f(top + 44)} ${f(cx + 40)} ${f(top + 30)} ${f(cx + 10)} ${f(top + 34)} C${f(cx - 30)} ${f(top + 38)} ${f(cx - fw + 4)} ${f(top + 46)} ${f(cx - fw + 2)} ${f(eyeY - 20)}`;
      return `<path d="M${f(cx - fw - 6)} ${f(eyeY - 4)} C${f(cx - fw - 14)} ${f(top - 72)} ${f(cx + fw + 24)} ${f(top - 96)} ${f(cx + fw + 6)} ${f(eyeY - 4)} ${fringe} Z" fill="url(#hair)"/>${strands(7, 50)}`;
    }
    case 'curlyshort': {
      const cap = `<path d="M${f(cx - fw - 4)} ${f(eyeY - 8)} C${f(cx - fw - 8)} ${f(top - 56)} ${f(cx + fw + 8)} ${f(top - 56)} ${f(cx + fw + 4)} ${f(eyeY - 8)} L${f(cx + fw - 2)} ${f(eyeY - 22)} C${f(cx + fw - 8)} ${f(top + 44)} ${f(cx - fw + 8)} ${f(top + 44)} ${f(cx - fw + 2)} ${f(eyeY - 22)} Z" fill="url(#hair)"/>`;
      return cap + curls(r, cx, top + 10, fw + 4, 44, 34, 7, 11, true);
    }
    default: {
      // short / crop: a side parting with a little volume.
      const lift = style === 'crop' ? 2 : 10;
      const fringe = side > 0
        ? `L${f(cx + fw - 2)} ${f(eyeY - 20)} C${f(cx + fw - 6)} ${f(top + 46)} ${f(cx + 30)} ${f(top + 30)} ${f(cx - 16)} ${f(top + 40)} C${f(cx - 50)} ${f(top + 46)} ${f(cx - fw + 2)} ${f(top + 50)} ${f(cx - fw + 2)} ${f(eyeY - 20)}`
        : `L${f(cx + fw - 2)} ${f(eyeY - 20)} C${f(cx + fw - 2)} ${f(top + 50)} ${f(cx + 50)} ${f(top + 46)} ${f(cx + 16)} ${f(top + 40)} C${f(cx - 30)} ${f(top + 30)} ${f(cx - fw + 6)} ${f(top + 46)} ${f(cx - fw + 2)} ${f(eyeY - 20)}`;
      return `<path d="M${f(cx - fw - 6)} ${f(eyeY - 4)} C${f(cx - fw - 12)} ${f(top - 62 - lift)} ${f(cx + fw + 12)} ${f(top - 62 - lift)} ${f(cx + fw + 6)} ${f(eyeY - 4)} ${fringe} Z" fill="url(#hair)"/>${strands(6, 40)}`;
    }
  }
}

/** Small overlapping curls in two tones inside an ellipse (or its upper half). */
function curls(r: Rng, cx: number, cy: number, rx: number, ry: number, count: number, rMin: number, rMax: number, upperOnly = false): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = upperOnly ? Math.PI + r.next() * Math.PI : r.next() * Math.PI * 2;
    const d = Math.sqrt(0.55 + 0.45 * r.next());
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    const rad = r.range(rMin, rMax);
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rad)}" fill="url(#hair)"/><path d="M${f(x - rad * 0.6)} ${f(y + rad * 0.1)} a${f(rad * 0.6)} ${f(rad * 0.6)} 0 0 0 ${f(rad * 1.1)} ${f(-rad * 0.3)}" stroke="#000" stroke-opacity="0.22" stroke-width="2" fill="none"/>`;
  }
  return out;
}

function glasses(g: Geometry, r: Rng): string {
  const color = r.pick(['#1e1a18', '#5a3a22', '#7a7a80', '#8a2a2a']);
  const y = g.eyeY + 1;
  const lens = (x: number) => `<rect x="${f(x - 25)}" y="${f(y - 17)}" width="50" height="34" rx="14" fill="#ffffff" fill-opacity="0.08" stroke="${color}" stroke-width="3.5"/>`;
  return `${lens(g.cx - 34)}${lens(g.cx + 34)}<path d="M${f(g.cx - 9)} ${f(y - 4)} Q${g.cx} ${f(y - 10)} ${f(g.cx + 9)} ${f(y - 4)}" stroke="${color}" stroke-width="3" fill="none"/><path d="M${f(g.cx - 59)} ${f(y - 8)} L${f(g.cx - g.fw)} ${f(y - 4)} M${f(g.cx + 59)} ${f(y - 8)} L${f(g.cx + g.fw)} ${f(y - 4)}" stroke="${color}" stroke-width="3"/>`;
}

/** A wash of warm (or neon, in the city) light from the top left, as a lens catches it. */
function warmLight(scene: Scene): string {
  const warm = scene === 'sunset' || scene === 'bokeh' ? '#ffb46b' : scene === 'city' ? '#c86bff' : '#fff3e0';
  return `<defs><linearGradient id="warm" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${warm}" stop-opacity="0.3"/><stop offset="0.6" stop-color="${warm}" stop-opacity="0"/></linearGradient></defs><rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#warm)"/>`;
}
