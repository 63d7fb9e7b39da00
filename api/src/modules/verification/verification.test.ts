import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, creditLedger } from '../../db/schema/index.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';
import { call, createOrder, createTestProducts, type TestProducts } from '../payments/test-helpers.js';

let ctx: TestContext;
let catalogue: TestProducts;

beforeAll(async () => {
  ctx = await createTestContext({ PAYMENT_SANDBOX_DELAY_MS: '5' });
  catalogue = await createTestProducts(ctx);
});
afterAll(() => ctx?.close());

const setBrandRequires = (on: boolean) => ctx.deps.db.update(brands).set({ ageVerificationRequired: on }).where(eq(brands.id, ctx.brand.id));
const userState = async (m: MemberFixture) => (await call(ctx, 'GET', `/api/user/${m.id}`, m.headers)).body;

async function start(m: MemberFixture, body = { callbackUrl: '/?verify-age=true', cancelUrl: '/' }) {
  return call(ctx, 'POST', `/api/user/${m.id}/age-verification`, m.headers, body);
}

/** The member's browser on the provider's page: opens it, presses a button, follows nothing. */
async function answer(redirectUrl: string, decision: 'approve' | 'decline' | 'cancel') {
  const page = await ctx.app.request(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`value="${decision}"`);
  return ctx.app.request(redirectUrl, { method: 'POST', body: new URLSearchParams({ decision }) });
}

describe('age verification round trip through the sandbox page', () => {
  it('approve: back to the site root with verify-age=true, result true, and gated actions open', async () => {
    await setBrandRequires(true);
    try {
      const m = await createMemberWithCredits(ctx, 2);
      const profile = await createFictive(ctx);
      const before = await userState(m);
      expect(before).toMatchObject({ ageVerificationApplicable: true, ageVerification: { result: null, status: 'none' } });

      // Gated while unverified: buying and sending, refused with no change.
      const order = await createOrder(ctx, m, catalogue.credits10);
      expect(order).toMatchObject({ status: 403, body: { error: { code: 'age-verification-required', message: 'Please verify your age to continue.' } } });
      const send = await call(ctx, 'POST', `/api/conversation/${profile.id}`, m.headers, { messageType: 'text', message: 'Hello' });
      expect(send).toMatchObject({ status: 403, body: { error: { code: 'age-verification-required' } } });
      expect((await userState(m)).credits).toBe(2);

      const started = await start(m);
      expect(started.status).toBe(200);
      expect(started.body.redirectUrl).toMatch(/^\/api\/sandbox\/age-verification\/av_sbx_/);
      expect((await userState(m)).ageVerification).toMatchObject({ status: 'pending', result: null });

      const back = await answer(started.body.redirectUrl, 'approve');
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe('http://localhost/?verify-age=true');
      const after = await userState(m);
      expect(after.ageVerification).toMatchObject({ status: 'approved', result: true, completedAt: expect.any(String) });

      expect((await createOrder(ctx, m, catalogue.credits10)).status).toBe(201);
      expect((await call(ctx, 'POST', `/api/conversation/${profile.id}`, m.headers, { messageType: 'text', message: 'Hello' })).status).toBe(201);
      expect((await userState(m)).credits).toBe(1);
      // The page answers once.
      expect((await ctx.app.request(started.body.redirectUrl)).status).toBe(404);
      await expectLedgerBalanced(ctx.deps.db, m.id);
      const ledger = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
      expect(ledger.map((l) => l.reason).sort()).toEqual(['admin', 'message']);
    } finally {
      await setBrandRequires(false);
    }
  });

  it('decline stores result false; cancel goes to cancelUrl and keeps the result', async () => {
    const m = await createMember(ctx, { ageVerificationApplicable: true });
    const declined = await start(m);
    expect((await answer(declined.body.redirectUrl, 'decline')).headers.get('location')).toBe('http://localhost/?verify-age=true');
    expect((await userState(m)).ageVerification).toMatchObject({ status: 'declined', result: false });
    expect((await createOrder(ctx, m, catalogue.credits10)).status).toBe(403);

    const cancelled = await start(m, { callbackUrl: 'http://localhost/?verify-age=true', cancelUrl: '/settings' });
    const back = await answer(cancelled.body.redirectUrl, 'cancel');
    expect(back.headers.get('location')).toBe('http://localhost/settings');
    expect((await userState(m)).ageVerification).toMatchObject({ status: 'cancelled', result: false });
  });

  it('not applicable: the member is verified without any step', async () => {
    const m = await createMember(ctx);
    expect(await userState(m)).toMatchObject({ ageVerificationApplicable: false });
    expect((await createOrder(ctx, m, catalogue.credits10)).status).toBe(201);
  });

  it('refuses return addresses on other sites, bad bodies and other members, changing nothing', async () => {
    const m = await createMember(ctx);
    for (const callbackUrl of ['https://evil.test/?verify-age=true', '//evil.test/', '/\\evil.test', 'javascript:alert(1)']) {
      const res = await start(m, { callbackUrl, cancelUrl: '/' });
      expect(res.status, callbackUrl).toBe(400);
      expect(res.body.error.code).toBe('invalid-redirect');
      expect(res.body.error.fields.callbackUrl).toBe('The return address must be on this site.');
    }
    expect((await call(ctx, 'POST', `/api/user/${m.id}/age-verification`, m.headers, { callbackUrl: '/' })).status).toBe(400);
    const other = await createMember(ctx);
    expect((await start(other, { callbackUrl: '/', cancelUrl: '/' })).status).toBe(200);
    expect((await call(ctx, 'POST', `/api/user/${other.id}/age-verification`, m.headers, { callbackUrl: '/', cancelUrl: '/' })).status).toBe(403);
    expect((await userState(m)).ageVerification.status).toBe('none');
    expect((await ctx.app.request('/api/sandbox/age-verification/av_sbx_unknown')).status).toBe(404);
  });
});

describe('PATCH /api/user/{id}/is-doi', () => {
  it('sets isDOI (empty body means true), answers the user state, only for the member themself', async () => {
    const m = await createMember(ctx);
    expect((await userState(m)).isDOI).toBe(false);
    const res = await ctx.app.request(`/api/user/${m.id}/is-doi`, { method: 'PATCH', headers: m.headers });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { isDOI: boolean }).isDOI).toBe(true);
    expect((await call(ctx, 'PATCH', `/api/user/${m.id}/is-doi`, m.headers, { isDOI: false })).body.isDOI).toBe(false);
    expect((await call(ctx, 'PATCH', `/api/user/${m.id}/is-doi`, m.headers, { isDOI: 'yes' })).status).toBe(400);
    const other = await createMember(ctx);
    expect((await call(ctx, 'PATCH', `/api/user/${m.id}/is-doi`, other.headers, {})).status).toBe(403);
  });
});
