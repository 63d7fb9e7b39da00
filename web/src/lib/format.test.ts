import { describe, expect, it } from 'vitest';
import { dayLabel, formatClock, formatListTime, formatLongDate, formatStamp, formatTimeAgo, formatTimeOfDay, normaliseDate, normaliseId, secondsUntil } from './format';
import { chooseLanguage } from './i18n';

describe('console formats', () => {
  it('shows timers as m:ss and h:mm:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(299)).toBe('4:59');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3725)).toBe('1:02:05');
  });
  it('counts down to whole seconds and never below 0', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
    expect(secondsUntil(null, 10_000)).toBe(0);
  });
  it('labels a timeline day relative to today, with the date once it is older than yesterday', () => {
    const now = new Date(2026, 10, 25, 9, 0);
    expect(dayLabel(new Date(2026, 10, 25, 0, 5).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('Yesterday');
    // Within the last week the weekday alone places it (22 Nov 2026 is a Sunday).
    const sunday = new Intl.DateTimeFormat(undefined, { weekday: 'long' }).format(new Date(2026, 10, 22));
    expect(dayLabel(new Date(2026, 10, 22, 3, 21).toISOString(), now)).toBe(sunday);
    expect(dayLabel(new Date(2026, 10, 18, 3, 21).toISOString(), now)).toMatch(/18/);
    expect(dayLabel(new Date(2025, 0, 3).toISOString(), now)).toMatch(/2025/);
    // A moved clock: the label follows the day it is now, not the day the page opened.
    expect(dayLabel(new Date(2026, 10, 25, 0, 5).toISOString(), new Date(2026, 10, 26, 0, 1))).toBe('Yesterday');
  });
  it('gives a message time its date once it is older than today', () => {
    const now = new Date(2026, 10, 25, 9, 0);
    expect(formatStamp(new Date(2026, 10, 25, 3, 21).toISOString(), now)).not.toMatch(/25|Nov/);
    expect(formatStamp(new Date(2026, 10, 22, 3, 21).toISOString(), now)).toMatch(/22/);
    expect(formatStamp(new Date(2025, 10, 22, 3, 21).toISOString(), now)).toMatch(/2025/);
    expect(formatStamp('nonsense', now)).toBe('');
  });
  it('normalises $oid ids and $date dates (docs/product.md#data)', () => {
    expect(normaliseId({ $oid: 'abc' })).toBe('abc');
    expect(normaliseId('x')).toBe('x');
    expect(normaliseDate({ $date: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z');
    expect(normaliseDate(3)).toBeNull();
  });
});

describe('relative times and dates per locale', () => {
  const now = new Date(2026, 10, 25, 9, 0);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says how long ago in English as date-fns did: the largest unit reached, rounded', () => {
    expect(formatTimeAgo(before(0), now)).toBe('0 seconds ago');
    expect(formatTimeAgo(before(45_000), now)).toBe('45 seconds ago');
    expect(formatTimeAgo(before(90_000), now)).toBe('2 minutes ago');
    expect(formatTimeAgo(before(3 * 3600_000), now)).toBe('3 hours ago');
    expect(formatTimeAgo(before(86_400_000), now)).toBe('1 day ago');
    expect(formatTimeAgo(before(45 * 86_400_000), now)).toBe('2 months ago');
    expect(formatTimeAgo(before(800 * 86_400_000), now)).toBe('2 years ago');
    expect(formatTimeAgo(new Date(now.getTime() + 2 * 3600_000), now)).toBe('in 2 hours');
    expect(formatTimeAgo('nonsense', now)).toBe('');
  });
  it('speaks German when German is chosen: no English words', async () => {
    await chooseLanguage('de');
    try {
      expect(formatTimeAgo(before(3 * 86_400_000), now)).toBe('vor 3 Tagen');
      expect(formatTimeAgo(before(3600_000), now)).toBe('vor 1 Stunde');
      expect(formatLongDate(new Date(2026, 10, 28).toISOString())).toMatch(/^Samstag, 28\. November 2026$/);
      expect(formatListTime(new Date(2026, 10, 22, 3, 21).toISOString(), now)).toMatch(/22\. Nov/);
      expect(formatTimeOfDay(new Date(2026, 10, 25, 15, 45).toISOString())).toBe('15:45');
    } finally {
      await chooseLanguage('en');
    }
  });
  it('writes English dates and clock times as before', () => {
    expect(formatLongDate(new Date(2026, 10, 28).toISOString())).toBe('Saturday, November 28, 2026');
    expect(formatTimeOfDay(new Date(2026, 10, 25, 15, 45).toISOString())).toBe('3:45 PM');
    expect(formatListTime(new Date(2026, 10, 25, 15, 45).toISOString(), new Date(2026, 10, 25, 18, 0))).toBe('3:45 PM');
    expect(formatListTime(new Date(2026, 10, 22, 3, 21).toISOString(), now)).toBe('Nov 22');
    expect(formatListTime(new Date(2025, 10, 22, 3, 21).toISOString(), now)).toBe('Nov 22, 2025');
  });
});
