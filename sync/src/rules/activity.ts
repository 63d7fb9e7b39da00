/** docs/product.md#constants: "new" and "online" badges and the "… ago" activity label. */
import { t } from '../texts.js';

export const NEW_PROFILE_MS = 1_209_600_000; // 14 days
export const ONLINE_WINDOW_MS = 3_600_000; // 1 hour

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

type DateLike = Date | string | number;

function toMs(value: DateLike): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/** Elapsed ms from `since` to `now`; NaN when `since` is not a date. */
function elapsed(since: DateLike, now: Date): number {
  return now.getTime() - toMs(since);
}

/** Created within the last 14 days (a date slightly in the future, from clock skew, counts too). */
export function isNewProfile(createDate: DateLike, now: Date = new Date()): boolean {
  return elapsed(createDate, now) < NEW_PROFILE_MS;
}

/** Active within the last hour. */
export function isOnline(activityDate: DateLike, now: Date = new Date()): boolean {
  return elapsed(activityDate, now) < ONLINE_WINDOW_MS;
}

/**
 * The first instant after `now` at which isNewProfile(createDate) or isOnline(activityDate) answers otherwise, in ms
 * (Infinity when neither will): both only turn false as time goes on, each once its window has passed.
 */
export function activityFlagsTurnAt(createDate: DateLike, activityDate: DateLike, now: Date): number {
  const turns = [toMs(createDate) + NEW_PROFILE_MS, toMs(activityDate) + ONLINE_WINDOW_MS].filter((at) => at > now.getTime());
  return Math.min(...turns);
}

export type ActivityUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

export interface ActivityAge {
  unit: ActivityUnit;
  count: number;
}

const UNITS: ReadonlyArray<readonly [ActivityUnit, number]> = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/** The largest whole unit that fits the time since `date` (future dates count as 0 seconds). */
export function activityAge(date: DateLike, now: Date = new Date()): ActivityAge {
  const ms = Math.max(0, elapsed(date, now) || 0);
  for (const [unit, size] of UNITS) {
    if (ms >= size) return { unit, count: Math.floor(ms / size) };
  }
  return { unit: 'second', count: 0 };
}

/** "Just now", "1 minute ago", "3 days ago", … */
export function activityLabel(date: DateLike, now: Date = new Date()): string {
  const { unit, count } = activityAge(date, now);
  if (count === 0) return t('activity.just-now');
  if (count === 1) return t(`activity.${unit}`);
  return t(`activity.${unit}s`, { count });
}
