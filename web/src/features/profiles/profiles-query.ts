import {
  bodyTypes,
  ethnicities,
  eyeColors,
  hairColors,
  relationshipStatuses,
  type BodyType,
  type Ethnicity,
  type EyeColor,
  type GenderFilter,
  type HairColor,
  type RelationshipStatus,
  type SortOption,
} from '@sync/contract/entities';
import { feetInchesToCm, formatHeight, type MeasurementSystem } from '@sync/rules/height';
import { MAX_AGE, MIN_AGE } from '@sync/rules/age';
import type { TextKey } from '@sync/texts';
import type { QueryValue } from '@web/lib/http';

/** docs/product.md#constants: page size 36, pages start at 1. */
export const DEFAULT_PAGE_SIZE = 36;
/** The per-page choice (docs/product.md#data sort options "plus a per-page choice"). */
export const PER_PAGE_OPTIONS = [12, 24, 36, 48, 72] as const;
export const DEFAULT_SORT: SortOption = 'recent';
export const AGE_BOUNDS = { min: MIN_AGE, max: MAX_AGE } as const;

export const SORT_LABELS: Record<SortOption, TextKey> = {
  recent: 'member.profiles.sort-recent',
  'age-asc': 'member.profiles.sort-age-asc',
  'age-desc': 'member.profiles.sort-age-desc',
  'username-asc': 'member.profiles.sort-username-asc',
  'username-desc': 'member.profiles.sort-username-desc',
};

/** docs/product.md#data filters; heights are always cm here, whatever unit the member reads them in. */
export interface ProfileFilters {
  gender?: GenderFilter | undefined;
  ageMin?: number | undefined;
  ageMax?: number | undefined;
  heightMin?: number | undefined;
  heightMax?: number | undefined;
  bodyType: BodyType[];
  ethnicity: Ethnicity[];
  hairColor: HairColor[];
  relationshipStatus: RelationshipStatus[];
  eyeColor: EyeColor[];
}

export const EMPTY_FILTERS: ProfileFilters = {
  bodyType: [],
  ethnicity: [],
  hairColor: [],
  relationshipStatus: [],
  eyeColor: [],
};

/** The multi-choice filters, in the order the panel shows them. */
export const CHOICE_FILTERS = [
  { key: 'bodyType', legend: 'member.profiles.body-type', values: bodyTypes },
  { key: 'ethnicity', legend: 'member.profiles.ethnicity', values: ethnicities },
  { key: 'hairColor', legend: 'member.profiles.hair-colour', values: hairColors },
  { key: 'eyeColor', legend: 'member.profiles.eye-colour', values: eyeColors },
  { key: 'relationshipStatus', legend: 'member.profiles.relationship-status', values: relationshipStatuses },
] as const;
export type ChoiceFilterKey = (typeof CHOICE_FILTERS)[number]['key'];

export interface ProfilesQuery {
  search: string;
  filters: ProfileFilters;
  sortBy: SortOption;
  limit: number;
}

export const DEFAULT_QUERY: ProfilesQuery = { search: '', filters: EMPTY_FILTERS, sortBy: DEFAULT_SORT, limit: DEFAULT_PAGE_SIZE };

/** GET /api/profiles query (docs/api.md#profiles-and-matching): multi-value filters comma-separated, empty ones left out. */
export function toQueryParams(query: ProfilesQuery, page: number): Record<string, QueryValue> {
  const { filters } = query;
  const params: Record<string, QueryValue> = { page, limit: query.limit, sortBy: query.sortBy };
  const search = query.search.trim();
  if (search) params.search = search;
  if (filters.gender) params.gender = filters.gender;
  for (const key of ['ageMin', 'ageMax', 'heightMin', 'heightMax'] as const) {
    const value = filters[key];
    if (value !== undefined && Number.isFinite(value)) params[key] = value;
  }
  for (const { key } of CHOICE_FILTERS) {
    const values = filters[key];
    if (values.length > 0) params[key] = [...values].join(',');
  }
  return params;
}

/** How many filters differ from none (the badge on the Filters button). */
export function activeFilterCount(filters: ProfileFilters): number {
  let count = 0;
  if (filters.gender) count++;
  if (filters.ageMin !== undefined || filters.ageMax !== undefined) count++;
  if (filters.heightMin !== undefined || filters.heightMax !== undefined) count++;
  for (const { key } of CHOICE_FILTERS) if (filters[key].length > 0) count++;
  return count;
}

/** Age bounds kept within 18..100 and lowest first; an empty bound stays empty. */
export function normaliseAgeRange(min: number | undefined, max: number | undefined): { ageMin?: number; ageMax?: number } {
  const clamp = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? undefined : Math.min(MAX_AGE, Math.max(MIN_AGE, Math.round(n))));
  let lo = clamp(min);
  let hi = clamp(max);
  if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
  return { ...(lo !== undefined ? { ageMin: lo } : {}), ...(hi !== undefined ? { ageMax: hi } : {}) };
}

export interface HeightOption {
  cm: number;
  label: string;
}

/**
 * The height choices in the member's unit (docs/product.md#data: ft, in or cm): every inch from 4'7" to 7'0",
 * or every 5 cm from 140 to 215. Values are cm, which the API filters on.
 */
export function heightOptions(system: MeasurementSystem): HeightOption[] {
  if (system === 'metric') {
    return Array.from({ length: 16 }, (_, i) => 140 + i * 5).map((cm) => ({ cm, label: formatHeight(cm, 'metric') }));
  }
  const options: HeightOption[] = [];
  for (let inches = 4 * 12 + 7; inches <= 7 * 12; inches++) {
    const cm = feetInchesToCm(Math.floor(inches / 12), inches % 12);
    options.push({ cm, label: formatHeight(cm, 'imperial') });
  }
  return options;
}
