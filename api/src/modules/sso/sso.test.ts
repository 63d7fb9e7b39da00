import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { brands, emailTokens, users } from '../../db/schema/index.js';
import { createOidcProvider } from '../../providers/sso/oidc.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { invalidateBrandCache } from '../brands/resolve.js';
import { SSO_FLOW_TTL_MS } from './state.js';

let idp: OAuth2Server;
let ctx: TestContext;
let issuer: string;
/** What the next ID token says about the visitor. */
let who: { sub: string; email?: string; email_verified?: boolean } = { sub: 'x' };

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  issuer = idp.issuer.url!;
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, who);
  });
  ctx = await createTestContext({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'amora-web', OIDC_CLIENT_SECRET: 'amora-secret' });
  await ctx.deps.db.insert(brands).values({
    domain: 'other.example',
    company: 'Other Ltd',
    brand: 'Other',
    customerSupport: { email: 'help@other.example' },
    defaultDescriptor: 'OTHER',
    apiKey: 'other-key',
  });
  invalidateBrandCache();
});
afterAll(async () => {
  await ctx?.close();
  await idp?.stop();
});
beforeEach(() => {
  idp.service.removeAllListeners('beforeAuthorizeRedirect');
  idp.service.removeAllListeners('beforeResponse');
});

let n = 0;
async function member(email: string, extra: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const [row] = await ctx.deps.db
    .insert(users)
    .values({ brandId: ctx.brand.id, username: `sso_member_${n}`, email, gender: 'man', lookingFor: 'woman', birthDate: '1990-01-01', ...extra })
    .returning();
  return row!;
}

