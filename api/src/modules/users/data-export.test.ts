import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, orders, savedCards } from '../../db/schema/index.js';
import { createFictive, createMember } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/user/{id}/export', () => {
  it('answers the member’s account, conversations with messages and orders as a JSON attachment', async () => {
    const m = await createMember(ctx);
    const profile = await createFictive(ctx, { username: 'export_anna' });
    const now = ctx.clock.now();
    const [c] = await ctx.deps.db.insert(conversations).values({ brandId: ctx.brand.id, userId: m.id, profileId: profile.id, createDate: now, updateDate: now }).returning();
    await ctx.deps.db.insert(messages).values([
      { conversationId: c!.id, senderType: 'user', messageType: 'text', message: 'Hi Anna', dateSent: now },
      { conversationId: c!.id, senderType: 'profile', messageType: 'text', message: 'Hello! Call me at 555 123 4567', dateSent: new Date(now.getTime() + 1000) },
    ]);
    await ctx.deps.db.insert(orders).values({
      userId: m.id,
      brandId: ctx.brand.id,
      currency: 'USD',
      country: 'US',
      products: [{ productId: profile.id, sku: 'credits-10', name: 'Amora', price: 9.99, credits: 10, days: 0 }],
      totalCents: 999,
      status: 'paid',
      createDate: now,
      updateDate: now,
    });
    await ctx.deps.db.insert(savedCards).values({ userId: m.id, providerToken: 'tok_secret_value', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, createDate: now });

    const res = await ctx.app.request(`/api/user/${m.id}/export`, jsonRequest('GET', undefined, m.headers));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const raw = await res.text();
    expect(raw).not.toContain('tok_secret_value');
    const data = JSON.parse(raw);
    expect(data.account).toMatchObject({ _id: m.id, username: m.username, savedCards: [expect.objectContaining({ last4: '4242' })] });
    expect(data.conversations).toEqual([
      {
        _id: c!.id,
        profile: 'export_anna',
        createDate: now.toISOString(),
        messages: [
          expect.objectContaining({ from: 'me', message: 'Hi Anna' }),
          // As the member reads it: contacts masked (docs/api.md#messaging).
          expect.objectContaining({ from: 'profile', message: expect.not.stringContaining('555 123 4567') }),
        ],
      },
    ]);
    expect(data.orders).toEqual([expect.objectContaining({ status: 'paid', total: 9.99, currency: 'USD' })]);
  });

  it('refuses another member’s data and a visitor', async () => {
    const m = await createMember(ctx);
    const other = await createMember(ctx);
    const res = await ctx.app.request(`/api/user/${other.id}/export`, jsonRequest('GET', undefined, m.headers));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('forbidden');
    expect((await ctx.app.request(`/api/user/${m.id}/export`)).status).toBe(401);
  });
});
