import { describe, expect, it } from 'vitest';
import { nextRefillDate, startOfDayIn } from './likes-allowance.js';

describe('start of the day in a time zone', () => {
  it('is midnight UTC for UTC and unknown zones', () => {
    const now = new Date('2026-01-15T12:34:56Z');
    expect(startOfDayIn('UTC', now).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(startOfDayIn('Not/AZone', now).toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('follows the zone, its own calendar day and DST', () => {
    // 03:00 UTC is still the 14th in New York (EST, UTC-5).
    expect(startOfDayIn('America/New_York', new Date('2026-01-15T03:00:00Z')).toISOString()).toBe('2026-01-14T05:00:00.000Z');
    // Summer: EDT, UTC-4.
    expect(startOfDayIn('America/New_York', new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    // Berlin is ahead: 23:30 UTC on the 14th is the 15th there.
    expect(startOfDayIn('Europe/Berlin', new Date('2026-01-14T23:30:00Z')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    // The day DST starts in Europe (29 March 2026) began at 23:00 UTC the day before (still CET).
    expect(startOfDayIn('Europe/Berlin', new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextRefillDate('Europe/Berlin', new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
