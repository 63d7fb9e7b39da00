import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_DAYS } from '@sync/contract/safety';
import { authSessions, conversations, creditLedger, images, messages, orders, profiles, pushSubscriptions, savedCards, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { callApi, staffWithToken } from '../agents/test-helpers.js';
import type { MemoryMailer } from '../../providers/mail/memory.js';
import { PASSWORD, useMemoryMailer } from '../auth/test-helpers.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';
import { REMOVED_MESSAGE, eraseDueAccounts } from './account-deletion.js';

let ctx: TestContext;
let hash: string;
let mailer: MemoryMailer;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  mailer = useMemoryMailer(ctx);
  hash = await hashPassword(PASSWORD);
});
afterAll(() => ctx?.close());

const call = (method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => callApi(ctx, method, p, headers, body);
const mediaFile = (url: string) => path.join(ctx.config.dataDir, 'media', url.slice('/api/media/'.length));

async function signIn(username: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username, password: PASSWORD, ...extra }));
  return { status: res.status, body: await res.json() };
}

async function upload(m: MemberFixture, type: 'avatar' | 'message') {
  const form = new FormData();
  form.set('type', type);
  const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#993366' } }).jpeg().toBuffer();
  form.append('files', new File([new Uint8Array(data)], 'me.jpg', { type: 'image/jpeg' }));
  const res = await ctx.app.request('/api/user/upload', { method: 'POST', body: form, headers: m.headers });
  expect(res.status).toBe(200);
  return (await res.json()).images[0] as { _id: string; medium: string; small: string };
}

