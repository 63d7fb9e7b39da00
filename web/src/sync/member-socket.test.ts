import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '@web/lib/user-store';
import { dispatchSocketEvent } from './socket';
import { subscribeBuiltIns } from './member-socket';
import { unreadCountStore } from './unread-count';

const auth = vi.hoisted(() => ({
  endLapsedSession: vi.fn(),
  getAuth: vi.fn(() => ({ isAuthenticated: true, token: 'tok', userId: 'u1', kind: 'user' })),
}));
vi.mock('@web/lib/auth-session', () => ({
  endLapsedSession: auth.endLapsedSession,
  getAuth: auth.getAuth,
  ensureFreshToken: async () => undefined,
  useAuth: () => auth.getAuth(),
}));

let off: () => void;
beforeEach(() => {
  off = subscribeBuiltIns();
  auth.endLapsedSession.mockClear();
});
afterEach(() => {
  off();
  userStore.reset();
  unreadCountStore.set(null);
  vi.restoreAllMocks();
});

describe('member socket built-in events', () => {
  it('a logout event ends the session here and keeps the local data (a lapse, not a logout)', () => {
    dispatchSocketEvent({ event: 'logout', reason: 'password-changed' });
    expect(auth.endLapsedSession).toHaveBeenCalledTimes(1);
  });

  it('userUpdate shows the payload at once and reloads the member', async () => {
    userStore.set({ _id: 'u1', username: 'demo', images: [{ _id: 'i1', under_moderation: true }] });
    const load = vi.spyOn(userStore, 'load').mockImplementation(async (id) => {
      const user = { _id: id, username: 'demo', images: [{ _id: 'i1', under_moderation: false }], likes: 9 };
      userStore.set(user);
      return user;
    });
    dispatchSocketEvent({ event: 'userUpdate', payload: { images: [{ _id: 'i1', under_moderation: false }] } });
    expect(userStore.get().user?.images).toEqual([{ _id: 'i1', under_moderation: false }]);
    expect(load).toHaveBeenCalledWith('u1');
    await vi.waitFor(() => expect(userStore.get().user?.likes).toBe(9));
  });

  it('a stale userUpdate only reloads', () => {
    userStore.set({ _id: 'u1', images: [] });
    const load = vi.spyOn(userStore, 'load').mockResolvedValue({ _id: 'u1' });
    dispatchSocketEvent({ event: 'userUpdate', payload: { stale: ['images'] } });
    expect(userStore.get().user).toEqual({ _id: 'u1', images: [] });
    expect(load).toHaveBeenCalledWith('u1');
  });

  it('unreadMessageCount keeps the count for the navigation; nonsense is ignored', () => {
    dispatchSocketEvent({ event: 'unreadMessageCount', count: 3, inbox: 2 });
    expect(unreadCountStore.get()).toBe(3);
    dispatchSocketEvent({ event: 'unreadMessageCount', count: 'many' });
    expect(unreadCountStore.get()).toBe(3);
  });

  it('after unsubscribing the built-ins nothing reacts', () => {
    off();
    dispatchSocketEvent({ event: 'logout' });
    expect(auth.endLapsedSession).not.toHaveBeenCalled();
    off = () => undefined;
  });
});
