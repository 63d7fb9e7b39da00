import { daysInMonth, utcCalendarDate, type CalendarDate } from '@sync/rules/age';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of `now` in UTC, as birth dates are compared (sync/rules/age reads "today" in UTC too). */
export function todayString(now: Date): string {
  const d = utcCalendarDate(now);
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/**
 * The latest birth date of someone at least `years` old today, as `YYYY-MM-DD`.
 *
 * Age filters compare birth_date against this instead of computing an age per row, so PostgreSQL can use the
 * (brand_id, birth_date) index. Someone is at least N on `today` exactly when their birth date is on or before
 * (today.year - N, today.month, today.day); in a common year 29 February does not exist, and "on or before
 * 29 Feb" is "on or before 28 Feb" (the same rule as ageInYears).
 */
export function latestBirthDateForAge(years: number, now: Date): string {
  const today: CalendarDate = utcCalendarDate(now);
  const year = today.year - years;
  const day = Math.min(today.day, daysInMonth(year, today.month));
  return `${pad(year, 4)}-${pad(today.month)}-${pad(day)}`;
}

/** Inclusive age bounds as birth-date bounds: birth_date > minBirthExclusive AND birth_date <= maxBirth. */
export function birthDateRange(ageMin: number | undefined, ageMax: number | undefined, now: Date) {
  return {
    maxBirth: ageMin === undefined ? undefined : latestBirthDateForAge(ageMin, now),
    // At most M years old = not yet M+1.
    minBirthExclusive: ageMax === undefined ? undefined : latestBirthDateForAge(ageMax + 1, now),
  };
}