/** A member with a password, photos on disk, a conversation both ways, a saved card, a paid order and credits. */
async function fullMember() {
  const m = await createMemberWithCredits(ctx, 5);
  await ctx.deps.db.update(users).set({ passwordHash: hash, firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, m.id));
  const avatar = await upload(m, 'avatar');
  const photo = await upload(m, 'message');
  const p = await createFictive(ctx);
  const sent = await call('POST', `/api/conversation/${p.id}`, m.headers, { message: 'I live at 1 Main St', messageType: 'text' });
  expect(sent.status).toBe(201);
  const conversationId = sent.body._id as string;
  expect((await call('POST', `/api/conversation/${conversationId}/message`, m.headers, { message: '', messageType: 'attachment', attachment: photo._id })).status).toBe(200);
  const agent = await staffWithToken(ctx);
  await ctx.deps.db.insert(messages).values({ conversationId, senderType: 'profile', agentId: agent.id, messageType: 'text', message: 'Hi Ada, see you on Main St', dateSent: ctx.clock.now() });
  await ctx.deps.db.insert(savedCards).values({ userId: m.id, providerToken: `tok_${m.id}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  await ctx.deps.db.insert(pushSubscriptions).values({ userId: m.id, endpoint: `https://push.example/${m.id}`, p256dh: 'key', auth: 'secret' });
  const [order] = await ctx.deps.db
    .insert(orders)
    .values({ userId: m.id, brandId: ctx.brand.id, currency: 'USD', country: 'US', products: [], totalCents: 1999, vatCents: 319, status: 'paid', invoiceId: `INV-${m.id.slice(0, 8)}` })
    .returning();
  return { m, avatar, photo, conversationId, order: order! };
}

describe('account deletion', () => {
  it('wants the current password, refuses hostile bodies and other accounts, and changes nothing then', async () => {
    const { m } = await fullMember();
    const other = await createMemberWithCredits(ctx, 0);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'current-password-required'],
      [{ currentPassword: 'wrong password' }, 400, 'invalid-current-password'],
      [{ currentPassword: 'a\u0000b' }, 400, 'invalid-json'],
      [{ currentPassword: PASSWORD, extra: true }, 400, 'invalid-json'],
      [{ currentPassword: 42 }, 400, 'invalid-json'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('POST', `/api/user/${m.id}/deletion`, m.headers, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await call('POST', `/api/user/${other.id}/deletion`, m.headers, { currentPassword: PASSWORD })).status).toBe(403);
    // An account without a password (single sign-on) sets one first: a token alone deletes nothing.
    const noPassword = await call('POST', `/api/user/${other.id}/deletion`, other.headers, {});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.code).toBe('password-not-set');
    expect((await call('GET', `/api/user/${other.id}`, other.headers)).status).toBe(200);
    expect((await call('POST', `/api/user/not-an-id/deletion`, m.headers, { currentPassword: PASSWORD })).status).toBe(404);
    expect((await call('POST', `/api/user/${m.id}/deletion`, {}, { currentPassword: PASSWORD })).status).toBe(401);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({ deletionDueDate: null, deletionRequestDate: null });
    expect((await call('GET', `/api/user/${m.id}`, m.headers)).status).toBe(200);
  });

  it('ends every session at once; signing in during the grace period asks, and keeping the account cancels it', async () => {
    const { m } = await fullMember();
    const now = ctx.clock.now().getTime();
    const res = await call('POST', `/api/user/${m.id}/deletion`, m.headers, { currentPassword: PASSWORD });
    expect(res).toEqual({ status: 200, body: { deletionDate: new Date(now + DELETION_GRACE_DAYS * DAY).toISOString() } });
    expect((await call('GET', `/api/user/${m.id}`, m.headers)).status).toBe(401);
    const notice = mailer.sent.find((mail) => mail.to === `${m.username}@example.com`);
    expect(notice?.subject).toContain(`Your account is scheduled for deletion on ${res.body.deletionDate.slice(0, 10)}.`);

    ctx.clock.advance(3 * DAY);
    const asked = await signIn(m.username);
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({ code: 'deletion-pending', deletionDate: res.body.deletionDate });
    expect(asked.body.error.message).toBe(`Your account is scheduled for deletion on ${res.body.deletionDate.slice(0, 10)}.`);
    // The wrong password learns nothing about the account.
    const wrong = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: m.username, password: 'nope nope', cancelDeletion: true }));
    expect(wrong.status).toBe(401);

    const kept = await signIn(m.username, { cancelDeletion: true });
    expect(kept.status).toBe(200);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({ deletionDueDate: null, deletionRequestDate: null, deletedDate: null });
    expect((await call('GET', `/api/user/${m.id}`, { authorization: `Bearer ${kept.body.access_token}` })).status).toBe(200);
    ctx.clock.advance(30 * DAY);
    expect(await eraseDueAccounts(ctx.deps)).toBe(0);
    expect((await ctx.deps.db.select().from(users).where(eq(users.id, m.id)))[0]!.deletedDate).toBeNull();
  });

  it('after the grace period the job removes the personal data and files, and keeps what accounting needs', async () => {
    const { m, avatar, photo, conversationId, order } = await fullMember();
    const files = [avatar.medium, avatar.small, photo.medium].map(mediaFile);
    for (const f of files) expect(fs.existsSync(f), f).toBe(true);
    const ledgerBefore = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect((await call('POST', `/api/user/${m.id}/deletion`, m.headers, { currentPassword: PASSWORD })).status).toBe(200);

    ctx.clock.advance(DELETION_GRACE_DAYS * DAY - 60_000);
    await eraseDueAccounts(ctx.deps);
    expect((await ctx.deps.db.select().from(users).where(eq(users.id, m.id)))[0]!.deletedDate).toBeNull();
    for (const f of files) expect(fs.existsSync(f), f).toBe(true);

    ctx.clock.advance(120_000);
    expect(await eraseDueAccounts(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await eraseDueAccounts(ctx.deps)).toBe(0);

    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u).toMatchObject({
      username: `deleted-${m.id}`,
      email: `deleted-${m.id}@deleted.invalid`,
      passwordHash: null,
      firstName: '',
      lastName: '',
      birthDate: '1900-01-01',
      ssoSubject: null,
      blocked: true,
      deletedDate: ctx.clock.now(),
    });
    expect(await ctx.deps.db.select().from(profiles).where(eq(profiles.userId, m.id))).toEqual([]);
    expect(await ctx.deps.db.select().from(images).where(eq(images.id, avatar._id))).toEqual([]);
    for (const f of files) expect(fs.existsSync(f), f).toBe(false);
    const left = await ctx.deps.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(left.map((x) => [x.senderType, x.message, x.attachmentId])).toEqual([['profile', REMOVED_MESSAGE, null]]);
    expect(await ctx.deps.db.select().from(savedCards).where(eq(savedCards.userId, m.id))).toEqual([]);
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id))).toEqual([]);
    expect(await ctx.deps.db.select().from(authSessions).where(eq(authSessions.userId, m.id))).toEqual([]);
    // Accounting: the order with its amounts and date, the ledger as it was, its owner the anonymised row.
    const [kept] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: m.id, totalCents: 1999, vatCents: 319, currency: 'USD', country: 'US', invoiceId: order.invoiceId, createDate: order.createDate });
    const ledgerAfter = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(ledgerAfter).toEqual(ledgerBefore);
    await expectLedgerBalanced(ctx.deps.db, m.id);
    const [conv] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conv).toMatchObject({ stock: null, claimAgentId: null });

    // Nobody signs in as it: not by the old name, not by the anonymised one.
    expect((await signIn(m.username)).status).toBe(401);
    expect((await signIn(`deleted-${m.id}@deleted.invalid`)).status).toBe(401);
  });
});
