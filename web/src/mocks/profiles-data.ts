/**
 * Fixture profiles behind the profiles, matching and interests msw handlers (docs/api.md#profiles-and-matching).
 * Generated from a fixed seed, so every run and every test sees the same 160 profiles.
 */
import {
  bodyTypes,
  ethnicities,
  eyeColors,
  hairColors,
  relationshipStatuses,
  type Image,
  type Profile,
  type ProfileBadge,
} from '@sync/contract/entities';

export type MockProfile = Profile & { createDate: string; matchOnLike: boolean };

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WOMEN = ['Amelia', 'Bella', 'Chloe', 'Daisy', 'Elena', 'Freya', 'Grace', 'Hannah', 'Isla', 'Jade', 'Kira', 'Luna', 'Maya', 'Nora', 'Olivia', 'Piper', 'Quinn', 'Rosa', 'Sofia', 'Tessa', 'Uma', 'Vera', 'Willow', 'Xena', 'Yara', 'Zoe'];
const MEN = ['Adam', 'Ben', 'Caleb', 'Dylan', 'Ethan', 'Felix', 'Gabe', 'Henry', 'Ivan', 'Jack', 'Leo', 'Marco', 'Noah', 'Owen', 'Ryan', 'Sam', 'Theo', 'Victor'];
const SUFFIXES = ['', '_x', '88', '_love', '21', '_sun', '_ny', '77', '_art', '_dreams'];
const CITIES = [
  { city: 'Austin', state: 'TX' },
  { city: 'Miami', state: 'FL' },
  { city: 'Denver', state: 'CO' },
  { city: 'Seattle', state: 'WA' },
  { city: 'Chicago', state: 'IL' },
  { city: 'Boston', state: 'MA' },
  { city: 'Phoenix', state: 'AZ' },
  { city: 'Portland', state: 'OR' },
  { city: 'San Diego', state: 'CA' },
  { city: 'Nashville', state: 'TN' },
];
const TAGS = ['travel', 'music', 'hiking', 'cooking', 'movies', 'yoga', 'dancing', 'books', 'coffee', 'beach', 'art', 'fitness', 'wine', 'dogs', 'photography'];
const ABOUT = [
  'Sunny mornings, strong coffee and long walks by the water. Tell me about your favourite place.',
  'I laugh easily and love a good story. Looking for someone to share playlists with.',
  'Weekend hiker, weekday bookworm. I make a mean lasagne.',
  'New in town and curious about everything. Say hi and tell me your best joke!',
  'Art, travel and late-night talks. I believe in kindness first.',
];
const PALETTES: [string, string][] = [
  ['#f783ac', '#7048e8'],
  ['#ffa94d', '#e64980'],
  ['#63e6be', '#1c7ed6'],
  ['#ffd43b', '#f76707'],
  ['#b197fc', '#c2255c'],
  ['#74c0fc', '#5f3dc4'],
];

const pick = <T,>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** A small drawn portrait as an SVG data URL: no network, no binary fixtures. */
export function portraitUrl(seed: number, letter: string, width: number): string {
  const [a, b] = PALETTES[seed % PALETTES.length] as [string, string];
  const height = Math.round((width * 4) / 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 300 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="300" height="400" fill="url(#g)"/><circle cx="150" cy="165" r="70" fill="#fff" fill-opacity=".85"/><path d="M35 400c10-90 60-140 115-140s105 50 115 140z" fill="#fff" fill-opacity=".85"/><text x="150" y="190" font-family="Arial" font-size="72" text-anchor="middle" fill="${b}">${letter}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function imagesFor(id: string, seed: number, letter: string, count: number): Image[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `${id}-img-${i + 1}`,
    type: i === 0 ? ('avatar' as const) : ('photo' as const),
    processed: true,
    under_moderation: false,
    small: portraitUrl(seed + i, letter, 120),
    medium: portraitUrl(seed + i, letter, 300),
    large: portraitUrl(seed + i, letter, 600),
  }));
}

const DAY = 86_400_000;

/** The n-th fixture profile's id: shaped like the API's uuids, which the sync contract requires of a profileId. */
export function mockProfileId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function buildMockProfiles(count = 160, now = Date.now()): MockProfile[] {
  const rand = seeded(20240601);
  const used = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const woman = rand() < 0.72;
    let username = `${pick(rand, woman ? WOMEN : MEN)}${pick(rand, SUFFIXES)}`.toLowerCase();
    if (used.has(username)) username = `${username}${index}`;
    used.add(username);
    const id = mockProfileId(index + 1);
    const createdDaysAgo = Math.floor(rand() * 120);
    const activeMinutesAgo = Math.floor(rand() ** 3 * 60 * 24 * 20);
    const featured = rand() < 0.12;
    const premium = rand() < 0.2;
    const badges: ProfileBadge[] = [];
    if (featured) badges.push('FEATURED');
    if (premium) badges.push('PREMIUM');
    if (createdDaysAgo < 14) badges.push('NEW');
    const tags = [...new Set(Array.from({ length: 2 + Math.floor(rand() * 4) }, () => pick(rand, TAGS)))];
    const activityDate = new Date(now - activeMinutesAgo * 60_000).toISOString();
    return {
      _id: id,
      username,
      age: 18 + Math.floor(rand() * 42),
      gender: woman ? 'woman' : 'man',
      bodyType: pick(rand, bodyTypes),
      ethnicity: pick(rand, ethnicities),
      hairColor: pick(rand, hairColors),
      eyeColor: pick(rand, eyeColors),
      height: woman ? 152 + Math.floor(rand() * 30) : 165 + Math.floor(rand() * 30),
      relationshipStatus: pick(rand, relationshipStatuses),
      aboutMe: pick(rand, ABOUT),
      lookingFor: tags,
      location: pick(rand, CITIES),
      images: imagesFor(id, index, username.charAt(0).toUpperCase(), 1 + Math.floor(rand() * 5)),
      badges,
      isOnline: activeMinutesAgo < 60,
      activityDate,
      favorite: false,
      createDate: new Date(now - createdDaysAgo * DAY).toISOString(),
      matchOnLike: index % 3 === 0,
    };
  });
}

/** Deduplicated city and zip lists (docs/product.md#constants) as `GET /api/json/{country}.json` answers them. */
export const MOCK_LOCATIONS = [
  { city: 'Austin', state: 'TX', zip: '73301' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Atlanta', state: 'GA', zip: '30301' },
  { city: 'Albany', state: 'NY', zip: '12201' },
  { city: 'Boston', state: 'MA', zip: '02108' },
  { city: 'Boulder', state: 'CO', zip: '80301' },
  { city: 'Chicago', state: 'IL', zip: '60601' },
  { city: 'Charlotte', state: 'NC', zip: '28202' },
  { city: 'Dallas', state: 'TX', zip: '75201' },
  { city: 'Denver', state: 'CO', zip: '80202' },
  { city: 'Miami', state: 'FL', zip: '33101' },
  { city: 'Portland', state: 'OR', zip: '97201' },
  { city: 'Portland', state: 'ME', zip: '04101' },
  { city: 'San Diego', state: 'CA', zip: '92101' },
  { city: 'San Francisco', state: 'CA', zip: '94102' },
  { city: 'Seattle', state: 'WA', zip: '98101' },
];
