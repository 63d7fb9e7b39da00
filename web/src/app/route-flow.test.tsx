import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { stopAuthSession } from '@web/lib/auth-session';
import { t } from '@sync/texts';
import { makeToken } from '@web/mocks/tokens';
import type { User } from '@web/lib/user-store';
import { createAppRouter } from './router';
import type { AutoLoginAnswer, SessionPort } from './session-port';

/** A session double: the router's guards see only this port. */
function fakeSession(state: { kind?: 'user' | 'agent' | null; user?: Partial<User> | null; autoLogin?: () => Promise<AutoLoginAnswer> } = {}) {
  let auth = { isAuthenticated: !!state.kind, kind: state.kind ?? null, userId: state.kind ? 'u1' : null };
  const session = {
    getAuth: () => auth,
    getUser: () => (state.user ? ({ _id: 'u1', ...state.user } as User) : null),
    loadUser: vi.fn(async () => ({ _id: 'u1', emailValidated: true, ...state.user }) as User),
    authenticate: vi.fn((token: string) => {
      auth = { isAuthenticated: true, kind: token.includes('agent') ? 'agent' : 'user', userId: 'u1' };
      return true;
    }),
    logout: vi.fn(),
    exchangeAutoLoginToken: vi.fn(state.autoLogin ?? (async (): Promise<AutoLoginAnswer> => ({ accessToken: makeToken({ _id: 'u1' }), resetToken: 'reset-2' }))),
    notify: vi.fn(),
    openPopup: vi.fn(),
  } satisfies SessionPort;
  return session;
}

async function visit(path: string, session: SessionPort) {
  const router = createAppRouter({ session, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  await router.load();
  return router;
}

afterEach(() => stopAuthSession());

describe('route flow through the router', () => {
  it('sends a visitor on a member page to / with the sign-in popup set to come back there', async () => {
    const session = fakeSession();
    const router = await visit('/messages/chat/c-42', session);
    expect(router.state.location.pathname).toBe('/');
    expect(session.openPopup).toHaveBeenCalledWith('sign-in', { redirect: '/messages/chat/c-42' });
  });

  it('sends a signed-in member from / to /profiles and an unverified one to /verify', async () => {
    expect((await visit('/', fakeSession({ kind: 'user', user: { emailValidated: true } }))).state.location.pathname).toBe('/profiles');
    expect((await visit('/upgrade/credits', fakeSession({ kind: 'user', user: { emailValidated: false } }))).state.location.pathname).toBe('/verify');
  });

  it('carries verify-age=true from / to the member home (the age verification return, docs/product.md#verification)', async () => {
    const router = await visit('/?verify-age=true', fakeSession({ kind: 'user', user: { emailValidated: true } }));
    expect(router.state.location.pathname).toBe('/profiles');
    expect(router.state.location.search).toMatchObject({ 'verify-age': true });
  });

  it('loads the member when the user record is missing before deciding', async () => {
    const session = fakeSession({ kind: 'user', user: null });
    const router = await visit('/favorites', session);
    expect(session.loadUser).toHaveBeenCalledWith('u1');
    expect(router.state.location.pathname).toBe('/favorites');
  });

  it('keeps members out of the agent area and agents out of the member area', async () => {
    expect((await visit('/chat', fakeSession({ kind: 'user', user: { emailValidated: true } }))).state.location.pathname).toBe('/profiles');
    expect((await visit('/profiles', fakeSession({ kind: 'agent' }))).state.location.pathname).toBe('/agent');
  });

  it('SSO error not_found: toast and /sign-up', async () => {
    const session = fakeSession();
    const router = await visit('/?error=not_found', session);
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(session.notify).toHaveBeenCalledWith('error', 'User not found. Please register first');
  });

  it('verification_error=expired: opens sign-in, shows info, lands on /', async () => {
    const session = fakeSession();
    const router = await visit('/verify?verification_error=expired&token=abc', session);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toEqual({});
    expect(session.openPopup).toHaveBeenCalledWith('sign-in', {});
    expect(session.notify).toHaveBeenCalledWith('info', expect.any(String));
  });

  it('token: auto-login, drop the token from the URL, open the password reset popup with the reset token when flagged', async () => {
    const session = fakeSession({ user: { emailValidated: true } });
    const router = await visit('/?token=auto-1&reset-password=true', session);
    expect(session.exchangeAutoLoginToken).toHaveBeenCalledWith('auto-1');
    expect(session.authenticate).toHaveBeenCalled();
    expect(session.openPopup).toHaveBeenCalledWith('password-reset', { token: 'reset-2' });
    expect(router.state.location.pathname).toBe('/profiles');
    expect(router.state.location.search).toEqual({});
  });

  it('email_change=undone: signs this browser out, says so and opens sign-in; invalid says the link is dead', async () => {
    const session = fakeSession({ kind: 'user', user: { emailValidated: true } });
    const router = await visit('/?email_change=undone', session);
    expect(session.logout).toHaveBeenCalled();
    expect(session.notify).toHaveBeenCalledWith('info', t('auth.email-change-undone'));
    expect(session.openPopup).toHaveBeenCalledWith('sign-in', {});
    expect(router.state.location.search).toEqual({});

    const visitor = fakeSession();
    await visit('/?email_change=invalid', visitor);
    expect(visitor.logout).not.toHaveBeenCalled();
    expect(visitor.notify).toHaveBeenCalledWith('error', t('auth.email-change-undo-invalid'));
  });

  it('token: a failed exchange warns error.auto-login-failed and goes to /', async () => {
    const session = fakeSession({ autoLogin: () => Promise.reject(new Error('401')) });
    const router = await visit('/messages/inbox?token=bad', session);
    expect(session.notify).toHaveBeenCalledWith('warning', 'Error during auto-login. You will be logged out.');
    expect(router.state.location.pathname).toBe('/');
  });

  it('token: an already expired access token is refused with error.token-expired', async () => {
    const session = fakeSession({ autoLogin: async () => ({ accessToken: makeToken({ _id: 'u1' }, -1000) }) });
    const router = await visit('/?token=old', session);
    expect(session.authenticate).not.toHaveBeenCalled();
    expect(session.notify).toHaveBeenCalledWith('warning', 'Your session has expired. You will be logged out.');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('404 and validity checks', () => {
  it('an unmatched route shows OOPS! 404 / PAGE NOT FOUND with a way home', async () => {
    const router = await visit('/no/such/page', fakeSession());
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'OOPS! 404 / PAGE NOT FOUND' })).toBeTruthy();
    expect(screen.getByText('Page not found: /no/such/page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it("a failed validity check raises 'Page Not Found: {path}'", async () => {
    await visit('/interests/viewed/abc', fakeSession({ kind: 'user', user: { emailValidated: true } }));
    expect(await screen.findByText('Page Not Found: /interests/viewed/abc')).toBeTruthy();
  });

  it('a valid optional page renders the screen', async () => {
    const router = await visit('/interests/viewed/2', fakeSession({ kind: 'user', user: { emailValidated: true } }));
    expect(router.state.location.pathname).toBe('/interests/viewed/2');
    expect((await screen.findByRole('link', { name: 'Viewed' })).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Favorites', current: false })).toBeTruthy();
  });
});
