import { describe, expect, it } from 'vitest';
import { computeSyncStatus, STALL_AFTER_MS } from './sync-status';

describe('computeSyncStatus (a queue that does not drain is never silent)', () => {
  const base = { waiting: 2, oldest: 1_000, online: true, onlineSince: 0 };

  it('is quiet with an empty queue, and while the queue is younger than 30 s', () => {
    expect(computeSyncStatus({ ...base, waiting: 0, oldest: null, now: 999_999 })).toEqual({ kind: 'ok' });
    expect(computeSyncStatus({ ...base, now: 1_000 + STALL_AFTER_MS - 1 })).toEqual({ kind: 'ok' });
  });

  it('says "not syncing" once something waited 30 s while online', () => {
    expect(computeSyncStatus({ ...base, now: 1_000 + STALL_AFTER_MS })).toEqual({ kind: 'stalled', waiting: 2 });
  });

  it('says offline while offline, and counts the 30 s from when the network came back', () => {
    expect(computeSyncStatus({ ...base, online: false, now: 500_000 })).toEqual({ kind: 'offline', waiting: 2 });
    expect(computeSyncStatus({ ...base, onlineSince: 490_000, now: 500_000 })).toEqual({ kind: 'ok' });
    expect(computeSyncStatus({ ...base, onlineSince: 490_000, now: 490_000 + STALL_AFTER_MS })).toMatchObject({ kind: 'stalled' });
  });
});
