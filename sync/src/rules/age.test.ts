import { describe, expect, it } from 'vitest';
import { ageFromDateString, ageInYears, daysInMonth, parseDateString } from './age.js';

describe('parseDateString', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDateString('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDateString('1900-02-29')).toBeNull();
    expect(parseDateString('2023-02-29')).toBeNull();
    expect(parseDateString('2024-04-31')).toBeNull();
    expect(parseDateString('2024-13-01')).toBeNull();
    expect(parseDateString('2024-00-10')).toBeNull();
    expect(parseDateString('2024-1-1')).toBeNull();
    expect(parseDateString('01/02/2000')).toBeNull();
    expect(parseDateString(' 2000-01-01')).toBeNull();
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2024, 11)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
  });
});

describe('age', () => {
  it('turns a year older on the birthday, not the day before', () => {
    const birth = { year: 2000, month: 6, day: 15 };
    expect(ageInYears(birth, { year: 2018, month: 6, day: 14 })).toBe(17);
    expect(ageInYears(birth, { year: 2018, month: 6, day: 15 })).toBe(18);
  });

  it('lets a leap-day child turn older on 1 March in common years', () => {
    expect(ageFromDateString('2004-02-29', new Date('2022-02-28T23:59:59Z'))).toBe(17);
    expect(ageFromDateString('2004-02-29', new Date('2022-03-01T00:00:00Z'))).toBe(18);
    expect(ageFromDateString('2004-02-29', new Date('2024-02-29T00:00:00Z'))).toBe(20);
  });

  it('reads today in UTC', () => {
    // 23:30 on the 14th in New York is already the 15th in UTC.
    expect(ageFromDateString('2000-06-15', new Date('2018-06-14T23:30:00-04:00'))).toBe(18);
  });

  it('answers null for unreal dates', () => {
    expect(ageFromDateString('2001-02-29', new Date())).toBeNull();
  });
});
