import { describe, expect, it } from 'vitest';
import { formatWait, secondsUntil, waitSecondsOf } from './format-wait';

describe('resend wait', () => {
  it('reads minutes:seconds', () => {
    expect([0, 5, 59, 60, 95, 600.2].map(formatWait)).toEqual(['0:00', '0:05', '0:59', '1:00', '1:35', '10:01']);
  });
  it('finds waitSeconds in the error answer, flat or under details', () => {
    expect(waitSecondsOf({ error: { code: 'resend-wait', message: 'x', waitSeconds: 42 } })).toBe(42);
    expect(waitSecondsOf({ error: { details: { waitSeconds: 7 } } })).toBe(7);
    expect(waitSecondsOf({ error: { waitSeconds: -1 } })).toBeNull();
    expect(waitSecondsOf(undefined)).toBeNull();
  });
  it('counts seconds to an ISO date', () => {
    expect(secondsUntil('2030-01-01T00:01:30.000Z', Date.parse('2030-01-01T00:00:00.000Z'))).toBe(90);
    expect(secondsUntil('2020-01-01T00:00:00.000Z')).toBeNull();
    expect(secondsUntil(undefined)).toBeNull();
  });
});
