import { describe, expect, it } from 'vitest';
import { dayLabel, formatClock, formatStamp, normaliseDate, normaliseId, secondsUntil } from './format';

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
