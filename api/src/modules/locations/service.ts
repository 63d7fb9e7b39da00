import * as de from './data/de.js';
import * as gb from './data/gb.js';
import * as us from './data/us.js';

/** docs/product.md#data Locations: the static lists behind the city search and the ZIP lookup. */
export interface CityEntry {
  city: string;
  state: string;
}
export interface ZipEntry {
  zip: string;
  state: string;
  /** Added: the place the code belongs to, so a ZIP lookup can fill the city too. */
  city: string;
}
export interface LocationData {
  by_city: CityEntry[];
  by_zip: ZipEntry[];
}

const SOURCES: Record<string, { CITIES: string; ZIPS: string }> = { US: us, GB: gb, DE: de };
export const LOCATION_COUNTRIES = Object.keys(SOURCES);

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => l.split('|').map((f) => f.trim()));

/** Postcodes compare without spaces and case: "sw1a1" finds "SW1A 1AA". */
export const normalizeZip = (zip: string) => zip.replace(/\s+/g, '').toUpperCase();

/** docs/product.md#constants: the city list is deduplicated by city and state, the ZIP list by ZIP. */
export function dedupeCities(entries: CityEntry[]): CityEntry[] {
  const seen = new Set<string>();
  const out: CityEntry[] = [];
  for (const e of entries) {
    const key = `${e.city.toLowerCase()}|${e.state.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ city: e.city, state: e.state });
  }
  return out.sort((a, b) => a.city.localeCompare(b.city) || a.state.localeCompare(b.state));
}

export function dedupeZips(entries: ZipEntry[]): ZipEntry[] {
  const seen = new Set<string>();
  const out: ZipEntry[] = [];
  for (const e of entries) {
    const key = normalizeZip(e.zip);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out.sort((a, b) => normalizeZip(a.zip).localeCompare(normalizeZip(b.zip)));
}

const cache = new Map<string, { cities: CityEntry[]; zips: ZipEntry[] }>();

function load(country: string) {
  let data = cache.get(country);
  if (!data) {
    const source = SOURCES[country]!;
    const zips = dedupeZips(lines(source.ZIPS).map(([zip = '', state = '', city = '']) => ({ zip, state, city })));
    // Places named only beside a ZIP code are cities too (Brooklyn, Beverly Hills).
    const cities = dedupeCities([...lines(source.CITIES).map(([city = '', state = '']) => ({ city, state })), ...zips]);
    data = { cities, zips };
    cache.set(country, data);
  }
  return data;
}

/**
 * GET /api/json/{country}.json: every city and the sample ZIP codes of a country, or with `zipCode` the codes
 * starting with it and their cities. null for a country without data (the route answers 404).
 */
export function lookupLocations(country: string, zipCode?: string): LocationData | null {
  const code = country.toUpperCase();
  if (!SOURCES[code]) return null;
  const { cities, zips } = load(code);
  const prefix = zipCode ? normalizeZip(zipCode) : '';
  if (!prefix) return { by_city: cities, by_zip: zips };
  const matched = zips.filter((z) => normalizeZip(z.zip).startsWith(prefix));
  return { by_city: dedupeCities(matched), by_zip: matched };
}
