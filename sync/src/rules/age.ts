/** Calendar dates (`YYYY-MM-DD`) and ages in whole years. */

export const MIN_AGE = 18;
export const MAX_AGE = 100;

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

const DATE_STRING = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar date from `YYYY-MM-DD`, or null (so '2023-02-29' and '2024-13-01' are null). */
export function parseDateString(value: string): CalendarDate | null {
  const match = DATE_STRING.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * The calendar day of `now` in UTC. Birth dates carry no time zone, and the web app and the API
 * must agree on an age, so both read "today" in UTC.
 */
export function utcCalendarDate(now: Date): CalendarDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/**
 * Whole years from `birth` to `today`. Someone born on 29 February turns a year older on
 * 1 March in common years: (2, 28) still sorts before (2, 29), so the birthday has not come yet.
 */
export function ageInYears(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** Age in whole years on `now` for a `YYYY-MM-DD` birth date, or null when the date is not real. */
export function ageFromDateString(birthDate: string, now: Date = new Date()): number | null {
  const birth = parseDateString(birthDate);
  return birth ? ageInYears(birth, utcCalendarDate(now)) : null;
}
