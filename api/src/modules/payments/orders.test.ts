import { and, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@sync/contract/payments';
import { creditLedger, orders, savedCards, transactions, users } from '../../db/schema/index.js';
import { type MemberFixture } from '../../test/fixtures.js';
import { confirmCharge } from './confirm.js';
import { settleStaleCharges } from './jobs.js';
import { prepareCharge } from './orders.js';
import { call, checkout, createOrder, paymentsSuite, sandbox, tokenize } from './test-helpers.js';

const suite = paymentsSuite();
const { member, fresh } = suite;

/** Raw SQL rows on either engine (PGlite answers { rows }, node-postgres too; some drivers a bare array). */
async function rowsOf<T = unknown>(query: SQL): Promise<T[]> {
  const result: unknown = await suite.ctx.deps.db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}


const userState = async (m: MemberFixture) => (await call(suite.ctx, 'GET', `/api/user/${m.id}`, m.headers)).body;

describe('each sandbox test card', () => {
  it('4242 4242 4242 4242 succeeds: credits through the ledger (purchase), invoice, promotion over, transaction listed', async () => {
    const m = await member();
    const order = await checkout(suite.ctx, m, suite.catalogue.credits10, '4242 4242 4242 4242');
    expect(order).toMatchObject({ status: 'paid', total: 9.99, currency: 'USD', lastTransaction: { status: 'success', failure: null, amount: 9.99 } });
    expect(order.invoiceId).toMatch(/^INV-/);
    const ledger = await suite.ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(ledger).toMatchObject([{ delta: 10, reason: 'purchase', transactionId: order.lastTransaction!._id }]);
    const state = await userState(m);
    expect(state.credits).toBe(10);
    expect(state.promotions.firstPurchasePromotion).toBe(false);
    expect(state.transactions).toMatchObject([{ _id: order.lastTransaction!._id, status: 'success', kind: 'purchase', amount: 9.99, orderId: order._id }]);
    expect(state.isPremium).toBe(false);
  });

  it('4000 0000 0000 0002 is a bank decline: nothing granted, and the order can be paid with another card', async () => {
    const m = await member();
    const failed = await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.bankDecline);
    expect(failed).toMatchObject({ status: 'failed', invoiceId: null, lastTransaction: { status: 'failed', failure: 'bank' } });
    expect((await userState(m)).credits).toBe(0);

    const token = await tokenize(suite.ctx, SANDBOX_CARDS.success);
    const again = await call(suite.ctx, 'PATCH', `/api/order/${failed._id}`, m.headers, { paymentToken: token, saveCard: false });
    expect(again.body.lastTransaction).toMatchObject({ status: 'pending' });
    expect(again.body.lastTransaction._id).not.toBe(failed.lastTransaction!._id);
    await sandbox(suite.ctx).idle();
    const paid = (await call(suite.ctx, 'GET', `/api/order/${failed._id}`, m.headers)).body;
    expect(paid).toMatchObject({ status: 'paid', lastTransaction: { status: 'success' } });
    expect((await userState(m)).credits).toBe(10);
  });

  it('4000 0000 0000 0119 is a processing (system) error', async () => {
    const m = await member();
    const order = await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.systemError);
    expect(order).toMatchObject({ status: 'failed', lastTransaction: { status: 'failed', failure: 'system' } });
    expect((await userState(m)).credits).toBe(0);
  });

  it('4000 0027 6000 3184 waits on the processor page; approving there pays the order and returns to returnUrl', async () => {
    const m = await member();
    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
    const paid = await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: token, saveCard: false, returnUrl: '/upgrade?order=1' });
    expect(paid.body.lastTransaction).toMatchObject({ status: 'pending', requiresAction: true });
    const actionUrl = paid.body.lastTransaction.actionUrl as string;
    expect(actionUrl).toMatch(/^\/api\/sandbox\/payments\/action\//);

    await sandbox(suite.ctx).idle();
    expect((await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, m.headers)).body).toMatchObject({ status: 'pending', lastTransaction: { status: 'pending', actionUrl } });

    const pageRes = await suite.ctx.app.request(actionUrl);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain('9.99 USD');
    expect(html).toContain('value="approve"');

    const decided = await suite.ctx.app.request(actionUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe('/upgrade?order=1');
    await sandbox(suite.ctx).idle();
    const order = (await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, m.headers)).body;
    expect(order).toMatchObject({ status: 'paid', lastTransaction: { status: 'success', requiresAction: false, actionUrl: null } });
    expect((await userState(m)).credits).toBe(10);
    // The page is answered once.
    expect((await suite.ctx.app.request(actionUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })).status).toBe(404);
  });

  it('4000 0027 6000 3184 declined on the processor page is a bank failure', async () => {
    const m = await member();
    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
    const paid = await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: token, saveCard: false });
    const decided = await suite.ctx.app.request(paid.body.lastTransaction.actionUrl, { method: 'POST', body: new URLSearchParams({ decision: 'decline' }) });
    expect(decided.headers.get('location')).toBe('/');
    await sandbox(suite.ctx).idle();
    expect((await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, m.headers)).body.lastTransaction).toMatchObject({ status: 'failed', failure: 'bank' });
  });

  it('tokenize refuses bad card data with the documented messages and stores nothing', async () => {
    const res = await call(suite.ctx, 'POST', '/api/sandbox/payments/tokenize', {}, { cardNumber: '4242424242424241', expMonth: 12, expYear: 2020, cvv: '1', cardholder: 'X', zip: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      cardNumber: 'Credit card is not valid',
      cvv: 'The CVV must be a 3 or 4 digit number',
      zip: 'Invalid zip code',
    });
  });
});

