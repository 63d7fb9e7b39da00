import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@sync/contract/payments';
import { creditLedger, orders, subscriptions, transactions } from '../../db/schema/index.js';
import type { MemberFixture } from '../../test/fixtures.js';
import { sendCharge } from './orders.js';
import { call, createOrder, paymentsSuite, sandbox, tokenize } from './test-helpers.js';

const suite = paymentsSuite();
const { member } = suite;

const userState = async (m: MemberFixture) => (await call(suite.ctx, 'GET', `/api/user/${m.id}`, m.headers)).body;
const orderOf = async (m: MemberFixture, id: string) => (await call(suite.ctx, 'GET', `/api/order/${id}`, m.headers)).body;

async function createdOrders(m: MemberFixture, productIds: string[]): Promise<string[]> {
  const created = await Promise.all(productIds.map((p) => createOrder(suite.ctx, m, p)));
  for (const res of created) expect(res.status, JSON.stringify(res.body)).toBe(201);
  return created.map((res) => res.body._id as string);
}

/** Pays every order at once, each with its own token of `card`. */
async function payAll(m: MemberFixture, ids: string[], card: string = SANDBOX_CARDS.success) {
  const tokens = await Promise.all(ids.map(() => tokenize(suite.ctx, card)));
  return Promise.all(ids.map((id, i) => call(suite.ctx, 'PATCH', `/api/order/${id}`, m.headers, { paymentToken: tokens[i], saveCard: false })));
}

/**
 * A pending charge recorded without the payment-time check (as an API process from before it would have) and sent
 * to the processor with the extra-confirmation card, so it waits until approved: only the confirmation-time check
 * stands between two such charges.
 */
async function uncheckedPendingCharge(orderId: string) {
  const [order] = await suite.ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
  const now = suite.ctx.clock.now();
  const idempotencyKey = `order:${orderId}:attempt:0001`;
  const [txn] = await suite.ctx.deps.db
    .insert(transactions)
    .values({ orderId, kind: 'purchase', status: 'pending', amountCents: order!.totalCents, currency: order!.currency, idempotencyKey, createDate: now, updateDate: now })
    .returning();
  await suite.ctx.deps.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, orderId));
  const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
  await sendCharge(suite.ctx.deps, { transactionId: txn!.id, idempotencyKey, token, amountCents: order!.totalCents, currency: order!.currency, description: 'test' });
  const [sent] = await suite.ctx.deps.db.select().from(transactions).where(eq(transactions.id, txn!.id));
  return sent!.providerRef!;
}

/** Approves every waiting charge at once: their confirmations reach the API together. */
async function approveAll(refs: string[]) {
  for (const ref of refs) expect(sandbox(suite.ctx).decide(ref, true)).toBe('/');
  await sandbox(suite.ctx).idle();
}

