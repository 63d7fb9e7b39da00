import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { locationQuery, pagingQuery, profileListQuery, publicProfilesQuery, statusParam } from './query.js';

/** The first refusal as the API words it: the parameter's name, then what is wrong. */
function refusal(schema: z.ZodType, query: Record<string, string | string[]>): string | undefined {
  const result = schema.safeParse(query);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('paging', () => {
  it('reads page and limit from strings, with the defaults when left out or empty', () => {
    expect(pagingQuery(36).parse({})).toEqual({ page: 1, limit: 36 });
    expect(pagingQuery(20).parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 20 });
    expect(pagingQuery(36).parse({ page: ' 2 ', limit: '100' })).toEqual({ page: 2, limit: 100 });
  });

  it('refuses what is no whole number in range, and a parameter given twice', () => {
    for (const page of ['0', '-1', '1.5', 'abc', '1e3', '1000001', '9999999999']) {
      expect(refusal(pagingQuery(36), { page })).toBe('page: must be a whole number from 1 to 1000000');
    }
    expect(refusal(pagingQuery(36), { limit: '101' })).toBe('limit: must be a whole number from 1 to 100');
    expect(refusal(pagingQuery(36, 24), { limit: '25' })).toBe('limit: must be a whole number from 1 to 24');
    expect(refusal(pagingQuery(36), { page: ['1', '2'] })).toBe('page: must be given once');
    expect(pagingQuery(36).parse({ page: ['3'] })).toEqual({ page: 3, limit: 36 });
  });
});

describe('a list status', () => {
  it('falls back when left out and names the allowed values otherwise', () => {
    const status = statusParam(['open', 'resolved'] as const, 'open');
    expect(status.parse(undefined)).toBe('open');
    expect(status.parse('resolved')).toBe('resolved');
    expect(status.safeParse('closed').error?.issues[0]?.message).toBe('must be one of open, resolved');
  });
});

describe('the profile list', () => {
  it('reads sort, filters and paging as the list uses them', () => {
    expect(profileListQuery.parse({})).toEqual({ sortBy: 'recent', page: 1, limit: 36 });
    const query = profileListQuery.parse({
      sortBy: 'age-asc',
      gender: 'women',
      bodyType: ['fit,average', 'fit'],
      ageMin: '25',
      ageMax: '30',
      heightMin: '150',
      search: '  Ann ',
      cursor: 'abc',
    });
    expect(query).toMatchObject({ sortBy: 'age-asc', gender: 'women', bodyType: ['fit', 'average'], ageMin: 25, ageMax: 30, heightMin: 150, search: 'Ann', cursor: 'abc' });
  });

  it('names the first bad parameter', () => {
    expect(refusal(profileListQuery, { sortBy: 'random' })).toBe('sortBy: unknown value; expected one of recent, age-asc, age-desc, username-asc, username-desc');
    expect(refusal(profileListQuery, { gender: 'women,men' })).toBe('gender: choose one of women, men, everyone');
    expect(refusal(profileListQuery, { bodyType: 'fit,skinny' })).toMatch(/^bodyType: unknown value 'skinny'; expected one of /);
    expect(refusal(profileListQuery, { ageMin: '17' })).toBe('ageMin: must be a whole number from 18 to 100');
    expect(refusal(profileListQuery, { ageMin: '40', ageMax: '30' })).toBe('ageMin: must not be above ageMax');
    expect(refusal(profileListQuery, { heightMin: '200', heightMax: '150' })).toBe('heightMin: must not be above heightMax');
    expect(refusal(profileListQuery, { search: 'x'.repeat(101) })).toBe('search: must be at most 100 characters');
    expect(refusal(profileListQuery, { search: 'a\u0001b' })).toBe('search: must not contain control characters');
    expect(refusal(profileListQuery, { sortBy: ['recent', 'age-asc'] })).toBe('sortBy: must be given once');
  });
});

describe('the landing page list', () => {
  it('reads type, premium, gender and limit', () => {
    expect(publicProfilesQuery.parse({})).toEqual({ type: 'recent', premium: undefined, gender: undefined, limit: 12 });
    expect(publicProfilesQuery.parse({ type: 'featured', premium: 'false', gender: 'men', limit: '24' })).toEqual({ type: 'featured', premium: false, gender: 'men', limit: 24 });
    expect(refusal(publicProfilesQuery, { premium: 'yes' })).toBe('premium: must be true or false');
    expect(refusal(publicProfilesQuery, { type: 'new,online' })).toBe('type: choose one of featured, new, online, recent');
    expect(refusal(publicProfilesQuery, { limit: '25' })).toBe('limit: must be a whole number from 1 to 24');
  });
});

describe('locations', () => {
  it('narrows by a zip prefix of letters, digits, spaces and dashes', () => {
    expect(locationQuery.parse({})).toEqual({ zipCode: undefined });
    expect(locationQuery.parse({ zipCode: ' SW1A 1 ' })).toEqual({ zipCode: 'SW1A 1' });
    expect(refusal(locationQuery, { zipCode: '12345678901234' })).toBe('zipCode: must be up to 12 letters, digits or spaces');
    expect(refusal(locationQuery, { zipCode: '1;2' })).toBe('zipCode: must be up to 12 letters, digits or spaces');
  });
});
