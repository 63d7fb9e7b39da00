import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { CLAIM_LIFETIME_MS, type ClaimWrapper } from '@sync/contract/agents';
import { createAgentConsoleMachine, type AgentConsoleIo } from './agentConsole.machine';

function wrapper(conversationId = 'c-1'): ClaimWrapper {
  const now = Date.now();
  return {
    claimTime: new Date(now).toISOString(),
    postTime: new Date(now - 60_000).toISOString(),
    expiryTime: new Date(now + CLAIM_LIFETIME_MS).toISOString(),
    stock: 'message',
    conversation: { _id: conversationId, messages: [{ _id: 'm-1' }] } as unknown as ClaimWrapper['conversation'],
  };
}

function fakeIo() {
  return {
    sendStatus: vi.fn(async () => ({})),
    sendPause: vi.fn(async () => ({ breakIntervalLeftMs: 3_600_000 })),
    sendResume: vi.fn(async () => ({})),
    restoreBreakOnServer: vi.fn(async () => ({})),
    fetchClaim: vi.fn(async () => wrapper()),
    sendReply: vi.fn(async () => ({})),
    releaseClaim: vi.fn(async (_conversationId: string): Promise<unknown> => ({})),
    openSocket: vi.fn<() => void>(),
    closeSocket: vi.fn<() => void>(),
    publish: vi.fn<() => void>(),
    notifyError: vi.fn<(error: unknown) => void>(),
    notifyLockout: vi.fn<(time: string) => void>(),
    notifyEmpty: vi.fn<() => void>(),
    notifyEnded: vi.fn<() => void>(),
    notifyReleased: vi.fn<() => void>(),
    showNewMessages: vi.fn<() => void>(),
    openConversation: vi.fn<(wrapper: ClaimWrapper) => void>(),
    replied: vi.fn<(conversationId: string) => void>(),
    forceLogout: vi.fn<(reason: string) => void>(),
  } satisfies AgentConsoleIo;
}

/** A leader tab with its socket open: the console actor and its three children. */
function leader(io = fakeIo()) {
  const actor = createActor(createAgentConsoleMachine(io));
  actor.start();
  actor.send({ type: 'LEADER', isMaster: true });
  actor.send({ type: 'SOCKET_OPEN' });
  const child = (id: 'session' | 'break' | 'claim') => (actor.getSnapshot().children as Record<string, AnyActorRef>)[id]!;
  return { actor, io, session: () => child('session').getSnapshot(), brk: () => child('break').getSnapshot(), claim: () => child('claim').getSnapshot() };
}

describe('agent console machine (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('stopping the session releases the claim and ends the break (the children talk through the parent)', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.claim().matches('claimed')).toBe(true);
    c.actor.send({ type: 'PAUSE', reason: 'Lunch' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.brk().matches({ pause: 'onBreak' })).toBe(true);
    // The session keeps the break it is told about.
    expect(c.session().context.preserved.break).toMatchObject({ reason: 'Lunch', startedAt: Date.now() });

    c.actor.send({ type: 'STOP' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.io.sendStatus).toHaveBeenLastCalledWith({ status: 'offline' });
    expect(c.session().matches({ session: 'offline' })).toBe(true);
    expect(c.claim().matches('idle')).toBe(true);
    expect(c.brk().matches({ pause: 'none' })).toBe(true);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.io.forceLogout).not.toHaveBeenCalled();
  });

  it("the server's session with a break is shown as it is, without asking the server for anything", async () => {
    const c = leader();
    const startedAt = Date.now() - 3_600_000;
    c.actor.send({ type: 'SERVER_STATE', session: { startedAt, break: { reason: 'Coffee', startedAt: Date.now() - 120_000, lockoutEndsAt: Date.now() + 3_480_000 } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.session().context.sessionStartedAt).toBe(startedAt);
    expect(c.brk().matches({ pause: 'onBreak' })).toBe(true);
    expect(c.brk().context).toMatchObject({ reason: 'Coffee', elapsed: 120, lockoutLeft: 3480 });
    expect(c.io.sendStatus).not.toHaveBeenCalled();
    expect(c.io.sendPause).not.toHaveBeenCalled();
    expect(c.io.publish).toHaveBeenCalled();
  });

  it('a claim ended by someone else stops its countdown and is said; a claim let lapse logs out', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(10_000);
    c.actor.send({ type: 'ENDED', conversationId: 'c-1' });
    expect(c.io.notifyEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.io.forceLogout).not.toHaveBeenCalled();

    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.io.forceLogout).toHaveBeenCalledWith('Reply timer lapse');
  });

  it('a break preserved over a socket drop is asked for again on the server, then shown', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'PAUSE', reason: 'Call' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'SOCKET_CLOSED' });
    expect(c.brk().matches({ pause: 'none' })).toBe(true);
    c.actor.send({ type: 'SOCKET_OPEN' });
    // The restore timer (no other tab heard for over 10 s) restarts the session and its break.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(c.io.restoreBreakOnServer).toHaveBeenCalledWith('Call');
    expect(c.brk().matches({ pause: 'onBreak' })).toBe(true);
    expect(c.brk().context.reason).toBe('Call');
  });
});