describe('exactly once', () => {
  it('a duplicated confirmation (redelivered webhook, and two at once) grants the credits once', async () => {
    const m = await member();
    const order = await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.success);
    const [txn] = await suite.ctx.deps.db.select().from(transactions).where(eq(transactions.id, order.lastTransaction!._id));
    await sandbox(suite.ctx).redeliver(txn!.providerRef!);
    const result = { providerRef: txn!.providerRef!, idempotencyKey: txn!.idempotencyKey, status: 'success' as const };
    const twice = await Promise.all([confirmCharge(suite.ctx.deps, result), confirmCharge(suite.ctx.deps, result)]);
    expect(twice.map((o) => o.applied)).toEqual([false, false]);
    expect((await userState(m)).credits).toBe(10);

    // Two confirmations racing for a charge that is still pending: one applies, one finds it done.
    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction); // stays pending until the page answers
    await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: token, saveCard: false });
    const [pending] = await suite.ctx.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, created.body._id), eq(transactions.status, 'pending')));
    const race = { providerRef: pending!.providerRef!, idempotencyKey: pending!.idempotencyKey, status: 'success' as const };
    const raced = await Promise.all([confirmCharge(suite.ctx.deps, race), confirmCharge(suite.ctx.deps, race), confirmCharge(suite.ctx.deps, race)]);
    expect(raced.filter((o) => o.applied)).toHaveLength(1);
    expect((await userState(m)).credits).toBe(20);
    const purchases = await suite.ctx.deps.db.select().from(creditLedger).where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'purchase')));
    expect(purchases).toHaveLength(2);
  });

  it('two concurrent PATCHes of one order charge once', async () => {
    const m = await member();
    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const [a, b] = await Promise.all([tokenize(suite.ctx, SANDBOX_CARDS.success), tokenize(suite.ctx, SANDBOX_CARDS.success)]);
    const answers = await Promise.all([
      call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: a, saveCard: false }),
      call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: b, saveCard: false }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('order-not-payable');
    await sandbox(suite.ctx).idle();
    const charges = await suite.ctx.deps.db.select().from(transactions).where(eq(transactions.orderId, created.body._id));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.status).toBe('success');
    expect((await userState(m)).credits).toBe(10);
    // Paid: a third PATCH is refused and changes nothing.
    const third = await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: a, saveCard: false });
    expect(third.status).toBe(409);
  });

  it('the same Idempotency-Key creates one order and answers it again; another body with it is 422', async () => {
    const m = await member();
    const key = { 'Idempotency-Key': `order-${m.id}` };
    const first = await createOrder(suite.ctx, m, suite.catalogue.credits10, key);
    const again = await createOrder(suite.ctx, m, suite.catalogue.credits10, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await createOrder(suite.ctx, m, suite.catalogue.vipMonthly, key);
    expect(other.status).toBe(422);
    const rows = await suite.ctx.deps.db.select().from(orders).where(eq(orders.userId, m.id));
    expect(rows).toHaveLength(1);
  });
});

