import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BREAK_INTERVAL_MS } from '@sync/contract/agents';
import { breakMachine, type PauseOutput } from './break.machine';

function start(options: { pause?: (input: { reason: string }) => Promise<PauseOutput>; resume?: () => Promise<unknown>; lockoutEndsAt?: number | null } = {}) {
  const calls = {
    pause: vi.fn(options.pause ?? (async (_input: { reason: string }): Promise<PauseOutput> => ({}))),
    resume: vi.fn(options.resume ?? (async () => ({}))),
    notifyLockout: vi.fn(),
    notifyError: vi.fn(),
    persist: vi.fn(),
  };
  const machine = breakMachine.provide({
    actors: {
      sendPause: fromPromise<PauseOutput, { reason: string }>(({ input }) => calls.pause(input)),
      sendResume: fromPromise<unknown, void>(() => calls.resume()),
    },
    actions: {
      notifyLockout: (_, params) => calls.notifyLockout(params),
      notifyError: (_, params) => calls.notifyError(params),
      persist: calls.persist,
    },
  });
  const actor = createActor(machine, { input: { lockoutEndsAt: options.lockoutEndsAt ?? null } });
  actor.start();
  return { actor, calls };
}

describe('break machine (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('pauses with a reason, counts the break each second and resumes', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'PAUSE', reason: '  Lunch ' });
    expect(actor.getSnapshot().matches({ pause: 'pausing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.pause).toHaveBeenCalledWith({ reason: 'Lunch' });
    expect(actor.getSnapshot().matches({ pause: 'onBreak' })).toBe(true);
    expect(actor.getSnapshot().context.reason).toBe('Lunch');
    await vi.advanceTimersByTimeAsync(65_000);
    expect(actor.getSnapshot().context.elapsed).toBe(65);
    actor.send({ type: 'RESUME' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.resume).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ pause: 'none' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ reason: null, startedAt: null, elapsed: 0 });
  });

  it('starts the break-interval lockout at 3600 s and counts it down each second to 0', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'PAUSE', reason: 'Coffee' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(3600);
    expect(actor.getSnapshot().matches({ lockout: 'counting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(3599);
    actor.send({ type: 'RESUME' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(3539);

    // A second pause inside the hour is refused on the client with the time left, and no request goes out.
    actor.send({ type: 'PAUSE', reason: 'Again' });
    expect(calls.notifyLockout).toHaveBeenCalledWith({ time: '58:59' });
    expect(calls.pause).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ pause: 'none' })).toBe(true);

    await vi.advanceTimersByTimeAsync(BREAK_INTERVAL_MS - 61_000 - 1);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ lockout: 'clear' })).toBe(true);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(0);
    actor.send({ type: 'PAUSE', reason: 'After the hour' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.pause).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(3600);
  });

  it('takes the lockout from the server when it answers one', async () => {
    const { actor } = start({ pause: async () => ({ breakIntervalLeftMs: 1_800_000 }) });
    actor.send({ type: 'PAUSE', reason: 'x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(1800);
    actor.send({ type: 'LOCKOUT', leftMs: 0 });
    expect(actor.getSnapshot().matches({ lockout: 'clear' })).toBe(true);
    actor.send({ type: 'LOCKOUT', leftMs: 5_000 });
    expect(actor.getSnapshot().context.lockoutLeft).toBe(5);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(actor.getSnapshot().matches({ lockout: 'clear' })).toBe(true);
  });

  it('shows the server refusal and stays without a break', async () => {
    const refusal = new Error('You can only pause once per hour! Left: 12:00');
    const { actor, calls } = start({ pause: () => Promise.reject(refusal) });
    actor.send({ type: 'PAUSE', reason: 'x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.notifyError).toHaveBeenCalledWith({ error: refusal });
    expect(actor.getSnapshot().matches({ pause: 'none' })).toBe(true);
    expect(actor.getSnapshot().context.reason).toBeNull();
  });

  it('RESET (session stopped or socket lost) ends the break but keeps the lockout', async () => {
    const { actor } = start();
    actor.send({ type: 'PAUSE', reason: 'x' });
    await vi.advanceTimersByTimeAsync(10_000);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().matches({ pause: 'none' })).toBe(true);
    expect(actor.getSnapshot().context.lockoutLeft).toBe(3590);
  });

  it('RESTORE restarts a preserved break with its reason, start and lockout, without a new pause request', async () => {
    const { actor, calls } = start();
    const startedAt = Date.now() - 120_000;
    actor.send({ type: 'RESTORE', reason: 'Meeting', startedAt, lockoutEndsAt: startedAt + BREAK_INTERVAL_MS });
    expect(calls.pause).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ pause: 'onBreak', lockout: 'counting' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ reason: 'Meeting', elapsed: 120, lockoutLeft: 3480 });
  });

  it('starts from a lockout handed in (a reload inside the hour)', () => {
    const { actor, calls } = start({ lockoutEndsAt: Date.now() + 90_000 });
    expect(actor.getSnapshot().context.lockoutLeft).toBe(90);
    actor.send({ type: 'PAUSE', reason: 'x' });
    expect(calls.notifyLockout).toHaveBeenCalledWith({ time: '01:30' });
  });
});
