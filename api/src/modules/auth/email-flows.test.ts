import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, emailTokens, users } from '../../db/schema/index.js';
import type { MemoryMailer } from '../../providers/mail/memory.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { PASSWORD, bearer, registerMember, useMemoryMailer } from './test-helpers.js';

let ctx: TestContext;
let mailer: MemoryMailer;
beforeAll(async () => {
  ctx = await createTestContext();
  mailer = useMemoryMailer(ctx);
});
afterAll(() => ctx.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => ctx.app.request(path, jsonRequest('POST', body, headers));
/** The path and query of a mailed link, for app.request(). */
const local = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const tokenOf = (location: string) => new URL(location, 'http://x').searchParams.get('token');
const userRow = async (id: string) => (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

async function autologin(token: string | null) {
  return ctx.app.request(`/api/autologin?token=${encodeURIComponent(token ?? '')}`);
}

describe('email verification', () => {
  it('verifies from the mailed link, redirects to an auto-login token that signs in once', async () => {
    const member = await registerMember(ctx);
    const link = mailer.last(member.email.toLowerCase())!.links[0]!;
    const res = await ctx.app.request(local(link));
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/\?token=[\w-]{43}$/);
    expect((await userRow(member.id)).emailValidated).toBe(true);

    const login = await autologin(tokenOf(location));
    expect(login.status).toBe(200);
    const { accessToken } = await login.json();
    expect(decodeJwt(accessToken)).toMatchObject({ _id: member.id, type: 'user' });

    const again = await autologin(tokenOf(location));
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: { code: 'auto-login-failed', message: 'Error during auto-login. You will be logged out.' } });

    // The same verification link again: a notice only, it signs no one in (docs/product.md#errors-and-texts: already_verified without token).
    const second = await ctx.app.request(local(link));
    expect(second.headers.get('location')).toBe('/verify?verification_error=already_verified');
  });

  it('redirects an expired link to verification_error=expired with the original token', async () => {
    const member = await registerMember(ctx);
    const link = mailer.last(member.email.toLowerCase())!.links[0]!;
    ctx.clock.advance(48 * 60 * 60_000 + 1);
    const res = await ctx.app.request(local(link));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/verify?verification_error=expired&token=${new URL(link).searchParams.get('token')}`);
    expect((await userRow(member.id)).emailValidated).toBe(false);
  });

  it('redirects an unknown or missing token to verification_error=invalid', async () => {
    for (const path of ['/api/verify-email?token=nope', '/api/verify-email', `/api/verify-email?token=${'x'.repeat(5000)}`]) {
      const res = await ctx.app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/verify?verification_error=invalid');
    }
  });

  it('rejects bad and expired auto-login tokens with 401 auto-login-failed', async () => {
    const member = await registerMember(ctx);
    const verified = await ctx.app.request(local(mailer.last(member.email.toLowerCase())!.links[0]!));
    const token = tokenOf(verified.headers.get('location')!);
    ctx.clock.advance(10 * 60_000);
    for (const t of [token, '', 'garbage']) {
      const res = await autologin(t);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('auto-login-failed');
    }
    // A verification token is not an auto-login token.
    const other = await registerMember(ctx);
    expect((await autologin(new URL(mailer.last(other.email.toLowerCase())!.links[0]!).searchParams.get('token'))).status).toBe(401);
  });
});

describe('POST /api/resend-email', () => {
  it('waits 2 minutes between mails, then sends another link', async () => {
    const member = await registerMember(ctx);
    const early = await post('/api/resend-email', {}, bearer(member.token));
    expect(early.status).toBe(429);
    const error = (await early.json()).error;
    expect(error).toMatchObject({ code: 'resend-wait', message: 'You can resend the email in 2 minutes.', waitSeconds: 120 });
    expect(Date.parse(error.nextResendDate)).toBe(ctx.clock.now().getTime() + 120_000);

    ctx.clock.advance(120_000);
    const sentBefore = mailer.sent.length;
    const res = await ctx.app.request('/api/resend-email', { method: 'POST', headers: bearer(member.token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'sent', nextResendDate: new Date(ctx.clock.now().getTime() + 120_000).toISOString() });
    expect(mailer.sent.length).toBe(sentBefore + 1);
    const verify = await ctx.app.request(local(mailer.last(member.email.toLowerCase())!.links[0]!));
    expect(verify.headers.get('location')).toMatch(/^\/\?token=/);

    ctx.clock.advance(120_000);
    const done = await post('/api/resend-email', {}, bearer(member.token));
    expect(done.status).toBe(409);
    expect((await done.json()).error.code).toBe('already-verified');
  });

  it('changes the address once the new one is verified; refuses a taken one', async () => {
    const member = await registerMember(ctx);
    const other = await registerMember(ctx);
    ctx.clock.advance(120_000);
    const taken = await post('/api/resend-email', { new_email: other.email.toUpperCase() }, bearer(member.token));
    expect(taken.status).toBe(422);
    expect((await taken.json()).error.code).toBe('invalid-email');

    const bad = await post('/api/resend-email', { new_email: 'not an email' }, bearer(member.token));
    expect(bad.status).toBe(400);

    const oldLink = mailer.last(member.email.toLowerCase())!.links[0]!;
    const res = await post('/api/resend-email', { new_email: 'Moved.Here@Example.com' }, bearer(member.token));
    expect(res.status).toBe(200);
    expect((await userRow(member.id)).email).toBe(member.email.toLowerCase());
    // The link sent to the old address no longer verifies anything.
    expect((await ctx.app.request(local(oldLink))).headers.get('location')).toMatch(/verification_error=expired/);

    const link = mailer.last('moved.here@example.com')!.links[0]!;
    expect((await ctx.app.request(local(link))).headers.get('location')).toMatch(/^\/\?token=/);
    const after = await userRow(member.id);
    expect(after).toMatchObject({ email: 'moved.here@example.com', emailValidated: true });
    expect((await post('/api/authenticate', { username: 'moved.here@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('needs a signed-in member', async () => {
    expect((await post('/api/resend-email', {})).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers 200 for unknown addresses without mailing', async () => {
    const before = mailer.sent.length;
    const res = await post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success' });
    expect(mailer.sent.length).toBe(before);
    expect((await post('/api/forgot-password', { email: 'bad' })).status).toBe(400);
  });

  it('mails a link that signs in and lets the member set a new password, ending other sessions', async () => {
    const member = await registerMember(ctx);
    const otherDevice = (await (await post('/api/authenticate', { username: member.username, password: PASSWORD })).json()).access_token;
    const res = await post('/api/forgot-password', { email: member.email.toUpperCase() });
    expect(res.status).toBe(200);
    const mail = mailer.last(member.email.toLowerCase())!;
    expect(mail.subject).toBe('Amora Test: reset your password');
    const link = new URL(mail.links[0]!);
    expect(link.origin + link.pathname).toBe('http://localhost:3000/');
    expect(link.searchParams.get('reset-password')).toBe('true');
    const token = link.searchParams.get('token')!;

    // The web's token query flow signs in first (spending the mailed token), then shows the reset form with
    // the reset token the auto-login answered.
    const login = await autologin(token);
    expect(login.status).toBe(200);
    const { accessToken, resetToken } = await login.json();
    expect(resetToken).toMatch(/^[\w-]{43}$/);
    expect((await autologin(token)).status).toBe(401);
    expect((await post('/api/reset-password', { token, password: 'a brand new secret' }, bearer(accessToken))).status).toBe(400);

    const reset = await post('/api/reset-password', { token: resetToken, password: 'a brand new secret' }, bearer(accessToken));
    expect(reset.status).toBe(200);
    const answer = await reset.json();
    expect(answer).toEqual({ status: 'success', access_token: expect.any(String) });
    expect(decodeJwt(answer.access_token).sid).toBe(decodeJwt(accessToken).sid);

    expect((await ctx.app.request('/api/authenticate', { method: 'PATCH', headers: bearer(otherDevice) })).status).toBe(403);
    expect((await ctx.app.request('/api/authenticate', { method: 'PATCH', headers: bearer(member.token) })).status).toBe(403);
    expect((await ctx.app.request('/api/authenticate', { method: 'PATCH', headers: bearer(answer.access_token) })).status).toBe(200);
    expect((await post('/api/authenticate', { username: member.username, password: PASSWORD })).status).toBe(401);
    expect((await post('/api/authenticate', { username: member.username, password: 'a brand new secret' })).status).toBe(200);
    expect((await userRow(member.id)).emailValidated).toBe(true);

    // Spent: neither reset nor auto-login takes it again.
    expect((await post('/api/reset-password', { token: resetToken, password: 'another secret 2' })).status).toBe(400);
    expect((await autologin(resetToken)).status).toBe(401);
  });

  it('lets a signed-in member reset with the current password instead of a token; refuses anonymous and short passwords', async () => {
    const member = await registerMember(ctx);
    expect((await post('/api/reset-password', { password: 'long enough pw' })).status).toBe(401);
    expect((await post('/api/reset-password', { password: 'short', currentPassword: PASSWORD }, bearer(member.token))).status).toBe(400);
    const res = await post('/api/reset-password', { password: 'long enough pw', currentPassword: PASSWORD }, bearer(member.token));
    expect(res.status).toBe(200);
    const sessions = await ctx.deps.db.select().from(authSessions).where(eq(authSessions.userId, member.id));
    expect(sessions.filter((s) => !s.revokedDate).map((s) => s.id)).toEqual([member.sid]);
  });

  it('spaces reset mails 2 minutes apart per account', async () => {
    const member = await registerMember(ctx);
    await post('/api/forgot-password', { email: member.email });
    await post('/api/forgot-password', { email: member.email });
    const tokens = await ctx.deps.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(tokens.filter((t) => t.purpose === 'reset-password')).toHaveLength(1);
  });
});

describe('GET /api/dev/mailbox', () => {
  it('lists kept mails newest first with their links', async () => {
    const member = await registerMember(ctx);
    const res = await ctx.app.request('/api/dev/mailbox');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data[0]).toMatchObject({ to: member.email.toLowerCase(), links: [expect.stringContaining('/api/verify-email?token=')] });
  });
});
