import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AGENT_SOCKET_RETRIES, AGENT_SOCKET_RETRY_MS, SESSION_RESTORE_CHECK_MS } from '@sync/contract/agents';
import { agentSessionMachine, type AgentSessionInput, type SendStatusInput } from './agent-session.machine';

function start(input: AgentSessionInput = {}, status?: (input: SendStatusInput) => Promise<unknown>) {
  const calls = {
    status: vi.fn(status ?? (async (_input: SendStatusInput): Promise<unknown> => ({}))),
    openSocket: vi.fn(),
    closeSocket: vi.fn(),
    clearConversations: vi.fn(),
    endBreak: vi.fn(),
    restoreBreak: vi.fn(),
    adoptBreak: vi.fn(),
    notifyError: vi.fn(),
    persist: vi.fn(),
  };
  const machine = agentSessionMachine.provide({
    actors: { sendStatus: fromPromise<unknown, SendStatusInput>(({ input }) => calls.status(input)) },
    actions: {
      openSocket: calls.openSocket,
      closeSocket: calls.closeSocket,
      clearConversations: calls.clearConversations,
      endBreak: calls.endBreak,
      restoreBreak: (_, params) => calls.restoreBreak(params),
      adoptBreak: (_, params) => calls.adoptBreak(params),
      notifyError: (_, params) => calls.notifyError(params),
      persist: calls.persist,
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}

/** A leader tab whose socket is open. */
function leaderWithSocket(input: AgentSessionInput = {}, status?: (input: SendStatusInput) => Promise<unknown>) {
  const started = start(input, status);
  started.actor.send({ type: 'LEADER', isMaster: true });
  started.actor.send({ type: 'SOCKET_OPEN' });
  return started;
}

describe('agent session machine (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts (POST online), counts session time each second, and stop (POST offline) clears conversations and the break', async () => {
    const { actor, calls } = leaderWithSocket();
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().matches({ session: 'starting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.status).toHaveBeenCalledWith({ status: 'online' });
    expect(actor.getSnapshot().matches({ session: 'online' })).toBe(true);
    expect(actor.getSnapshot().context.preserved).toEqual({ startedAt: Date.now(), break: null });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(actor.getSnapshot().context.sessionSeconds).toBe(90);
    actor.send({ type: 'STOP' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.status).toHaveBeenLastCalledWith({ status: 'offline' });
    expect(actor.getSnapshot().matches({ session: 'offline' })).toBe(true);
    expect(calls.clearConversations).toHaveBeenCalledTimes(1);
    expect(calls.endBreak).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ sessionStartedAt: null, sessionSeconds: 0, preserved: null });
  });

  it('a refused start stays offline with the error shown', async () => {
    const failure = new Error('nope');
    const { actor, calls } = leaderWithSocket({}, () => Promise.reject(failure));
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ session: 'offline' })).toBe(true);
    expect(calls.notifyError).toHaveBeenCalledWith({ error: failure });
  });

  it('reconnects the socket 6 times 10 s apart, then offers the manual reconnect', async () => {
    const { actor, calls } = leaderWithSocket();
    expect(calls.openSocket).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SOCKET_CLOSED' });
    for (let attempt = 1; attempt <= AGENT_SOCKET_RETRIES; attempt += 1) {
      expect(actor.getSnapshot().matches({ connection: 'waiting' })).toBe(true);
      await vi.advanceTimersByTimeAsync(AGENT_SOCKET_RETRY_MS - 1);
      expect(calls.openSocket).toHaveBeenCalledTimes(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls.openSocket).toHaveBeenCalledTimes(attempt + 1);
      expect(actor.getSnapshot().context.attempts).toBe(attempt);
      actor.send({ type: 'SOCKET_CLOSED' });
    }
    expect(actor.getSnapshot().matches({ connection: 'manual' })).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * AGENT_SOCKET_RETRY_MS);
    expect(calls.openSocket).toHaveBeenCalledTimes(AGENT_SOCKET_RETRIES + 1);
    actor.send({ type: 'RECONNECT' });
    expect(calls.openSocket).toHaveBeenCalledTimes(AGENT_SOCKET_RETRIES + 2);
    actor.send({ type: 'SOCKET_OPEN' });
    expect(actor.getSnapshot().matches({ connection: 'open' })).toBe(true);
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('a reconnect that succeeds resets the count', async () => {
    const { actor } = leaderWithSocket();
    actor.send({ type: 'SOCKET_CLOSED' });
    await vi.advanceTimersByTimeAsync(AGENT_SOCKET_RETRY_MS);
    actor.send({ type: 'SOCKET_CLOSED' });
    await vi.advanceTimersByTimeAsync(AGENT_SOCKET_RETRY_MS);
    expect(actor.getSnapshot().context.attempts).toBe(2);
    actor.send({ type: 'SOCKET_OPEN' });
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('a socket drop turns session and break off; the restore timer brings them back once the socket is open again', async () => {
    const { actor, calls } = leaderWithSocket();
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    const startedAt = Date.now();
    const preservedBreak = { reason: 'Lunch', startedAt: Date.now() + 1000, lockoutEndsAt: Date.now() + 3_601_000 };
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'BREAK_CHANGED', break: preservedBreak });
    actor.send({ type: 'SOCKET_CLOSED' });
    expect(actor.getSnapshot().matches({ session: 'offline' })).toBe(true);
    expect(calls.endBreak).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.preserved).toEqual({ startedAt, break: preservedBreak });

    // While the socket is down nothing is restarted.
    await vi.advanceTimersByTimeAsync(AGENT_SOCKET_RETRY_MS - 1);
    expect(calls.status).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'SOCKET_OPEN' });
    // The next 5 s check sees no broadcast for over 10 s and restarts session and break.
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS);
    expect(calls.status).toHaveBeenCalledTimes(2);
    expect(calls.status).toHaveBeenLastCalledWith({ status: 'online' });
    expect(actor.getSnapshot().matches({ session: 'online' })).toBe(true);
    expect(calls.restoreBreak).toHaveBeenCalledWith({ preserved: preservedBreak });
    // The session clock goes on from the preserved start.
    expect(actor.getSnapshot().context.sessionStartedAt).toBe(startedAt);
  });

  it('restore timer: checks every 5 s and restarts a preserved session only after more than 10 s without a broadcast', async () => {
    const savedAt = Date.now();
    const preserved = { startedAt: savedAt - 600_000, break: null };
    const { actor, calls } = leaderWithSocket({ preserved, savedAt });
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS); // 5 s since the save
    expect(calls.status).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS); // exactly 10 s: not over 10 s yet
    expect(calls.status).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS); // 15 s
    expect(calls.status).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ session: 'online' })).toBe(true);
    expect(actor.getSnapshot().context.sessionSeconds).toBe(615);
    expect(calls.restoreBreak).not.toHaveBeenCalled();
  });

  it('broadcasts from another tab hold the restore back; when they stop, the new leader restores', async () => {
    const { actor, calls } = start();
    const preserved = { startedAt: Date.now(), break: { reason: 'Call', startedAt: Date.now(), lockoutEndsAt: Date.now() + 3_600_000 } };
    // A follower: the leader broadcasts every second.
    for (let i = 0; i < 30; i += 1) {
      actor.send({ type: 'BROADCAST', preserved });
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(calls.status).not.toHaveBeenCalled();
    // The leader closes: this tab gets the lock and the socket, then waits out the 10 s.
    actor.send({ type: 'LEADER', isMaster: true });
    actor.send({ type: 'SOCKET_OPEN' });
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS * 2);
    expect(calls.status).toHaveBeenCalledTimes(1);
    expect(calls.restoreBreak).toHaveBeenCalledWith({ preserved: preserved.break });
  });

  it('a follower never restarts the session itself, and losing leadership closes the socket', async () => {
    const { actor, calls } = start({ preserved: { startedAt: Date.now(), break: null }, savedAt: 0 });
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS * 4);
    expect(calls.status).not.toHaveBeenCalled();
    actor.send({ type: 'LEADER', isMaster: true });
    actor.send({ type: 'LEADER', isMaster: false });
    expect(calls.closeSocket).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ connection: 'idle' })).toBe(true);
  });

  it('a session the server ended (admin set the agent offline) stops here and is not restored', async () => {
    const { actor, calls } = leaderWithSocket();
    actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SERVER_STOPPED' });
    expect(actor.getSnapshot().matches({ session: 'offline' })).toBe(true);
    expect(actor.getSnapshot().context.preserved).toBeNull();
    expect(calls.clearConversations).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS * 4);
    expect(calls.status).toHaveBeenCalledTimes(1);
  });

  it("a new leader adopts the server's session and break as they are: no request, the clock from the server's start", async () => {
    const { actor, calls } = start();
    actor.send({ type: 'LEADER', isMaster: true });
    const startedAt = Date.now() - 1_200_000;
    const brk = { reason: 'Lunch', startedAt: Date.now() - 60_000, lockoutEndsAt: Date.now() + 3_540_000 };
    actor.send({ type: 'SERVER_STATE', session: { startedAt, break: brk } });
    expect(actor.getSnapshot().matches({ session: 'online' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ sessionStartedAt: startedAt, sessionSeconds: 1200, preserved: { startedAt, break: brk } });
    expect(calls.adoptBreak).toHaveBeenCalledWith({ preserved: brk });
    expect(calls.status).not.toHaveBeenCalled();
    expect(calls.restoreBreak).not.toHaveBeenCalled();
  });

  it('the server saying offline ends a session shown here, and nothing restarts it', async () => {
    const { actor, calls } = leaderWithSocket();
    actor.send({ type: 'SERVER_STATE', session: { startedAt: Date.now(), break: null } });
    actor.send({ type: 'SERVER_STATE', session: null });
    expect(actor.getSnapshot().matches({ session: 'offline' })).toBe(true);
    expect(actor.getSnapshot().context.preserved).toBeNull();
    expect(calls.clearConversations).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_RESTORE_CHECK_MS * 4);
    expect(calls.status).not.toHaveBeenCalled();
  });
});
