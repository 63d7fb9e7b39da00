import {
  bodyTypes,
  ethnicities,
  eyeColors,
  genderFilters,
  hairColors,
  relationshipStatuses,
  sortOptions,
  type BodyType,
  type Ethnicity,
  type EyeColor,
  type GenderFilter,
  type HairColor,
  type RelationshipStatus,
  type SortOption,
} from '@sync/contract/entities';
import { LIMIT_MAX } from '@sync/contract/errors';
import { MAX_AGE, MIN_AGE } from '@sync/rules/age';
import { ApiError } from '../../lib/errors.js';

/** docs/product.md#constants: profiles page size 36, pages start at 1. */
export const PROFILES_PAGE_SIZE = 36;
/** Heights a filter may ask for, in cm (about 3 ft 3 in to 8 ft 2 in). */
export const HEIGHT_MIN_CM = 100;
export const HEIGHT_MAX_CM = 250;
export const SEARCH_MAX_LENGTH = 100;

export interface ProfileFilters {
  bodyType?: BodyType[];
  ethnicity?: Ethnicity[];
  hairColor?: HairColor[];
  relationshipStatus?: RelationshipStatus[];
  eyeColor?: EyeColor[];
  gender?: GenderFilter;
  ageMin?: number;
  ageMax?: number;
  heightMin?: number;
  heightMax?: number;
  search?: string;
}

export interface Paging {
  page: number;
  limit: number;
}

export interface ProfileListQuery extends ProfileFilters, Paging {
  sortBy: SortOption;
  /** `nextCursor` of the previous page (keyset paging); without it `page` is an offset. */
  cursor?: string;
}

/** Query parameters as Hono gives them (`c.req.queries()`): every value a parameter was sent with. */
export type RawQuery = Record<string, string[] | undefined>;

/** 400 in the docs/api.md#errors error shape, naming the parameter in the message and in details.fields. */
export function invalidParam(name: string, message: string): ApiError {
  return new ApiError(400, 'invalid-query', `${name}: ${message}`, { fields: { [name]: message } });
}

/** A parameter's single value; sending it twice is as wrong as a bad value. */
function single(raw: RawQuery, name: string): string | undefined {
  const values = raw[name];
  if (!values || values.length === 0) return undefined;
  if (values.length > 1) throw invalidParam(name, 'must be given once');
  return values[0];
}

function integer(raw: RawQuery, name: string, min: number, max: number): number | undefined {
  const value = single(raw, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d{1,9}$/.test(value.trim())) throw invalidParam(name, `must be a whole number from ${min} to ${max}`);
  const n = Number(value.trim());
  if (n < min || n > max) throw invalidParam(name, `must be a whole number from ${min} to ${max}`);
  return n;
}

/** One value or several: `a,b`, or the parameter repeated. Unknown values are errors, not silently dropped. */
function oneOf<T extends string>(raw: RawQuery, name: string, allowed: readonly T[]): T[] | undefined {
  const values = raw[name];
  if (!values) return undefined;
  const parts = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  if (parts.length === 0) return undefined;
  const unknown = parts.find((p) => !(allowed as readonly string[]).includes(p));
  if (unknown !== undefined) throw invalidParam(name, `unknown value '${unknown.slice(0, 40)}'; expected one of ${allowed.join(', ')}`);
  return [...new Set(parts)] as T[];
}

export function parsePaging(raw: RawQuery, defaultLimit: number = PROFILES_PAGE_SIZE, maxLimit: number = LIMIT_MAX): Paging {
  return {
    page: integer(raw, 'page', 1, 1_000_000) ?? 1,
    limit: integer(raw, 'limit', 1, maxLimit) ?? defaultLimit,
  };
}

/** GET /api/profiles query (docs/api.md#profiles-and-matching). Throws 400 naming the first bad parameter. */
export function parseProfileListQuery(raw: RawQuery): ProfileListQuery {
  const sortBy = single(raw, 'sortBy');
  if (sortBy !== undefined && sortBy !== '' && !(sortOptions as readonly string[]).includes(sortBy)) {
    throw invalidParam('sortBy', `unknown value; expected one of ${sortOptions.join(', ')}`);
  }
  const genders = oneOf(raw, 'gender', genderFilters);
  if (genders && genders.length > 1) throw invalidParam('gender', `choose one of ${genderFilters.join(', ')}`);
  const query: ProfileListQuery = {
    ...parsePaging(raw),
    sortBy: (sortBy || 'recent') as SortOption,
    bodyType: oneOf(raw, 'bodyType', bodyTypes),
    ethnicity: oneOf(raw, 'ethnicity', ethnicities),
    hairColor: oneOf(raw, 'hairColor', hairColors),
    relationshipStatus: oneOf(raw, 'relationshipStatus', relationshipStatuses),
    eyeColor: oneOf(raw, 'eyeColor', eyeColors),
    gender: genders?.[0],
    ageMin: integer(raw, 'ageMin', MIN_AGE, MAX_AGE),
    ageMax: integer(raw, 'ageMax', MIN_AGE, MAX_AGE),
    heightMin: integer(raw, 'heightMin', HEIGHT_MIN_CM, HEIGHT_MAX_CM),
    heightMax: integer(raw, 'heightMax', HEIGHT_MIN_CM, HEIGHT_MAX_CM),
  };
  if (query.ageMin !== undefined && query.ageMax !== undefined && query.ageMin > query.ageMax) {
    throw invalidParam('ageMin', 'must not be above ageMax');
  }
  if (query.heightMin !== undefined && query.heightMax !== undefined && query.heightMin > query.heightMax) {
    throw invalidParam('heightMin', 'must not be above heightMax');
  }
  const cursor = single(raw, 'cursor');
  if (cursor) query.cursor = cursor;
  const search = single(raw, 'search')?.trim();
  if (search) {
    if (search.length > SEARCH_MAX_LENGTH) throw invalidParam('search', `must be at most ${SEARCH_MAX_LENGTH} characters`);
    // PostgreSQL text cannot hold NUL; control characters are never part of a name or a city.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(search)) throw invalidParam('search', 'must not contain control characters');
    query.search = search;
  }
  return query;
}

/** GET /api/profiles without a member token (landing page cards). */
export const PUBLIC_LIMIT_MAX = 24;
export const publicTypes = ['featured', 'new', 'online', 'recent'] as const;
export type PublicType = (typeof publicTypes)[number];

export interface PublicProfilesQuery {
  limit: number;
  type: PublicType;
  premium?: boolean;
  gender?: GenderFilter;
}

export function parsePublicQuery(raw: RawQuery): PublicProfilesQuery {
  const type = oneOf(raw, 'type', publicTypes);
  if (type && type.length > 1) throw invalidParam('type', `choose one of ${publicTypes.join(', ')}`);
  const premium = single(raw, 'premium');
  if (premium !== undefined && premium !== '' && premium !== 'true' && premium !== 'false') throw invalidParam('premium', 'must be true or false');
  const genders = oneOf(raw, 'gender', genderFilters);
  if (genders && genders.length > 1) throw invalidParam('gender', `choose one of ${genderFilters.join(', ')}`);
  return {
    limit: integer(raw, 'limit', 1, PUBLIC_LIMIT_MAX) ?? 12,
    type: type?.[0] ?? 'recent',
    premium: premium === 'true' ? true : premium === 'false' ? false : undefined,
    gender: genders?.[0],
  };
}