describe('stale charges', () => {
  it('an unanswered extra confirmation fails after an hour; a charge never sent is sent again on its saved card', async () => {
    const m = await member();
    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
    await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: token, saveCard: false });
    suite.ctx.clock.advance(61 * 60_000);
    await settleStaleCharges(suite.ctx.deps);
    expect((await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, (await fresh(m)).headers)).body.lastTransaction).toMatchObject({ status: 'failed', failure: 'bank' });

    // The API stopped between recording the charge and sending it.
    const second = await createOrder(suite.ctx, await fresh(m), suite.catalogue.credits10);
    const card = await sandbox(suite.ctx).describe(await tokenize(suite.ctx, SANDBOX_CARDS.success));
    const good = await tokenize(suite.ctx, SANDBOX_CARDS.success);
    await suite.ctx.deps.db.transaction((tx) => prepareCharge(tx, m.id, second.body._id, { paymentToken: good, saveCard: true }, card, suite.ctx.clock.now()));
    suite.ctx.clock.advance(6 * 60_000);
    await settleStaleCharges(suite.ctx.deps);
    await sandbox(suite.ctx).idle();
    const order = (await call(suite.ctx, 'GET', `/api/order/${second.body._id}`, (await fresh(m)).headers)).body;
    expect(order).toMatchObject({ status: 'paid', lastTransaction: { status: 'success' } });
    expect((await userState(await fresh(m))).credits).toBe(10);
  });
});

describe('order rules', () => {
  it('a firstPurchaseOnly package is sold before the first purchase and refused after it; postPaymentOnly the other way round', async () => {
    const m = await member();
    const early = await createOrder(suite.ctx, m, suite.catalogue.loyalty);
    expect(early).toMatchObject({ status: 409, body: { error: { code: 'post-payment-only' } } });
    const starter = await checkout(suite.ctx, m, suite.catalogue.starter, SANDBOX_CARDS.success);
    expect(starter.status).toBe('paid');
    const refused = await createOrder(suite.ctx, m, suite.catalogue.starter);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'first-purchase-only', message: 'This offer is only available for your first purchase.' });
    expect((await createOrder(suite.ctx, m, suite.catalogue.loyalty)).status).toBe(201);

    // A failed payment is no purchase: the offer stays.
    const other = await member();
    await checkout(suite.ctx, other, suite.catalogue.credits10, SANDBOX_CARDS.bankDecline);
    expect((await createOrder(suite.ctx, other, suite.catalogue.starter)).status).toBe(201);
  });

  it('refuses unknown products, prices outside the entry, bad bodies and other members’ orders, changing nothing', async () => {
    const m = await member();
    const unknown = await call(suite.ctx, 'POST', '/api/order', m.headers, { currency: 'USD', country: 'US', products: [{ productId: crypto.randomUUID() }] });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'product-not-found' } } });
    const wrongCurrency = await call(suite.ctx, 'POST', '/api/order', m.headers, { currency: 'EUR', country: 'US', products: [{ productId: suite.catalogue.credits10 }] });
    expect(wrongCurrency).toMatchObject({ status: 400, body: { error: { code: 'price-unavailable' } } });
    const noCountry = await call(suite.ctx, 'POST', '/api/order', m.headers, { currency: 'USD', country: 'FR', products: [{ productId: suite.catalogue.credits10 }] });
    expect(noCountry.status).toBe(400);
    const wrongInterval = await call(suite.ctx, 'POST', '/api/order', m.headers, { currency: 'USD', country: 'US', products: [{ productId: suite.catalogue.credits10, days: 30 }] });
    expect(wrongInterval.status).toBe(400);
    const bad = await call(suite.ctx, 'POST', '/api/order', m.headers, { currency: 'usd', products: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^invalid-/);
    expect(await suite.ctx.deps.db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(0);

    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const stranger = await member();
    expect((await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, stranger.headers)).status).toBe(404);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.success);
    expect((await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, stranger.headers, { paymentToken: token, saveCard: false })).status).toBe(404);
    expect((await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: 'tok_forged', saveCard: false })).body.error.code).toBe('invalid-payment-token');
    expect((await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { savedCardId: crypto.randomUUID() })).body.error.code).toBe('card-not-found');
    expect((await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, {})).status).toBe(400);
    expect((await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, m.headers)).body).toMatchObject({ status: 'created', lastTransaction: null });
    expect((await call(suite.ctx, 'GET', '/api/order/not-an-id', m.headers)).status).toBe(404);
  });
});

