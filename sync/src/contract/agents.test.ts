import { describe, expect, it } from 'vitest';
import { agentStatusEventBody, createAgentBody, createMeetUpBody, formatLockout, lookupQuery, updateMeetUpBody } from './agents.js';

describe('agents contract', () => {
  it('formats the pause lockout as mm:ss, rounding up to whole seconds', () => {
    expect(formatLockout(3_600_000)).toBe('60:00');
    expect(formatLockout(54.5 * 60_000)).toBe('54:30');
    expect(formatLockout(1)).toBe('00:01');
    expect(formatLockout(0)).toBe('00:00');
    expect(formatLockout(-5)).toBe('00:00');
  });

  it('reads the status event with defaults and refuses unknown statuses', () => {
    expect(agentStatusEventBody.parse({ message: { status: 'paused', reason: ' lunch ' } })).toEqual({
      queue: 'agents',
      message: { event: 'agentStatusUpdate', status: 'paused', reason: 'lunch' },
    });
    expect(agentStatusEventBody.safeParse({ message: { status: 'asleep' } }).success).toBe(false);
  });

  it('checks scopes, meet-up dates, cancel flags and lookup paging', () => {
    expect(createAgentBody.safeParse({ email: 'a@b.co', password: 'long-enough', firstName: 'A', lastName: 'B', scope: ['US-localhost'] }).success).toBe(true);
    expect(createAgentBody.safeParse({ email: 'a@b.co', password: 'long-enough', firstName: 'A', lastName: 'B', scope: ['us-localhost'] }).success).toBe(false);
    expect(createMeetUpBody.parse({ meetDate: '2026-12-01T18:00:00.000Z' })).toMatchObject({ meetStatus: 'proposed', cancelInterval: 24, location: '' });
    expect(createMeetUpBody.safeParse({ meetDate: 'Friday' }).success).toBe(false);
    expect(updateMeetUpBody.safeParse({ cancelConfirm: true }).success).toBe(true);
    expect(updateMeetUpBody.safeParse({ archived: true }).success).toBe(false);
    expect(lookupQuery.parse({ page: '2', limit: '10' })).toMatchObject({ page: 2, limit: 10, sortBy: 'recent' });
    expect(lookupQuery.safeParse({ sentAfter: 'soon' }).success).toBe(false);
  });
});
