import { describe, expect, it } from 'vitest';
import { NEW_PROFILE_MS, ONLINE_WINDOW_MS, activityAge, activityFlagsTurnAt, activityLabel, isNewProfile, isOnline } from './activity.js';

const now = new Date('2025-01-31T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('badges', () => {
  it('marks profiles new for 14 days', () => {
    expect(NEW_PROFILE_MS).toBe(1_209_600_000);
    expect(isNewProfile(ago(NEW_PROFILE_MS - 1), now)).toBe(true);
    expect(isNewProfile(ago(NEW_PROFILE_MS), now)).toBe(false);
    expect(isNewProfile(ago(NEW_PROFILE_MS - 1).toISOString(), now)).toBe(true);
  });
  it('marks members online for an hour after activity', () => {
    expect(isOnline(ago(ONLINE_WINDOW_MS - 1).getTime(), now)).toBe(true);
    expect(isOnline(ago(ONLINE_WINDOW_MS), now)).toBe(false);
    expect(isOnline('not a date', now)).toBe(false);
  });
  it('names the first instant either flag turns, and none once both have', () => {
    const created = ago(NEW_PROFILE_MS - 10_000);
    const active = ago(ONLINE_WINDOW_MS - 5_000);
    const turn = activityFlagsTurnAt(created, active, now);
    expect(turn).toBe(now.getTime() + 5_000);
    expect(isOnline(active, new Date(turn - 1))).toBe(true);
    expect(isOnline(active, new Date(turn))).toBe(false);
    expect(activityFlagsTurnAt(created, active, new Date(turn))).toBe(now.getTime() + 10_000);
    expect(activityFlagsTurnAt(ago(NEW_PROFILE_MS), ago(ONLINE_WINDOW_MS), now)).toBe(Infinity);
    expect(activityFlagsTurnAt('not a date', active.toISOString(), now)).toBe(now.getTime() + 5_000);
  });
});

describe('activityLabel', () => {
  it('uses the largest whole unit', () => {
    expect(activityLabel(ago(0), now)).toBe('Just now');
    expect(activityLabel(ago(1000), now)).toBe('1 second ago');
    expect(activityLabel(ago(59_000), now)).toBe('59 seconds ago');
    expect(activityLabel(ago(60_000), now)).toBe('1 minute ago');
    expect(activityLabel(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(activityLabel(ago(29 * 86_400_000), now)).toBe('29 days ago');
    expect(activityLabel(ago(30 * 86_400_000), now)).toBe('1 month ago');
    expect(activityLabel(ago(364 * 86_400_000), now)).toBe('12 months ago');
    expect(activityLabel(ago(2 * 365 * 86_400_000), now)).toBe('2 years ago');
  });
  it('treats future dates as now', () => {
    expect(activityAge(ago(-5000), now)).toEqual({ unit: 'second', count: 0 });
  });
});
