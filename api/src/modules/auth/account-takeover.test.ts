import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, users } from '../../db/schema/index.js';
import { jsonRequest } from '../../test/harness.js';
import { PASSWORD, bearer, contextWithMailer, registerMember } from './test-helpers.js';

const setup = contextWithMailer();

interface Answer {
  status: number;
  location: string | null;
  body: { access_token?: string; error?: { code: string; message: string } } | null;
}
const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
  const res = await setup.ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), body: text ? (JSON.parse(text) as Answer['body']) : null };
};
const local = (link: string) => new URL(link).pathname + new URL(link).search;
const userRow = async (id: string) => (await setup.ctx.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const liveSessions = async (id: string) =>
  (await setup.ctx.deps.db.select().from(authSessions).where(eq(authSessions.userId, id))).filter((s) => !s.revokedDate).map((s) => s.id);
const signIn = async (username: string, password = PASSWORD) => (await send('POST', '/api/authenticate', { username, password })).status;
const mailedLink = (to: string, path: string) => setup.mailer.sent.filter((m) => m.to === to).flatMap((m) => m.links).reverse().find((l) => l.includes(path))!;
const mailedResetToken = (to: string) => new URL(mailedLink(to, '?token=')).searchParams.get('token')!;

/** A new member with a reset link asked for, beside the verification link of the sign-up. */
async function memberWithMailedLinks() {
  const member = await registerMember(setup.ctx);
  const email = member.email.toLowerCase();
  const verifyLink = mailedLink(email, '/api/verify-email');
  await send('POST', '/api/forgot-password', { email });
  return { member, email, verifyLink, resetToken: mailedResetToken(email) };
}

describe('a stolen access token alone', () => {
  it('cannot set a new password: POST /reset-password needs the mailed token or the current password', async () => {
    const member = await registerMember(setup.ctx);
    const otherDevice = (await send('POST', '/api/authenticate', { username: member.username, password: PASSWORD })).body!.access_token!;
    const bare = await send('POST', '/api/reset-password', { password: 'taken over 123' }, bearer(member.token));
    expect(bare.status).toBe(400);
    expect(bare.body!.error).toMatchObject({ code: 'current-password-required', message: 'Please enter your current password' });
    const guessed = await send('POST', '/api/reset-password', { password: 'taken over 123', currentPassword: 'a wrong guess' }, bearer(member.token));
    expect(guessed.status).toBe(400);
    expect(guessed.body?.error?.code).toBe('invalid-current-password');
    // Nothing changed: the old password signs in and no device was signed out.
    expect(await signIn(member.username)).toBe(200);
    expect(await liveSessions(member.id)).toEqual(expect.arrayContaining([member.sid, expect.any(String)]));
    expect((await send('GET', `/api/user/${member.id}`, undefined, bearer(otherDevice))).status).toBe(200);
  });

  it('cannot change the email: PATCH /user/{id} needs the current password, and the old address can undo it', async () => {
    const member = await registerMember(setup.ctx);
    const oldEmail = member.email.toLowerCase();
    setup.mailer.clear();
    const bare = await send('PATCH', `/api/user/${member.id}`, { email: 'thief@example.com' }, bearer(member.token));
    expect(bare.status).toBe(400);
    expect(bare.body?.error?.code).toBe('current-password-required');
    expect(setup.mailer.sent).toHaveLength(0);

    // Someone who also knows the password changes it: the owner is told and undoes it.
    const changed = await send('PATCH', `/api/user/${member.id}`, { email: 'thief@example.com', currentPassword: PASSWORD }, bearer(member.token));
    expect(changed.status).toBe(200);
    const verify = await send('GET', local(mailedLink('thief@example.com', '/api/verify-email')));
    expect(verify.location).toMatch(/^\/\?token=/);
    expect((await userRow(member.id)).email).toBe('thief@example.com');
    // The thief asks for a reset mail to the new address, to keep the account.
    await send('POST', '/api/forgot-password', { email: 'thief@example.com' });
    const thiefReset = mailedResetToken('thief@example.com');

    const undo = mailedLink(oldEmail, '/api/undo-email-change');
    const undone = await send('GET', local(undo));
    expect(undone.location).toBe('/?email_change=undone');
    expect(await userRow(member.id)).toMatchObject({ email: oldEmail, emailValidated: true });
    expect(await liveSessions(member.id)).toEqual([]);
    expect((await send('POST', '/api/reset-password', { token: thiefReset, password: 'thief wins 123' })).status).toBe(400);
    // Single use.
    expect((await send('GET', local(undo))).location).toBe('/?email_change=invalid');
    expect((await send('GET', '/api/undo-email-change?token=nope')).location).toBe('/?email_change=invalid');
  });
});

describe('mailed tokens', () => {
  it('a verification link signs in once; opened again it only says already verified', async () => {
    const member = await registerMember(setup.ctx);
    const link = mailedLink(member.email.toLowerCase(), '/api/verify-email');
    const first = await send('GET', local(link));
    expect(first.location).toMatch(/^\/\?token=[\w-]{43}$/);
    for (let i = 0; i < 2; i++) {
      const again = await send('GET', local(link));
      expect(again.location).toBe('/verify?verification_error=already_verified');
    }
  });

  it('a password change ends the reset and verification links mailed before it', async () => {
    const { member, verifyLink, resetToken } = await memberWithMailedLinks();

    const changed = await send('PATCH', `/api/user/${member.id}`, { password: 'changed pass 123', currentPassword: PASSWORD }, bearer(member.token));
    expect(changed.status).toBe(200);
    expect((await send('POST', '/api/reset-password', { token: resetToken, password: 'attacker pass 1' })).status).toBe(400);
    expect((await send('GET', `/api/autologin?token=${resetToken}`)).status).toBe(401);
    // The verification link no longer verifies, nor signs in.
    expect((await send('GET', local(verifyLink))).location).toBe('/verify?verification_error=invalid');
    expect((await userRow(member.id)).emailValidated).toBe(false);
    expect(await signIn(member.username, 'changed pass 123')).toBe(200);
  });

  it('a reset ends the other reset links and the verification link mailed before it', async () => {
    const { email, verifyLink, resetToken: first } = await memberWithMailedLinks();
    setup.ctx.clock.advance(3 * 60_000);
    await send('POST', '/api/forgot-password', { email });
    const second = mailedResetToken(email);
    expect(second).not.toBe(first);
    expect((await send('POST', '/api/reset-password', { token: second, password: 'reset pass 1234' })).status).toBe(200);
    expect((await send('POST', '/api/reset-password', { token: first, password: 'attacker pass 1' })).status).toBe(400);
    // The reset proved the mailbox: the member is verified, and the old link only says so.
    expect((await send('GET', local(verifyLink))).location).toBe('/verify?verification_error=already_verified');
  });
});
