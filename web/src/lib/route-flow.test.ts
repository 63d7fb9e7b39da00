import { describe, expect, it } from 'vitest';
import { isPublicPath, readQueryFlow, resolveAccess, resolveQueryFlow } from './route-flow';

describe('route flow: access (docs/product.md#route-flow, docs/product.md#roles)', () => {
  const visitor = { isAuthenticated: false, kind: null, emailValidated: undefined } as const;
  const member = { isAuthenticated: true, kind: 'user', emailValidated: true } as const;
  const unverified = { ...member, emailValidated: false } as const;
  const agent = { isAuthenticated: true, kind: 'agent', emailValidated: undefined } as const;

  it.each(['/', '/about', '/auto-login', '/prices', '/about-us', '/faq', '/terms', '/privacy-policy', '/cookie-policy', '/contact-us', '/content-removal', '/affiliates', '/sign-up', '/verify', '/block', '/sign-in'])(
    'lets a visitor open %s',
    (pathname) => {
      expect(isPublicPath(pathname)).toBe(true);
      expect(resolveAccess({ ...visitor, pathname })).toBeNull();
    },
  );

  it.each(['/profiles', '/profile/abc', '/messages/inbox', '/upgrade/credits', '/interests/viewed/2', '/user', '/chat', '/agent', '/nowhere'])(
    'sends a visitor (or an expired session) on %s to /',
    (pathname) => expect(resolveAccess({ ...visitor, pathname })).toBe('/'),
  );

  it('sends a signed-in member from / to the authenticated home', () => {
    expect(resolveAccess({ ...member, pathname: '/' })).toBe('/profiles');
    expect(resolveAccess({ ...member, pathname: '/messages' })).toBeNull();
  });

  it('sends a member with an unvalidated email to /verify, except on /verify and /sign-up', () => {
    expect(resolveAccess({ ...unverified, pathname: '/profiles' })).toBe('/verify');
    expect(resolveAccess({ ...unverified, pathname: '/' })).toBe('/verify');
    expect(resolveAccess({ ...unverified, pathname: '/terms' })).toBe('/verify');
    expect(resolveAccess({ ...unverified, pathname: '/verify' })).toBeNull();
    expect(resolveAccess({ ...unverified, pathname: '/sign-up/' })).toBeNull();
  });

  it('sends agents from / to their console', () => {
    expect(resolveAccess({ ...agent, pathname: '/' })).toBe('/agent');
    expect(resolveAccess({ ...agent, pathname: '/chat' })).toBeNull();
  });
});

describe('route flow: query flows (docs/product.md#route-flow, docs/product.md#errors-and-texts)', () => {
  it('reads error first, then verification_error, then token', () => {
    expect(readQueryFlow({ error: 'not_found', token: 'x' })).toEqual({ kind: 'sso-error', code: 'not_found' });
    expect(readQueryFlow({ verification_error: 'expired', token: 'x' })).toEqual({ kind: 'verification-error', code: 'expired', token: 'x' });
    expect(readQueryFlow({ token: 'abc' })).toEqual({ kind: 'auto-login', token: 'abc', resetPassword: false });
    expect(readQueryFlow({ token: 'abc', 'reset-password': 'true' })).toEqual({ kind: 'auto-login', token: 'abc', resetPassword: true });
    // Single sign-on's redirectUrl is kept only when it is a same-site path.
    expect(readQueryFlow({ token: 'abc', redirectUrl: '/messages' })).toEqual({ kind: 'auto-login', token: 'abc', resetPassword: false, redirectUrl: '/messages' });
    expect(readQueryFlow({ token: 'abc', redirectUrl: '//evil.example' })).toEqual({ kind: 'auto-login', token: 'abc', resetPassword: false });
    expect(readQueryFlow({ token: 'abc', redirectUrl: 'https://evil.example' })).toEqual({ kind: 'auto-login', token: 'abc', resetPassword: false });
    expect(readQueryFlow({ page: 2 })).toBeNull();
  });

  it('SSO errors: not_found to /sign-up, access_denied to / with consent text, others generic to /', () => {
    expect(resolveQueryFlow({ kind: 'sso-error', code: 'not_found' })).toEqual({ do: 'redirect', to: '/sign-up', notice: { type: 'error', key: 'error.auto-login-not-found' } });
    expect(resolveQueryFlow({ kind: 'sso-error', code: 'access_denied' })).toEqual({ do: 'redirect', to: '/', notice: { type: 'error', key: 'error.sso-access-denied' } });
    expect(resolveQueryFlow({ kind: 'sso-error', code: 'server_error' })).toEqual({ do: 'redirect', to: '/', notice: { type: 'error', key: 'error.generic' } });
  });

  it('verification errors: already_verified logs in with a token, else generic; expired opens sign-in', () => {
    expect(resolveQueryFlow({ kind: 'verification-error', code: 'already_verified', token: 't' })).toEqual({ do: 'auto-login', token: 't', resetPassword: false });
    expect(resolveQueryFlow({ kind: 'verification-error', code: 'already_verified', token: null })).toMatchObject({ do: 'redirect', to: '/', notice: { key: 'error.generic' } });
    expect(resolveQueryFlow({ kind: 'verification-error', code: 'expired', token: null })).toEqual({ do: 'redirect', to: '/', openSignIn: true, notice: { type: 'info', key: 'error.verification-expired' } });
    expect(resolveQueryFlow({ kind: 'verification-error', code: 'weird', token: 't' })).toMatchObject({ do: 'redirect', to: '/', notice: { key: 'error.generic' } });
  });
});
