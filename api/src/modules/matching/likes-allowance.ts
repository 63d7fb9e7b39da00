import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Daily likes (docs/decisions/0007-likes-allowance.md): every member's likes are topped up to the day's
 * allowance once per day, at midnight in the brand's time zone. Unused likes do not pile up, and likes above
 * the allowance (an undone like given back, a future promotion) are kept.
 */
export const DAILY_LIKES = { standard: 10, premium: 50 } as const;

export function dailyAllowance(isPremium: boolean): number {
  return isPremium ? DAILY_LIKES.premium : DAILY_LIKES.standard;
}

function zonedParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** ms the zone is ahead of UTC at `date`. */
function zoneOffset(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant the calendar day of `now` began in `timeZone` (UTC for an unknown zone). */
export function startOfDayIn(timeZone: string, now: Date): Date {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const p = zonedParts(now, zone);
  const midnightAsUtc = Date.UTC(p.year, p.month - 1, p.day);
  // Twice, so a day whose midnight falls on the other side of a DST change still lands on its own offset.
  const first = midnightAsUtc - zoneOffset(new Date(midnightAsUtc), zone);
  return new Date(midnightAsUtc - zoneOffset(new Date(first), zone));
}

/** The first instant of the next day in `timeZone`: when the allowance refills next. */
export function nextRefillDate(timeZone: string, now: Date): Date {
  const start = startOfDayIn(timeZone, now);
  // 26 hours on is always inside the next day, whatever the DST change.
  return startOfDayIn(timeZone, new Date(start.getTime() + 26 * 3_600_000));
}

/**
 * Lazy refill, run before anything reads or spends likes. One conditional UPDATE: two requests at the day's
 * start refill once, and a refill never lowers a balance.
 */
export async function refillLikes(
  exec: Executor,
  member: { userId: string; isPremium: boolean; timezone: string },
  now: Date,
): Promise<void> {
  const dayStart = startOfDayIn(member.timezone, now);
  await exec
    .update(users)
    .set({ likes: sql`greatest(${users.likes}, ${dailyAllowance(member.isPremium)})`, likesRefillDate: now })
    .where(and(eq(users.id, member.userId), or(isNull(users.likesRefillDate), lt(users.likesRefillDate, dayStart))));
}