/** GET /api/sso/login: the provider URL it redirects to and the flow cookie it sets. */
async function startLogin(query = 'action=login&redirectUrl=/messages') {
  const res = await ctx.app.request(`http://localhost/api/sso/login?${query}`);
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  const cookie = /(sso_flow=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { location, cookie, setCookie: res.headers.get('set-cookie') ?? '' };
}

/** The browser at the provider: the mock signs the visitor in at once and redirects back with a code. */
async function atProvider(authorizeUrl: string) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

async function callback(url: string, cookie?: string) {
  const res = await ctx.app.request(url, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(302);
  return { location: res.headers.get('location')!, setCookie: res.headers.get('set-cookie') ?? '' };
}

async function roundTrip(query?: string) {
  const { location, cookie } = await startLogin(query);
  return callback(await atProvider(location), cookie);
}

const landing = (location: string) => new URL(location, 'http://localhost');

describe('GET /api/sso/login', () => {
  it('redirects to the authorization endpoint with a signed state, PKCE S256 and a nonce; the secrets stay in an httpOnly cookie', async () => {
    const { location, setCookie } = await startLogin();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('amora-web');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/sso/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const state = url.searchParams.get('state')!;
    const claims = JSON.parse(Buffer.from(state.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ action: 'login', redirectUrl: '/messages', domain: 'localhost' });
    expect(claims).not.toHaveProperty('codeVerifier');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/sso/);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${SSO_FLOW_TTL_MS / 1000}`));
  });

  it('carries the register action', async () => {
    const { location } = await startLogin('action=register');
    const state = new URL(location).searchParams.get('state')!;
    expect(JSON.parse(Buffer.from(state.split('.')[1]!, 'base64url').toString())).toMatchObject({ action: 'register', redirectUrl: '/profiles' });
  });

  it('never carries an off-site redirectUrl: it falls back to /profiles', async () => {
    for (const bad of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'profiles', '/%0d%0aSet-Cookie:x']) {
      const { location } = await startLogin(`action=login&redirectUrl=${encodeURIComponent(bad)}`);
      const state = new URL(location).searchParams.get('state')!;
      const { redirectUrl } = JSON.parse(Buffer.from(state.split('.')[1]!, 'base64url').toString());
      expect(redirectUrl.startsWith('/') && !redirectUrl.startsWith('//')).toBe(true);
      expect(landing(redirectUrl).origin).toBe('http://localhost');
    }
  });

  it('answers an unknown action with /?error=invalid_request', async () => {
    const res = await ctx.app.request('http://localhost/api/sso/login?action=delete');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?error=invalid_request');
  });

  it('answers /?error=sso_unavailable when the provider cannot be reached', async () => {
    const providers = ctx.deps.providers;
    const configured = providers.sso;
    providers.sso = createOidcProvider({ issuer: 'http://127.0.0.1:1', clientId: 'x', clientSecret: '' });
    try {
      const res = await ctx.app.request('http://localhost/api/sso/login');
      expect(res.headers.get('location')).toBe('/?error=sso_unavailable');
    } finally {
      providers.sso = configured;
    }
  });
});

describe('GET /api/sso/callback: full round trip through a real OpenID Connect server', () => {
  it('signs in the member with the verified email: /?token= that GET /api/autologin accepts, and links the subject', async () => {
    const user = await member('round.trip@example.com');
    who = { sub: 'idp-user-1', email: 'Round.Trip@example.com', email_verified: true };
    const { location, setCookie } = await roundTrip();
    const url = landing(location);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('redirectUrl')).toBe('/messages');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    // The flow cookie is spent.
    expect(setCookie).toMatch(/sso_flow=;|Max-Age=0/);

    const [row] = await ctx.deps.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row!.purpose).toBe('auto-login');
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiryDate.getTime() - row!.createDate.getTime()).toBe(10 * 60_000);
    const [linked] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(linked!.ssoSubject).toBe(`${issuer}|idp-user-1`);

    const auto = await ctx.app.request(`/api/autologin?token=${encodeURIComponent(token)}`);
    expect(auto.status).toBe(200);
    expect((await auto.json()).accessToken).toEqual(expect.any(String));
  });

  it('finds a linked member by subject even when the provider no longer shares the email', async () => {
    const user = await member('linked@example.com', { ssoSubject: `${issuer}|idp-linked` });
    who = { sub: 'idp-linked' };
    const { location } = await roundTrip();
    const token = landing(location).searchParams.get('token');
    expect(token).toBeTruthy();
    const [row] = await ctx.deps.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row).toBeTruthy();
  });

  it('no such member: /?error=not_found', async () => {
    who = { sub: 'idp-nobody', email: 'nobody@example.com', email_verified: true };
    expect((await roundTrip()).location).toBe('/?error=not_found');
  });

  it('an unverified email finds no one (anyone can claim an address at some providers)', async () => {
    const user = await member('unverified@example.com');
    who = { sub: 'idp-claimer', email: 'unverified@example.com', email_verified: false };
    expect((await roundTrip()).location).toBe('/?error=not_found');
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.ssoSubject).toBeNull();
  });

  it('does not take over an account already linked to another subject', async () => {
    await member('taken@example.com', { ssoSubject: `${issuer}|idp-original` });
    who = { sub: 'idp-intruder', email: 'taken@example.com', email_verified: true };
    expect((await roundTrip()).location).toBe('/?error=not_found');
  });

  it('a blocked member: /?error=account_blocked', async () => {
    await member('blocked@example.com', { blocked: true });
    who = { sub: 'idp-blocked', email: 'blocked@example.com', email_verified: true };
    expect((await roundTrip()).location).toBe('/?error=account_blocked');
  });

  it('consent refused at the provider: /?error=access_denied', async () => {
    idp.service.once('beforeAuthorizeRedirect', ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    expect((await roundTrip()).location).toBe('/?error=access_denied');
  });

  it("the provider's token endpoint refusing the code: /?error=invalid_grant", async () => {
    await member('grant@example.com');
    who = { sub: 'idp-grant', email: 'grant@example.com', email_verified: true };
    idp.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    expect((await roundTrip()).location).toBe('/?error=invalid_grant');
  });

  it('another provider error code is passed on; a garbled one becomes sso_failed', async () => {
    expect((await callback('http://localhost/api/sso/callback?error=temporarily_unavailable')).location).toBe('/?error=temporarily_unavailable');
    expect((await callback(`http://localhost/api/sso/callback?error=${encodeURIComponent('<script>')}`)).location).toBe('/?error=sso_failed');
  });

  describe('bad state: /?error=invalid_state and no sign-in', () => {
    beforeEach(async () => {
      await member(`state${n}@example.com`);
      who = { sub: `idp-state-${n}`, email: `state${n}@example.com`, email_verified: true };
    });

    it('a tampered state', async () => {
      const { location, cookie } = await startLogin();
      const back = new URL(await atProvider(location));
      const [h, p, s] = back.searchParams.get('state')!.split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, redirectUrl: '/evil' })).toString('base64url');
      back.searchParams.set('state', `${h}.${forged}.${s}`);
      expect((await callback(back.href, cookie)).location).toBe('/?error=invalid_state');
    });

    it('no state, or garbage', async () => {
      const { location, cookie } = await startLogin();
      const back = new URL(await atProvider(location));
      back.searchParams.delete('state');
      expect((await callback(back.href, cookie)).location).toBe('/?error=invalid_state');
      back.searchParams.set('state', 'x'.repeat(10_000));
      expect((await callback(back.href, cookie)).location).toBe('/?error=invalid_state');
    });

    it('without the flow cookie (a link sent to someone else)', async () => {
      const { location } = await startLogin();
      expect((await callback(await atProvider(location))).location).toBe('/?error=invalid_state');
    });

    it("with another flow's cookie", async () => {
      const first = await startLogin();
      const second = await startLogin();
      expect((await callback(await atProvider(first.location), second.cookie)).location).toBe('/?error=invalid_state');
    });

    it('after the flow expired', async () => {
      const { location, cookie } = await startLogin();
      const back = await atProvider(location);
      ctx.clock.advance(SSO_FLOW_TTL_MS + 1000);
      expect((await callback(back, cookie)).location).toBe('/?error=invalid_state');
    });

    it('on another brand domain than it started on', async () => {
      const { location, cookie } = await startLogin();
      const back = new URL(await atProvider(location));
      back.host = 'other.example';
      const res = await ctx.app.request(back.href, { headers: { cookie: cookie!, host: 'other.example' } });
      expect(res.headers.get('location')).toBe('/?error=invalid_state');
    });
  });

  it('answers a callback without a code as invalid_request', async () => {
    const { location, cookie } = await startLogin();
    const back = new URL(await atProvider(location));
    back.searchParams.delete('code');
    expect((await callback(back.href, cookie)).location).toBe('/?error=invalid_request');
  });

  it('a code can be used once', async () => {
    await member('once@example.com');
    who = { sub: 'idp-once', email: 'once@example.com', email_verified: true };
    const { location, cookie } = await startLogin();
    const back = await atProvider(location);
    expect(landing((await callback(back, cookie)).location).searchParams.get('token')).toBeTruthy();
    expect((await callback(back, cookie)).location).toMatch(/^\/\?error=/);
  });
});

describe('SSO off', () => {
  it('login answers /?error=sso_unavailable and /api/config says disabled', async () => {
    // SSO is off when no issuer is configured, so there is no provider either (providers/create.ts).
    const cfg = ctx.deps.config as { oidc?: unknown };
    const saved = cfg.oidc;
    const provider = ctx.deps.providers.sso;
    expect((await (await ctx.app.request('/api/config')).json()).sso).toEqual({ enabled: true, loginUrl: '/api/sso/login' });
    cfg.oidc = undefined;
    ctx.deps.providers.sso = undefined;
    try {
      expect((await ctx.app.request('/api/sso/login')).headers.get('location')).toBe('/?error=sso_unavailable');
      expect((await (await ctx.app.request('/api/config')).json()).sso).toEqual({ enabled: false });
    } finally {
      cfg.oidc = saved;
      ctx.deps.providers.sso = provider;
    }
  });
});
