import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { api } from './api';
import { authenticate, getAuth, logout, stopAuthSession } from './auth-session';
import { AUTH_STORAGE_KEY } from './auth-storage';
import { setNavigator } from './navigation';
import { registerSocket } from './socket-registry';
import { registerStoreReset } from './store-reset';
import { readHandoffToken, writeHandoffToken } from './token-handoff';

afterEach(() => {
  stopAuthSession();
  setNavigator(null);
});

describe('auth session (the app wiring of the auth machine)', () => {
  it('persists the session and sends the bearer token on API calls', async () => {
    const token = makeToken({ _id: 'u-demo' });
    expect(authenticate(token)).toBe(true);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({ isAuthenticated: true, token, tokenUpdateInterval: 3_000_000 });
    const user = await api.get<{ _id: string }>('/user/u-demo');
    expect(user._id).toBe('u-demo');
    expect(getAuth()).toMatchObject({ isAuthenticated: true, userId: 'u-demo', kind: 'user' });
  });

  it('refreshes through PATCH /api/authenticate before a request when the token is close to expiry', async () => {
    let refreshed = 0;
    server.use(
      http.patch('*/api/authenticate', () => {
        refreshed += 1;
        return HttpResponse.json({ access_token: makeToken({ _id: 'u-demo' }, 3_600_000) });
      }),
    );
    authenticate(makeToken({ _id: 'u-demo' }, 20 * 60_000));
    await api.get('/user/u-demo');
    await api.get('/user/u-demo');
    expect(refreshed).toBe(1);
    expect(getAuth().expiryDate).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('signs out when a call answers 401 because the session ended on the server, but not for other errors', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    authenticate(makeToken({ _id: 'u-demo' }));
    server.use(http.get('*/api/user/u-demo', () => HttpResponse.json({ error: { code: 'forbidden', message: 'no' } }, { status: 403 })));
    await expect(api.get('/user/u-demo')).rejects.toMatchObject({ status: 403 });
    expect(getAuth().isAuthenticated).toBe(true);

    server.use(http.get('*/api/user/u-demo', () => HttpResponse.json({ error: { code: 'unauthorized', message: 'gone' } }, { status: 401 })));
    await expect(api.get('/user/u-demo')).rejects.toMatchObject({ status: 401 });
    expect(getAuth().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/', undefined);
  });

  it('logout revokes the session, clears storage (the refresh handoff too), closes sockets, resets stores and goes to /', async () => {
    const revoked = vi.fn();
    server.use(http.post('*/api/logout', ({ request }) => (revoked(request.headers.get('authorization')), new HttpResponse(null, { status: 204 }))));
    const navigate = vi.fn();
    setNavigator(navigate);
    const socket = { close: vi.fn() };
    registerSocket('test', socket);
    const reset = vi.fn();
    const unregister = registerStoreReset('test', reset);
    const token = makeToken({ _id: 'u-demo' });
    authenticate(token);
    localStorage.setItem('cart', '[1]');
    await writeHandoffToken(token);

    logout();

    expect(getAuth().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('cart')).toBeNull();
    expect(socket.close).toHaveBeenCalled();
    expect(reset).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/', undefined);
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledWith(`Bearer ${token}`));
    await vi.waitFor(async () => expect(await readHandoffToken()).toBeNull());
    unregister();
  });
});

describe('two accounts in two tabs of one browser', () => {
  it("another account's logout leaves this tab signed in and its session stored; this account's own logout signs it out", async () => {
    const token = makeToken({ _id: 'u-b' });
    authenticate(token);
    const otherTab = new BroadcastChannel('auth');
    const signedOut = () => new Promise((resolve) => setTimeout(resolve, 50));

    // Tab A (member u-a) logs out: it tells the other tabs whose session ended, then clears the browser's storage.
    otherTab.postMessage({ type: 'logout', userId: 'u-a' });
    await signedOut();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(getAuth()).toMatchObject({ isAuthenticated: true, userId: 'u-b' });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({ token });

    otherTab.postMessage({ type: 'logout', userId: 'u-b' });
    await signedOut();
    expect(getAuth().isAuthenticated).toBe(false);
    otherTab.close();
  });
});
