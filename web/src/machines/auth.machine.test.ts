import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@web/lib/http';
import { openAuthChannel } from '@web/lib/auth-channel';
import { makeToken } from '@web/mocks/tokens';
import { TOKEN_CHECK_INTERVAL } from './auth-rules';
import { authMachine, type RefreshInput, type RefreshOutput } from './auth.machine';

const MINUTE = 60_000;

function setupActor(options: { refresh?: (input: RefreshInput) => Promise<RefreshOutput>; persisted?: Parameters<typeof createActor<typeof authMachine>>[1] } = {}) {
  const calls = {
    refresh: vi.fn(options.refresh ?? (async () => ({ access_token: makeToken({ _id: 'u1' }) }))),
    persist: vi.fn(),
    revokeSession: vi.fn(),
    broadcastLogout: vi.fn(),
    clearLocalData: vi.fn(),
    keepLapsedAccount: vi.fn(),
    closeSockets: vi.fn(),
    resetStores: vi.fn(),
    warnTokenExpired: vi.fn(),
    goHome: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: { refreshToken: fromPromise<RefreshOutput, RefreshInput>(({ input }) => calls.refresh(input)) },
    actions: {
      persist: calls.persist,
      revokeSession: (_, params) => calls.revokeSession(params),
      broadcastLogout: calls.broadcastLogout,
      clearLocalData: (_, params) => calls.clearLocalData(params),
      keepLapsedAccount: (_, params) => calls.keepLapsedAccount(params),
      closeSockets: calls.closeSockets,
      resetStores: calls.resetStores,
      warnTokenExpired: calls.warnTokenExpired,
      goHome: calls.goHome,
    },
  });
  const actor = createActor(machine, options.persisted ?? { input: {} });
  actor.start();
  return { actor, calls };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('auth machine (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('authenticate sets token, flag and a 13-digit expiry, and persists', () => {
    const { actor, calls } = setupActor();
    const token = makeToken({ _id: 'u1' }, 60 * MINUTE);
    actor.send({ type: 'AUTHENTICATE', token });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    expect(context).toMatchObject({ isAuthenticated: true, token, userId: 'u1', tokenType: 'user' });
    expect(String(context.expiryDate)).toHaveLength(13);
    expect(context.expiryDate).toBe(Math.floor((Date.now() + 60 * MINUTE) / 1000) * 1000);
    expect(calls.persist).toHaveBeenCalled();
  });

  it('reads the agent login kind from the token', () => {
    const { actor } = setupActor();
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'a1', type: 'agent' }) });
    expect(actor.getSnapshot().context.tokenType).toBe('agent');
  });

  it('refreshes on the interval once less than 50 minutes remain, and not before', async () => {
    const { actor, calls } = setupActor();
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }, 60 * MINUTE) });
    await vi.advanceTimersByTimeAsync(10 * MINUTE); // exactly 50 minutes left: not yet
    expect(calls.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL); // 49 minutes left
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    // The new token carries a fresh hour, so the next checks do nothing.
    expect(actor.getSnapshot().context.expiryDate).toBeGreaterThan(Date.now() + 59 * MINUTE);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when authenticated with a token already inside the window', async () => {
    const { calls, actor } = setupActor();
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }, 30 * MINUTE) });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
  });

  it('locks the refresh: checks and on-demand requests during a refresh start no second one', async () => {
    const pending = deferred<RefreshOutput>();
    const { actor, calls } = setupActor({ refresh: () => pending.promise });
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }, 40 * MINUTE) });
    expect(actor.getSnapshot().matches({ authenticated: 'refreshing' })).toBe(true);
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'REFRESH' });
    await vi.advanceTimersByTimeAsync(3 * TOKEN_CHECK_INTERVAL);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    const next = makeToken({ _id: 'u1' }, 60 * MINUTE);
    pending.resolve({ access_token: next });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(next);
  });

  it('logs out when the refresh answers 403', async () => {
    const { actor, calls } = setupActor({ refresh: () => Promise.reject(new ApiError(403, 'forbidden', 'no')) });
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }, 40 * MINUTE) });
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('unauthenticated');
    expect(snapshot.context).toMatchObject({ isAuthenticated: false, token: null, expiryDate: null });
    for (const action of ['broadcastLogout', 'closeSockets', 'resetStores', 'goHome'] as const) {
      expect(calls[action]).toHaveBeenCalledTimes(1);
    }
    // A refused refresh is a lapse, not a logout: the member's unsent messages and drafts stay on the device.
    expect(calls.clearLocalData).not.toHaveBeenCalled();
    expect(calls.keepLapsedAccount).toHaveBeenCalledWith({ userId: 'u1' });
    expect(calls.warnTokenExpired).not.toHaveBeenCalled();
  });

  it('keeps the session after a network failure and tries again on the next check', async () => {
    let attempts = 0;
    const { actor, calls } = setupActor({
      refresh: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return { access_token: makeToken({ _id: 'u1' }, 60 * MINUTE) };
      },
    });
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }, 40 * MINUTE) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL);
    expect(calls.refresh).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.expiryDate).toBeGreaterThan(Date.now() + 59 * MINUTE);
  });

  it('on expiry warns error.token-expired, logs out and goes to /', async () => {
    const { actor, calls } = setupActor({ refresh: () => Promise.reject(new TypeError('offline')) });
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }, 3 * MINUTE) });
    await vi.advanceTimersByTimeAsync(2 * TOKEN_CHECK_INTERVAL);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * TOKEN_CHECK_INTERVAL);
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(calls.warnTokenExpired).toHaveBeenCalledTimes(1);
    expect(calls.goHome).toHaveBeenCalledTimes(1);
    expect(calls.clearLocalData).not.toHaveBeenCalled();
    expect(calls.keepLapsedAccount).toHaveBeenCalledWith({ userId: 'u1' });
  });

  it("a session the server ended (SESSION_LAPSED) signs out but keeps the account's local data", () => {
    const { actor, calls } = setupActor();
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1' }) });
    actor.send({ type: 'SESSION_LAPSED' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(calls.clearLocalData).not.toHaveBeenCalled();
    expect(calls.keepLapsedAccount).toHaveBeenCalledWith({ userId: 'u1' });
  });

  it('rejects a token whose exp is at or before now with the expiry warning and /', () => {
    const { actor, calls } = setupActor();
    actor.send({ type: 'AUTHENTICATE', token: makeToken({ _id: 'u1', exp: Math.floor(Date.now() / 1000) }) });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(calls.warnTokenExpired).toHaveBeenCalledTimes(1);
    expect(calls.goHome).toHaveBeenCalledTimes(1);
  });

  it('restores a live persisted session and drops an expired one with a warning', () => {
    const live = makeToken({ _id: 'u1' }, 55 * MINUTE);
    const restored = setupActor({
      persisted: { input: { persisted: { isAuthenticated: true, token: live, expiryDate: Date.now() + 55 * MINUTE, tokenUpdateInterval: 3_000_000 } } },
    });
    expect(restored.actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(restored.actor.getSnapshot().context.userId).toBe('u1');

    const stale = setupActor({
      persisted: { input: { persisted: { isAuthenticated: true, token: live, expiryDate: Date.now() - 1, tokenUpdateInterval: 3_000_000 } } },
    });
    expect(stale.actor.getSnapshot().value).toBe('unauthenticated');
    expect(stale.calls.warnTokenExpired).toHaveBeenCalledTimes(1);
    // Lapsed while the app was closed: the member's local database stays, and what waits in it is told.
    expect(stale.calls.keepLapsedAccount).toHaveBeenCalledTimes(1);
    expect(stale.calls.clearLocalData).not.toHaveBeenCalled();
  });

  it('logout revokes the session, broadcasts, clears local data, closes sockets, resets stores and goes home', () => {
    const { actor, calls } = setupActor();
    const token = makeToken({ _id: 'u1' });
    actor.send({ type: 'AUTHENTICATE', token });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(calls.revokeSession).toHaveBeenCalledWith({ token });
    expect(calls.clearLocalData).toHaveBeenCalledWith({ userId: 'u1' });
    for (const action of ['broadcastLogout', 'clearLocalData', 'closeSockets', 'resetStores', 'goHome'] as const) {
      expect(calls[action]).toHaveBeenCalledTimes(1);
    }
    // The logout stopped the interval: nothing happens afterwards.
    vi.advanceTimersByTime(10 * TOKEN_CHECK_INTERVAL);
    expect(calls.refresh).not.toHaveBeenCalled();
  });
});

describe('auth machine: logout across tabs (BroadcastChannel auth)', () => {
  it('a logout in one tab signs out the other', async () => {
    const tabA = setupActor();
    const tabB = setupActor();
    const channelA = openAuthChannel();
    const channelB = openAuthChannel();
    const unsubscribe = channelB.subscribe((message) => {
      if (message.type === 'logout') tabB.actor.send({ type: 'REMOTE_LOGOUT' });
    });
    tabA.calls.broadcastLogout.mockImplementation(() => channelA.post({ type: 'logout' }));
    const token = makeToken({ _id: 'u1' });
    tabA.actor.send({ type: 'AUTHENTICATE', token });
    tabB.actor.send({ type: 'AUTHENTICATE', token });

    tabA.actor.send({ type: 'LOGOUT' });
    await vi.waitFor(() => expect(tabB.actor.getSnapshot().value).toBe('unauthenticated'));
    expect(tabB.calls.goHome).toHaveBeenCalledTimes(1);
    expect(tabB.calls.resetStores).toHaveBeenCalledTimes(1);
    expect(tabB.calls.closeSockets).toHaveBeenCalledTimes(1);
    // Only the tab that logged out revokes and broadcasts.
    expect(tabB.calls.revokeSession).not.toHaveBeenCalled();
    expect(tabB.calls.broadcastLogout).not.toHaveBeenCalled();
    unsubscribe();
    channelA.close();
    channelB.close();
    tabA.actor.stop();
    tabB.actor.stop();
  });
});

describe('auth machine: a token another tab stored', () => {
  it('takes a later token of the same session and ignores other sessions and older tokens', () => {
    const { actor, calls } = setupActor();
    const mine = makeToken({ _id: 'u1' }, 60 * MINUTE);
    actor.send({ type: 'AUTHENTICATE', token: mine });
    actor.send({ type: 'TOKEN_SHARED', token: makeToken({ _id: 'u1', sid: 'another-device' }, 120 * MINUTE) });
    actor.send({ type: 'TOKEN_SHARED', token: makeToken({ _id: 'u1' }, 30 * MINUTE) });
    expect(actor.getSnapshot().context.token).toBe(mine);
    const later = makeToken({ _id: 'u1', gen: 1 }, 120 * MINUTE);
    actor.send({ type: 'TOKEN_SHARED', token: later });
    expect(actor.getSnapshot().context.token).toBe(later);
    // Signed within the same second, the rotation counter tells which one is later.
    const sameSecond = makeToken({ _id: 'u1', gen: 2 }, 120 * MINUTE);
    actor.send({ type: 'TOKEN_SHARED', token: sameSecond });
    expect(actor.getSnapshot().context.token).toBe(sameSecond);
    actor.send({ type: 'TOKEN_SHARED', token: later });
    expect(actor.getSnapshot().context.token).toBe(sameSecond);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    // Already stored by the tab that refreshed: nothing is written back.
    expect(calls.persist).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
