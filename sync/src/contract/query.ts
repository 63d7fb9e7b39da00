/**
 * Query parameters of the API's routes (docs/api.md#profiles-and-matching): paging, the profile list's sort and
 * filters, the landing page's public variant, the zip prefix of the location lists and the auto-login token. A value arrives as one string, or as a list when the parameter
 * is repeated (the API's validator reads `?a=1&a=2` as ['1', '2']). Each refusal names what is wrong with the
 * value; the API puts the parameter's name in front (`page: must be a whole number from 1 to 1000000`).
 */
import { z } from 'zod';
import { bodyTypes, ethnicities, eyeColors, genderFilters, hairColors, relationshipStatuses, sortOptions } from './entities.js';
import { LIMIT_MAX } from './errors.js';
import { text } from './text.js';
import { MAX_AGE, MIN_AGE } from '../rules/age.js';

/** docs/product.md#constants: profiles page size 36, pages start at 1. */
export const PROFILES_PAGE_SIZE = 36;
export const PAGE_MAX = 1_000_000;
/** Heights a filter may ask for, in cm (about 3 ft 3 in to 8 ft 2 in). */
export const HEIGHT_MIN_CM = 100;
export const HEIGHT_MAX_CM = 250;
export const SEARCH_MAX_LENGTH = 100;
/** GET /profiles without a member token (landing page cards). */
export const PUBLIC_LIMIT_MAX = 24;
export const PUBLIC_LIMIT_DEFAULT = 12;
export const publicTypes = ['featured', 'new', 'online', 'recent'] as const;
export type PublicType = (typeof publicTypes)[number];

const queryValue = z.union([text(), z.array(text())]).optional();

/** A parameter's one value: sending it twice is as wrong as a bad value. */
export const oneValueParam = queryValue.transform((value, ctx) => {
  if (!Array.isArray(value)) return value;
  if (value.length > 1) {
    ctx.addIssue({ code: 'custom', message: 'must be given once' });
    return z.NEVER;
  }
  return value[0];
});

/** A whole number in [min, max]; left out or empty reads as undefined. */
export function wholeNumberParam(min: number, max: number) {
  return oneValueParam.transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const trimmed = value.trim();
    const n = Number(trimmed);
    if (!/^-?\d{1,9}$/.test(trimmed) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });
}

/** One value or several (`a,b`, or the parameter repeated); an unknown value is refused, never dropped. */
export function choicesParam<T extends string>(allowed: readonly T[]) {
  return queryValue.transform((value, ctx): T[] | undefined => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
    if (parts.length === 0) return undefined;
    const unknown = parts.find((part) => !(allowed as readonly string[]).includes(part));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: `unknown value '${unknown.slice(0, 40)}'; expected one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(parts)] as T[];
  });
}

/** Like choicesParam, for a parameter that takes one of them. */
export function choiceParam<T extends string>(allowed: readonly T[]) {
  return choicesParam(allowed).transform((values, ctx): T | undefined => {
    if (values && values.length > 1) {
      ctx.addIssue({ code: 'custom', message: `choose one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    return values?.[0];
  });
}

/** One of `allowed`, `fallback` when left out or empty (a list's `status`). */
export function statusParam<T extends string>(allowed: readonly T[], fallback: T) {
  return oneValueParam.transform((value, ctx): T => {
    if (value === undefined || value === '') return fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    return value as T;
  });
}

/** A list's `limit`: 1 to maxLimit, defaultLimit when left out. */
export function limitParam(defaultLimit: number, maxLimit: number) {
  return wholeNumberParam(1, maxLimit).transform((n) => n ?? defaultLimit);
}

/** A value given once or not at all (a cursor, a message id to read before); empty reads as left out. */
export const optionalValueParam = oneValueParam.transform((value) => value || undefined);

/** `page` (from 1) and `limit` (1 to maxLimit, defaultLimit when left out). */
export function pagingQuery(defaultLimit: number = PROFILES_PAGE_SIZE, maxLimit: number = LIMIT_MAX) {
  return z.object({
    page: wholeNumberParam(1, PAGE_MAX).transform((n) => n ?? 1),
    limit: limitParam(defaultLimit, maxLimit),
  });
}
export type Paging = z.output<ReturnType<typeof pagingQuery>>;

// eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL; control characters are never part of a name or a city.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** GET /profiles with a member token: sort, filters and paging (`cursor`: the previous page's nextCursor). */
export const profileListQuery = z
  .object({
    sortBy: oneValueParam.transform((value, ctx) => {
      if (value === undefined || value === '') return 'recent' as const;
      if (!(sortOptions as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', message: `unknown value; expected one of ${sortOptions.join(', ')}` });
        return z.NEVER;
      }
      return value as (typeof sortOptions)[number];
    }),
    gender: choiceParam(genderFilters),
    ...pagingQuery().shape,
    bodyType: choicesParam(bodyTypes),
    ethnicity: choicesParam(ethnicities),
    hairColor: choicesParam(hairColors),
    relationshipStatus: choicesParam(relationshipStatuses),
    eyeColor: choicesParam(eyeColors),
    ageMin: wholeNumberParam(MIN_AGE, MAX_AGE),
    ageMax: wholeNumberParam(MIN_AGE, MAX_AGE),
    heightMin: wholeNumberParam(HEIGHT_MIN_CM, HEIGHT_MAX_CM),
    heightMax: wholeNumberParam(HEIGHT_MIN_CM, HEIGHT_MAX_CM),
    cursor: optionalValueParam,
    search: oneValueParam.transform((value, ctx) => {
      const search = value?.trim();
      if (!search) return undefined;
      if (search.length > SEARCH_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: `must be at most ${SEARCH_MAX_LENGTH} characters` });
      else if (CONTROL.test(search)) ctx.addIssue({ code: 'custom', message: 'must not contain control characters' });
      return search;
    }),
  })
  .superRefine((query, ctx) => {
    if (query.ageMin !== undefined && query.ageMax !== undefined && query.ageMin > query.ageMax) {
      ctx.addIssue({ code: 'custom', path: ['ageMin'], message: 'must not be above ageMax' });
    }
    if (query.heightMin !== undefined && query.heightMax !== undefined && query.heightMin > query.heightMax) {
      ctx.addIssue({ code: 'custom', path: ['heightMin'], message: 'must not be above heightMax' });
    }
  });
export type ProfileListQuery = z.output<typeof profileListQuery>;
export type ProfileFilters = Omit<ProfileListQuery, 'sortBy' | 'page' | 'limit' | 'cursor'>;

/** GET /profiles with the brand's x-api-key and no token: the landing page's cards. */
export const publicProfilesQuery = z.object({
  type: choiceParam(publicTypes).transform((type) => type ?? 'recent'),
  premium: oneValueParam.transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    if (value !== 'true' && value !== 'false') {
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    }
    return value === 'true';
  }),
  gender: choiceParam(genderFilters),
  limit: limitParam(PUBLIC_LIMIT_DEFAULT, PUBLIC_LIMIT_MAX),
});
export type PublicProfilesQuery = z.output<typeof publicProfilesQuery>;

/** Longest zip prefix GET /json/{country}.json narrows by. */
export const ZIP_QUERY_MAX = 12;

/** GET /json/{country}.json?zipCode=prefix: the locations narrowed to zip codes starting so. */
export const locationQuery = z.object({
  zipCode: oneValueParam.transform((value, ctx) => {
    const zipCode = value?.trim();
    if (!zipCode) return undefined;
    if (zipCode.length > ZIP_QUERY_MAX || !/^[A-Za-z0-9 -]+$/.test(zipCode)) {
      ctx.addIssue({ code: 'custom', message: `must be up to ${ZIP_QUERY_MAX} letters, digits or spaces` });
      return z.NEVER;
    }
    return zipCode;
  }),
});

/** GET /autologin?token=: the mailed token; one left out or unknown answers the same 401 (api auth/service.ts). */
export const autoLoginQuery = z.object({ token: oneValueParam });

/** GET /brands: every brand fits one page of 100. */
export const brandListQuery = pagingQuery(100);
