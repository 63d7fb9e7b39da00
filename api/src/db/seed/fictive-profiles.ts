import { defaultAgeRange } from '@sync/contract/profile-edit';
import {
  BODY_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  SCENES,
  seededRandom,
  type PortraitSpec,
  type Scene,
} from '../../modules/media/portrait-svg.js';
import { relationshipStatusEnum } from '../schema/profiles.js';
import type { ProfileLocation } from '../schema/profiles.js';
import { ABOUT_CLOSERS, ABOUT_INTERESTS, ABOUT_OPENERS, CITIES, INTEREST_TAGS, MEN_NAMES, WOMEN_NAMES } from './word-lists.js';

type Rng = ReturnType<typeof seededRandom>;
type Country = keyof typeof CITIES;

export const RELATIONSHIP_STATUSES = relationshipStatusEnum.enumValues;

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface FictiveProfileDraft {
  username: string;
  gender: 'man' | 'woman';
  birthDate: string;
  age: number;
  bodyType: (typeof BODY_TYPES)[number];
  ethnicity: (typeof ETHNICITIES)[number];
  hairColor: (typeof HAIR_COLORS)[number];
  eyeColor: (typeof EYE_COLORS)[number];
  heightCm: number;
  relationshipStatus: (typeof RELATIONSHIP_STATUSES)[number];
  aboutMe: string;
  lookingForTags: string[];
  lookingForAgeMin: number;
  lookingForAgeMax: number;
  location: ProfileLocation;
  country: Country;
  isFeatured: boolean;
  isPremium: boolean;
  matchOnLike: boolean;
  createDate: Date;
  activityDate: Date;
  /** First one is the avatar; the rest are album photos. */
  photos: PortraitSpec[];
}

export interface FictiveOptions {
  count: number;
  countries: readonly Country[];
  now: Date;
  /** Varies the whole set between brands while keeping each brand's set the same on every run. */
  seed: number;
  /** Share of women (the demo member looks for women). */
  womenShare?: number;
}

