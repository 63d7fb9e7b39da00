import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageFromDateString } from '@sync/rules/age';
import { birthDateRange, latestBirthDateForAge, todayString } from './age-bounds.js';

describe('birth-date bounds for age filters', () => {
  it('is today minus N years', () => {
    const now = new Date(Date.UTC(2026, 0, 15, 12));
    expect(todayString(now)).toBe('2026-01-15');
    expect(latestBirthDateForAge(18, now)).toBe('2008-01-15');
  });

  it('clamps 29 February in a common year', () => {
    const now = new Date(Date.UTC(2024, 1, 29));
    expect(latestBirthDateForAge(1, now)).toBe('2023-02-28');
    expect(latestBirthDateForAge(4, now)).toBe('2020-02-29');
  });

  it('agrees with ageFromDateString for every birth date and day', () => {
    const day = fc.date({ min: new Date(Date.UTC(1920, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true });
    fc.assert(
      fc.property(day, day, fc.integer({ min: 18, max: 100 }), fc.integer({ min: 18, max: 100 }), (birth, now, a, b) => {
        const birthDate = birth.toISOString().slice(0, 10);
        const age = ageFromDateString(birthDate, now)!;
        const [ageMin, ageMax] = a <= b ? [a, b] : [b, a];
        const { maxBirth, minBirthExclusive } = birthDateRange(ageMin, ageMax, now);
        const inRange = birthDate <= maxBirth! && birthDate > minBirthExclusive!;
        expect(inRange).toBe(age >= ageMin && age <= ageMax);
      }),
      { numRuns: 2000 },
    );
  });
});