describe('saved cards', () => {
  it('saveCard keeps brand, last4 and expiry; a saved card pays; removing it answers the cards left; 404 after', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.success, { saveCard: true });
    const cards = (await userState(m)).savedCards;
    expect(cards).toEqual([{ cardId: expect.any(String), last4: '4242', brand: 'visa', expMonth: 12, expYear: new Date().getUTCFullYear() + 1 }]);

    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const paid = await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { savedCardId: cards[0].cardId });
    expect(paid.status).toBe(200);
    await sandbox(suite.ctx).idle();
    expect((await call(suite.ctx, 'GET', `/api/order/${created.body._id}`, m.headers)).body.lastTransaction.status).toBe('success');

    const stranger = await member();
    expect((await call(suite.ctx, 'DELETE', `/api/payment-methods/${cards[0].cardId}`, stranger.headers)).status).toBe(404);
    const removed = await call(suite.ctx, 'DELETE', `/api/payment-methods/${cards[0].cardId}`, m.headers);
    expect(removed).toMatchObject({ status: 200, body: { savedCards: [] } });
    const again = await call(suite.ctx, 'DELETE', `/api/payment-methods/${cards[0].cardId}`, m.headers);
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: 'card-not-found', message: 'This card was not found. It may have been removed already.' });
    expect((await userState(m)).savedCards).toEqual([]);
  });
});

describe('saving a card: only when asked, only after a successful charge, once per card', () => {
  it('an unticked "Save this card" saves nothing; a declined card is not saved; the same card saved twice is one card', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.success, { saveCard: false });
    expect((await userState(m)).savedCards).toEqual([]);

    const declined = await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.bankDecline, { saveCard: true });
    expect(declined.lastTransaction).toMatchObject({ status: 'failed', failure: 'bank' });
    expect((await userState(m)).savedCards).toEqual([]);
    // Nothing of the declined card is left behind either.
    expect(await suite.ctx.deps.db.select().from(savedCards).where(eq(savedCards.userId, m.id))).toEqual([]);

    await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.success, { saveCard: true });
    await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.success, { saveCard: true });
    expect((await userState(m)).savedCards).toEqual([expect.objectContaining({ last4: '4242', brand: 'visa' })]);
  });

  it('a card waiting for its charge is nobody\'s saved card yet', async () => {
    const m = await member();
    const created = await createOrder(suite.ctx, m, suite.catalogue.credits10);
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
    await call(suite.ctx, 'PATCH', `/api/order/${created.body._id}`, m.headers, { paymentToken: token, saveCard: true });
    expect((await userState(m)).savedCards).toEqual([]);
  });
});

describe('card data never reaches the database', () => {
  it('no text or json column of any table holds a test card number after checkouts', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.credits10, '4242 4242 4242 4242', { saveCard: true });
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success);
    await checkout(suite.ctx, m, suite.catalogue.credits10, SANDBOX_CARDS.bankDecline, { saveCard: true });
    const rows = await rowsOf<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`);
    expect(rows.length).toBeGreaterThan(20);
    const pans = [SANDBOX_CARDS.success, SANDBOX_CARDS.bankDecline, '4242 4242 4242 4242'];
    const hits: string[] = [];
    for (const { table_name, column_name } of rows) {
      for (const pan of pans) {
        const found = await rowsOf(sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like ${`%${pan}%`} limit 1`);
        if (found.length > 0) hits.push(`${table_name}.${column_name}`);
      }
    }
    expect(hits).toEqual([]);
    // The check itself works: the last four digits are stored.
    const [u] = await suite.ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.id, m.id));
    expect(u).toBeDefined();
    expect(await rowsOf(sql`select 1 from saved_cards where last4 = '4242'`)).not.toHaveLength(0);
  });
});

describe('Apple Pay', () => {
  it('answers a merchant session for an Apple validation URL and 400 for any other', async () => {
    const m = await member();
    const ok = await call(suite.ctx, 'POST', '/api/payment-session/apple-pay', m.headers, { validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ domainName: 'localhost', displayName: 'Amora Test', merchantSessionIdentifier: expect.any(String), signature: expect.any(String) });
    const evil = await call(suite.ctx, 'POST', '/api/payment-session/apple-pay', m.headers, { validationUrl: 'https://apple-pay-gateway.apple.com.evil.test/x' });
    expect(evil).toMatchObject({ status: 400, body: { error: { code: 'invalid-redirect' } } });
    expect((await call(suite.ctx, 'POST', '/api/payment-session/apple-pay', m.headers, { validationUrl: 'nope' })).status).toBe(400);
    expect((await call(suite.ctx, 'POST', '/api/payment-session/apple-pay', {}, { validationUrl: 'https://apple-pay-gateway.apple.com/x' })).status).toBe(401);
  });
});