function shuffle<T>(r: Rng, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * `n` values in shuffled order, shared out by `weights` but with every value at least `minEach` times
 * when n allows, so the filters have something to find for every option.
 */
export function spread<T>(r: Rng, values: readonly T[], weights: readonly number[], n: number, minEach = 2): T[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const floor = Math.min(minEach, Math.floor(n / values.length));
  const counts = values.map((_, i) => Math.max(floor, Math.floor((weights[i]! / total) * n)));
  let sum = counts.reduce((a, b) => a + b, 0);
  // Top up or trim the most common values until the counts add up to n.
  const order = values.map((_, i) => i).sort((a, b) => weights[b]! - weights[a]!);
  for (let k = 0; sum !== n; k = (k + 1) % order.length) {
    const i = order[k]!;
    if (sum < n) {
      counts[i]!++;
      sum++;
    } else if (counts[i]! > floor) {
      counts[i]!--;
      sum--;
    }
  }
  const out: T[] = [];
  values.forEach((v, i) => {
    for (let c = 0; c < counts[i]!; c++) out.push(v);
  });
  return shuffle(r, out);
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function birthDateFor(r: Rng, age: number, now: Date): string {
  // A birthday between `age` and `age + 1` years ago, so the age shown is exactly `age`.
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - age);
  d.setTime(d.getTime() - r.int(1, 360) * DAY);
  return isoDate(d);
}

/** Mostly 22–40, with a tail to 65: ages as a dating site sees them. */
function pickAge(r: Rng): number {
  const band = r.next();
  if (band < 0.12) return r.int(18, 21);
  if (band < 0.72) return r.int(22, 38);
  if (band < 0.92) return r.int(39, 52);
  return r.int(53, 65);
}

function heightFor(r: Rng, gender: 'man' | 'woman', bodyType: string): number {
  const mean = gender === 'woman' ? 166 : 180;
  const sd = gender === 'woman' ? 7 : 7.5;
  const gauss = (r.next() + r.next() + r.next() - 1.5) * 2 * sd;
  const tweak = bodyType === 'fit' ? 1 : 0;
  return Math.max(150, Math.min(200, Math.round(mean + gauss + tweak)));
}

function aboutMe(r: Rng, tags: string[]): string {
  const [a = 'travel', b = 'music'] = tags;
  const middle = r.pick(ABOUT_INTERESTS).replace('{a}', a).replace('{b}', b);
  return `${r.pick(ABOUT_OPENERS)} ${middle} ${r.pick(ABOUT_CLOSERS)}`;
}

/** Word characters only, as the sign-up rule asks of usernames (docs/product.md#validation). */
function usernameFor(r: Rng, first: string, birthYear: number, city: string, taken: Set<string>): string {
  const word = (s: string) => s.normalize('NFD').replace(/\W/g, '');
  const candidates = [
    first,
    `${first}${r.int(1, 99)}`,
    `${first}_${word(city).slice(0, 10)}`,
    `${first.toLowerCase()}_${r.pick(['sun', 'rose', 'sky', 'love', 'star', 'moon', 'wave', 'joy'])}`,
    `${first}${birthYear}`,
    `Its${first}`,
  ];
  for (let attempt = 0; ; attempt++) {
    const name = word(attempt < candidates.length ? candidates[attempt]! : `${first}${r.int(100, 9999)}`);
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

const ETHNICITY_WEIGHTS = [14, 16, 18, 10, 34, 8];
const HAIR_WEIGHTS = [26, 34, 20, 8, 6, 6];
const EYE_WEIGHTS = [6, 22, 34, 8, 14, 16];
const BODY_WEIGHTS = [36, 40, 24];
const RELATIONSHIP_WEIGHTS = [4, 50, 14, 6, 8, 6, 4, 8];
const OUTDOOR: Scene[] = SCENES.filter((s) => s !== 'studio' && s !== 'bokeh');

/** The fictive profiles of one brand, the same on every run for the same options. */
export function makeFictiveProfiles(opts: FictiveOptions): FictiveProfileDraft[] {
  const r = seededRandom(opts.seed);
  const { count, now } = opts;
  const women = Math.round(count * (opts.womenShare ?? 0.8));
  const drafts: FictiveProfileDraft[] = [];
  const taken = new Set<string>(['demo']);

  for (const [gender, n] of [
    ['woman', women],
    ['man', count - women],
  ] as const) {
    if (n === 0) continue;
    const ages = Array.from({ length: n }, () => pickAge(r));
    const ethnicities = spread(r, ETHNICITIES, ETHNICITY_WEIGHTS, n);
    const eyes = spread(r, EYE_COLORS, EYE_WEIGHTS, n);
    const bodies = spread(r, BODY_TYPES, BODY_WEIGHTS, n);
    const statuses = spread(r, RELATIONSHIP_STATUSES, RELATIONSHIP_WEIGHTS, n);
    // Gray hair goes to the oldest; the other colours are shared among the rest.
    const hairs = spread(r, HAIR_COLORS, HAIR_WEIGHTS, n);
    const grayCount = hairs.filter((h) => h === 'gray').length;
    const byAge = ages.map((a, i) => i).sort((a, b) => ages[b]! - ages[a]!);
    const grayIdx = new Set(byAge.slice(0, grayCount));
    const otherHairs = hairs.filter((h) => h !== 'gray');
    const hairOf = (i: number) => (grayIdx.has(i) ? 'gray' : otherHairs.pop()!);

    for (let i = 0; i < n; i++) {
      const country: Country = opts.countries.length ? r.pick(opts.countries) : 'US';
      const names = country === 'DE' && r.chance(0.75) ? (gender === 'woman' ? WOMEN_NAMES.de : MEN_NAMES.de) : gender === 'woman' ? WOMEN_NAMES.en : MEN_NAMES.en;
      const first = r.pick(names);
      const city = r.pick(CITIES[country]);
      const age = ages[i]!;
      const tags = shuffle(r, [...INTEREST_TAGS]).slice(0, r.int(3, 6));
      const bodyType = bodies[i]!;
      const range = defaultAgeRange(age);
      const createDate = new Date(now.getTime() - r.range(0.02, 60) * DAY);
      const online = r.chance(0.22);
      const sinceCreate = now.getTime() - createDate.getTime();
      const activityDate = online
        ? new Date(now.getTime() - r.range(0, 55) * 60_000)
        : new Date(now.getTime() - Math.min(sinceCreate, HOUR + r.next() ** 2 * 30 * DAY));
      const base = {
        gender,
        ethnicity: ethnicities[i]!,
        hairColor: hairOf(i),
        eyeColor: eyes[i]!,
        bodyType,
        age,
      } as const;
      const photoCount = r.chance(0.35) ? 3 : 2;
      const photos: PortraitSpec[] = [];
      for (let p = 0; p < photoCount; p++) {
        const scene: Scene = p === 0 ? (r.chance(0.7) ? 'studio' : 'bokeh') : r.pick(OUTDOOR);
        photos.push({ ...base, scene, seed: Math.floor(r.next() * 0xffffffff) >>> 0 });
      }
      drafts.push({
        username: usernameFor(r, first, now.getUTCFullYear() - age, city.city, taken),
        gender,
        birthDate: birthDateFor(r, age, now),
        age,
        bodyType,
        ethnicity: base.ethnicity,
        hairColor: base.hairColor,
        eyeColor: base.eyeColor,
        heightCm: heightFor(r, gender, bodyType),
        relationshipStatus: statuses[i]!,
        aboutMe: aboutMe(r, tags),
        lookingForTags: tags,
        lookingForAgeMin: Math.max(18, range.min),
        lookingForAgeMax: Math.min(100, range.max + 10),
        location: { country, city: city.city, state: city.state, zip: city.zip },
        country,
        isFeatured: r.chance(0.1),
        isPremium: r.chance(0.2),
        matchOnLike: r.chance(0.85),
        createDate,
        activityDate,
        photos,
      });
    }
  }
  return drafts;
}