describe('a first-purchase-only package', () => {
  it('three orders made before paying, paid at once: one is charged at the promotion price, the others are refused before any charge', async () => {
    const m = await member();
    const ids = await createdOrders(m, [suite.catalogue.starter, suite.catalogue.starter, suite.catalogue.starter]);
    const answers = await payAll(m, ids);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error).toEqual({ code: 'payment-in-progress', message: 'Another payment of yours is still being confirmed. Please wait until it has gone through, then try again.' });
    }
    await sandbox(suite.ctx).idle();

    const states = await Promise.all(ids.map((id) => orderOf(m, id)));
    expect(states.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(states.filter((o) => o.status === 'created' && o.lastTransaction === null)).toHaveLength(2);
    expect((await userState(m)).credits).toBe(20);
    const purchases = await suite.ctx.deps.db.select().from(creditLedger).where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'purchase')));
    expect(purchases).toHaveLength(1);
    const charges = await suite.ctx.deps.db.select().from(transactions).innerJoin(orders, eq(orders.id, transactions.orderId)).where(eq(orders.userId, m.id));
    expect(charges).toHaveLength(1);

    // Once it went through, the losers stay refused: the offer was for the first purchase.
    const again = await payAll(m, ids.filter((id) => states.find((o) => o._id === id)!.status === 'created'));
    expect(again.map((a) => a.body.error.code)).toEqual(['first-purchase-only', 'first-purchase-only']);
  });

  it('while the offer is being paid, another package waits: its success would end the offer', async () => {
    const m = await member();
    const [starter, plain] = await createdOrders(m, [suite.catalogue.starter, suite.catalogue.credits10]);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
    expect((await call(suite.ctx, 'PATCH', `/api/order/${starter}`, m.headers, { paymentToken: token, saveCard: false })).status).toBe(200);
    const [blocked] = await payAll(m, [plain!]);
    expect(blocked).toMatchObject({ status: 409, body: { error: { code: 'payment-in-progress' } } });
    expect((await orderOf(m, plain!)).status).toBe('created');
  });

  it('two charges that reached the processor unchecked, confirmed at once: one is fulfilled, the other refunded in full with nothing granted', async () => {
    const m = await member();
    const ids = await createdOrders(m, [suite.catalogue.starter, suite.catalogue.starter]);
    const refs = await Promise.all(ids.map(uncheckedPendingCharge));
    await approveAll(refs);

    const states = await Promise.all(ids.map((id) => orderOf(m, id)));
    const winner = states.find((o) => o.status === 'paid');
    const loser = states.find((o) => o.status === 'failed');
    expect(winner).toMatchObject({ lastTransaction: { status: 'success', failure: null } });
    expect(loser).toMatchObject({ invoiceId: null, lastTransaction: { status: 'failed', failure: 'refunded', amount: 4.99 } });
    expect((await userState(m)).credits).toBe(20);
    const loserRef = refs[ids.indexOf(loser._id)]!;
    expect(sandbox(suite.ctx).refundsOf(loserRef)).toEqual([{ providerRef: loserRef, idempotencyKey: `refund:order:${loser._id}:attempt:0001`, amountCents: 499, currency: 'USD' }]);
    expect(sandbox(suite.ctx).refundsOf(refs[ids.indexOf(winner._id)]!)).toEqual([]);

    // The processor delivers the loser's webhook again: nothing changes, no second refund.
    await sandbox(suite.ctx).redeliver(loserRef);
    expect(sandbox(suite.ctx).refundsOf(loserRef)).toHaveLength(1);
    expect((await userState(m)).credits).toBe(20);
  });
});

describe('one VIP membership at a time', () => {
  it('two membership orders made before paying, paid at once: one membership, the other refused before any charge', async () => {
    const m = await member();
    const ids = await createdOrders(m, [suite.catalogue.vipMonthly, suite.catalogue.vipQuarterly]);
    const answers = await payAll(m, ids);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await sandbox(suite.ctx).idle();
    const subs = await suite.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(subs).toHaveLength(1);
    const unpaid = (await Promise.all(ids.map((id) => orderOf(m, id)))).find((o) => o.status === 'created');
    const again = await payAll(m, [unpaid._id]);
    expect(again[0]!.body.error).toEqual({ code: 'membership-active', message: 'You already have an active VIP membership.' });
  });

  it('two membership charges that reached the processor unchecked, confirmed at once: one membership, the other refunded', async () => {
    const m = await member();
    const ids = await createdOrders(m, [suite.catalogue.vipMonthly, suite.catalogue.vipMonthly]);
    const refs = await Promise.all(ids.map(uncheckedPendingCharge));
    await approveAll(refs);
    const states = await Promise.all(ids.map((id) => orderOf(m, id)));
    expect(states.map((o) => o.status).sort()).toEqual(['failed', 'paid']);
    expect(states.find((o) => o.status === 'failed').lastTransaction.failure).toBe('refunded');
    const subs = await suite.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(subs).toHaveLength(1);
    const state = await userState(m);
    expect(state.isPremium).toBe(true);
    expect(state.credits).toBe(20);
  });
});
