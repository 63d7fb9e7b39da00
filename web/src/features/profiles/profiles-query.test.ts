import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, EMPTY_FILTERS, heightOptions, normaliseAgeRange, toQueryParams } from './profiles-query';

describe('toQueryParams', () => {
  it('sends page, limit and sort, and leaves empty filters out', () => {
    expect(toQueryParams(DEFAULT_QUERY, 1)).toEqual({ page: 1, limit: 36, sortBy: 'recent' });
  });
  it('joins multi-value filters with commas and passes heights in cm', () => {
    const params = toQueryParams(
      { ...DEFAULT_QUERY, search: ' kira ', filters: { ...EMPTY_FILTERS, hairColor: ['red', 'blond'], heightMin: 160, heightMax: 185 } },
      3,
    );
    expect(params).toEqual({ page: 3, limit: 36, sortBy: 'recent', search: 'kira', hairColor: 'red,blond', heightMin: 160, heightMax: 185 });
  });
});

describe('filters', () => {
  it('keeps ages within 18..100 and lowest first', () => {
    expect(normaliseAgeRange(12, 140)).toEqual({ ageMin: 18, ageMax: 100 });
    expect(normaliseAgeRange(50, 30)).toEqual({ ageMin: 30, ageMax: 50 });
    expect(normaliseAgeRange(undefined, 40)).toEqual({ ageMax: 40 });
  });
  it('offers heights in ft/in or cm, valued in cm', () => {
    const imperial = heightOptions('imperial');
    expect(imperial[0]).toEqual({ cm: 140, label: `4' 7"` });
    expect(imperial.at(-1)!.label).toBe(`7' 0"`);
    expect(heightOptions('metric')[0]).toEqual({ cm: 140, label: '140 cm' });
  });
});
