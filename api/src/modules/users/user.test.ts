import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '@sync/contract/entities';
import { creditLedger } from '../../db/schema/index.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { PASSWORD, bearer, createAgent, registerMember, useMemoryMailer } from '../auth/test-helpers.js';

let ctx: TestContext;
// Starting credits are configurable; this file runs with 5 to see the signup ledger row.
beforeAll(async () => {
  ctx = await createTestContext({ SIGNUP_CREDITS: '5' });
  useMemoryMailer(ctx);
});
afterAll(() => ctx.close());

const SPEC_FIELDS = [
  '_id', 'createDate', 'updateDate', 'activityDate', 'firstLoginDate', 'domain', 'emailValidated', 'timezone', 'transactions',
  'username', 'email', 'firstName', 'lastName', 'images', 'credits', 'likes', 'profile', 'subscriptions', 'promotions',
  'isOrganic', 'isPremium', 'isDOI', 'savedCards', 'ccbillTokens', 'ageVerificationApplicable', 'ageVerification',
  // Beyond docs/product.md#data: when /verify may send the next email (its countdown from the first visit).
  'nextVerificationEmailDate',
];

describe('GET /api/user/{id}', () => {
  it("answers the member's own docs/product.md#data user state, without the password", async () => {
    const member = await registerMember(ctx, { birthDate: '1990-01-01' });
    const res = await ctx.app.request(`/api/user/${member.id}`, { headers: bearer(member.token) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    // The sign-up just sent the verification email: the next one waits two minutes.
    expect(Date.parse(body.nextVerificationEmailDate) - Date.parse(body.createDate)).toBe(120_000);
    expect(userSchema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      _id: member.id,
      domain: 'localhost',
      emailValidated: false,
      username: member.username,
      email: member.email.toLowerCase(),
      credits: 5,
      transactions: [],
      images: [],
      subscriptions: [],
      savedCards: [],
      ccbillTokens: [],
      isPremium: false,
      isOrganic: true,
      promotions: { firstPurchasePromotion: true, complete_profile: false },
      ageVerification: { result: null },
      firstLoginDate: ctx.clock.now().toISOString(),
    });
    const age = new Date(ctx.clock.now()).getUTCFullYear() - 1990 - 1;
    expect(body.profile).toMatchObject({
      favourites: [],
      viewed: [],
      location: null,
      settings: { keepLocationPrivate: false, showOnline: true, notifyByEmail: true },
      gender: 'man',
      lookingForGender: 'woman',
      birthDate: '1990-01-01',
    });
    expect(body.profile.settings.lookingForAge.min).toBeGreaterThanOrEqual(Math.max(18, age - 10));
    expect(body.profile.settings.lookingForAge.max).toBeLessThanOrEqual(Math.min(100, age + 6));

    const ledger = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, member.id));
    expect(ledger).toMatchObject([{ delta: 5, reason: 'signup', balanceAfter: 5 }]);
  });

  it("refuses another member's state with 403; an agent reads a member of its scope; unknown ids are 404", async () => {
    const a = await registerMember(ctx);
    const b = await registerMember(ctx);
    const other = await ctx.app.request(`/api/user/${b.id}`, { headers: bearer(a.token) });
    expect(other.status).toBe(403);
    expect((await other.json()).error.code).toBe('forbidden');

    const agent = await createAgent(ctx);
    const login = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: agent.email, password: PASSWORD, type: 'agent' }));
    const token = (await login.json()).access_token;
    expect((await ctx.app.request(`/api/user/${b.id}`, { headers: bearer(token) })).status).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table users;--"]) {
      const res = await ctx.app.request(`/api/user/${encodeURIComponent(id)}`, { headers: bearer(token) });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not-found');
    }
  });
});
