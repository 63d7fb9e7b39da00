import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@sync/contract/payments';
import { creditLedger, savedCards, subscriptions, transactions } from '../../db/schema/index.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import type { SocketLike } from '../../realtime/hub.js';
import { grantComplimentaryCredits, renewMemberships } from './jobs.js';
import { call, checkout, createOrder, paymentsSuite, sandbox, tokenize } from './test-helpers.js';

const DAY = 86_400_000;
const suite = paymentsSuite();
const { member, fresh } = suite;

/** The fake clock moves by weeks here, past the access token's life: each read signs in afresh. */
const userState = async (m: MemberFixture) => (await call(suite.ctx, 'GET', `/api/user/${m.id}`, (await fresh(m)).headers)).body;

/** A socket in the member's room, as the websocket route joins it. */
function listen(userId: string) {
  const frames: { event: string; payload?: Record<string, unknown> }[] = [];
  const socket: SocketLike = { send: (data) => frames.push(JSON.parse(data)), close: () => undefined };
  suite.ctx.deps.realtime.join(socket, [`user:${userId}`]);
  return {
    async next(event: string, where: (f: (typeof frames)[number]) => boolean = () => true) {
      for (let i = 0; i < 100; i++) {
        const found = frames.find((f) => f.event === event && where(f));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${event} frame`);
    },
    stop: () => suite.ctx.deps.realtime.leave(socket),
  };
}

async function runRenewals() {
  const n = await renewMemberships(suite.ctx.deps);
  await sandbox(suite.ctx).idle();
  return n;
}

/** Mails the memory or dev mailbox kept for `to`. */
async function mailsTo(to: string) {
  const all = (await suite.ctx.deps.providers.mail.list?.()) ?? [];
  return all.filter((m) => m.to === to);
}

describe('VIP membership', () => {
  it('a purchase makes the member premium with an active subscription and grants the monthly credits at once', async () => {
    const m = await member();
    const profile = await createFictive(suite.ctx);
    const locked = await call(suite.ctx, 'PATCH', `/api/user/${m.id}`, m.headers, { favourite: profile.id });
    expect(locked).toMatchObject({ status: 402, body: { error: { code: 'premium-required' } } });
    const order = await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: true });
    expect(order).toMatchObject({ status: 'paid', products: [{ days: 30, credits: 20 }] });
    const state = await userState(m);
    expect(state.isPremium).toBe(true);
    expect(state.credits).toBe(20);
    const start = suite.ctx.clock.now().getTime();
    expect(state.subscriptions).toEqual([
      expect.objectContaining({
        active: true,
        sku: 'vip-monthly',
        intervalDays: 30,
        amount: 29.99,
        currency: 'USD',
        monthlyCredits: 20,
        currentPeriodEnd: new Date(start + 30 * DAY).toISOString(),
        nextChargeDate: new Date(start + 30 * DAY).toISOString(),
        cancelDate: null,
      }),
    ]);
    // The card the member saved is the one renewals charge.
    expect(state.savedCards).toHaveLength(1);
    const ledger = await suite.ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(ledger).toMatchObject([{ delta: 20, reason: 'complimentary' }]);
    // Premium unlocks favourites.
    expect((await call(suite.ctx, 'PATCH', `/api/user/${m.id}`, m.headers, { favourite: profile.id })).status).toBe(200);
    // A second membership while this one renews is refused.
    expect((await createOrder(suite.ctx, m, suite.catalogue.vipQuarterly)).body.error.code).toBe('membership-active');
  });

  it('paid with a card not saved: nothing is kept and the membership does not renew, it runs to the end of its period', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: false });
    const state = await userState(m);
    expect(state.isPremium).toBe(true);
    expect(state.savedCards).toEqual([]);
    expect(state.subscriptions).toEqual([expect.objectContaining({ active: true, nextChargeDate: null, cancelDate: expect.any(String) })]);
  });

  it('after 30 days on the fake clock the renewal charges the saved token and grants the next credits', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: true });
    const [sub] = await suite.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    const [card] = await suite.ctx.deps.db.select().from(savedCards).where(eq(savedCards.id, sub!.savedCardId!));

    const renewalsOfCard = async () =>
      (await suite.ctx.deps.db.select().from(transactions).where(and(eq(transactions.kind, 'renewal'), eq(transactions.savedCardId, card!.id)))).length;
    suite.ctx.clock.advance(29 * DAY);
    await runRenewals();
    expect(await renewalsOfCard()).toBe(0);

    suite.ctx.clock.advance(DAY);
    expect(await runRenewals()).toBeGreaterThanOrEqual(1);
    const renewal = await suite.ctx.deps.db.select().from(transactions).where(eq(transactions.kind, 'renewal'));
    const mine = renewal.filter((t) => t.savedCardId === card!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'success', amountCents: 2999, idempotencyKey: `renewal:${sub!.id}:${sub!.currentPeriodEnd.toISOString()}` });

    const state = await userState(m);
    expect(state.isPremium).toBe(true);
    expect(state.credits).toBe(40);
    expect(state.subscriptions[0]).toMatchObject({ active: true, currentPeriodEnd: new Date(sub!.currentPeriodEnd.getTime() + 30 * DAY).toISOString() });
    expect(state.transactions[0]).toMatchObject({ kind: 'renewal', status: 'success', amount: 29.99 });

    // Another pass in the same period charges nothing more.
    await runRenewals();
    await grantComplimentaryCredits(suite.ctx.deps);
    expect(await renewalsOfCard()).toBe(1);
    expect((await userState(m)).credits).toBe(40);
  });

  it('a longer membership grants its credits every 30 days through the job', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipQuarterly, SANDBOX_CARDS.success, { saveCard: true });
    expect((await userState(m)).credits).toBe(25);
    suite.ctx.clock.advance(30 * DAY);
    await grantComplimentaryCredits(suite.ctx.deps);
    expect((await userState(m)).credits).toBe(50);
    await grantComplimentaryCredits(suite.ctx.deps);
    expect((await userState(m)).credits).toBe(50);
    suite.ctx.clock.advance(30 * DAY);
    await grantComplimentaryCredits(suite.ctx.deps);
    expect((await userState(m)).credits).toBe(75);
    // Day 90 is the period end: the credits wait for the renewal, which grants them.
    suite.ctx.clock.advance(30 * DAY);
    await grantComplimentaryCredits(suite.ctx.deps);
    expect((await userState(m)).credits).toBe(75);
    await runRenewals();
    expect((await userState(m)).credits).toBe(100);
  });

  it('a failed renewal lapses premium, mails the member and ends the subscription', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: true });
    const [sub] = await suite.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    // The card on file stops working (as when the bank blocks it): its token now declines.
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.bankDecline);
    await suite.ctx.deps.db.update(savedCards).set({ providerToken: token }).where(eq(savedCards.id, sub!.savedCardId!));

    suite.ctx.clock.advance(30 * DAY);
    const socket = listen(m.id);
    await runRenewals();
    // Told live: the open tabs drop the premium badge.
    const frame = await socket.next('userUpdate', (f) => f.payload?.isPremium === false);
    expect(frame.payload).toMatchObject({ isPremium: false, subscriptions: [{ active: false, endReason: 'renewal-failed' }] });
    socket.stop();
    const state = await userState(m);
    expect(state.isPremium).toBe(false);
    expect(state.subscriptions[0]).toMatchObject({ active: false, endReason: 'renewal-failed', nextChargeDate: null });
    expect(state.transactions[0]).toMatchObject({ kind: 'renewal', status: 'failed', failure: 'bank' });
    expect(state.credits).toBe(20);
    const [mail] = await mailsTo(`${m.username}@example.com`);
    expect(mail?.subject).toMatch(/VIP membership has ended/);
    // A new membership can be bought after the lapse.
    expect((await createOrder(suite.ctx, await fresh(m), suite.catalogue.vipMonthly)).status).toBe(201);
  });

  it('a renewal needing the member’s confirmation cannot happen off session: it fails', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: true });
    const [sub] = await suite.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    const token = await tokenize(suite.ctx, SANDBOX_CARDS.requiresAction);
    await suite.ctx.deps.db.update(savedCards).set({ providerToken: token }).where(eq(savedCards.id, sub!.savedCardId!));
    suite.ctx.clock.advance(30 * DAY);
    await runRenewals();
    expect((await userState(m)).isPremium).toBe(false);
  });

  it('buying again while a cancelled membership still runs is refused: one membership at a time', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: true });
    const before = (await userState(m)).subscriptions[0];
    await call(suite.ctx, 'DELETE', `/api/subscription/${before._id}`, (await fresh(m)).headers);
    const refused = await createOrder(suite.ctx, await fresh(m), suite.catalogue.vipQuarterly);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'membership-active' } } });
    const state = await userState(m);
    expect(state.subscriptions).toHaveLength(1);
    expect(state.subscriptions[0]).toMatchObject({ _id: before._id, active: true, sku: 'vip-monthly', nextChargeDate: null });
  });

  it('cancel keeps it active until the period ends, then it ends without a charge; the card can then be removed', async () => {
    const m = await member();
    await checkout(suite.ctx, m, suite.catalogue.vipMonthly, SANDBOX_CARDS.success, { saveCard: true });
    const state = await userState(m);
    const subId = state.subscriptions[0]._id as string;
    const cardId = state.savedCards[0].cardId as string;
    expect((await call(suite.ctx, 'DELETE', `/api/payment-methods/${cardId}`, m.headers)).body.error.code).toBe('card-in-use');

    const stranger = await member();
    expect((await call(suite.ctx, 'DELETE', `/api/subscription/${subId}`, stranger.headers)).status).toBe(404);
    const cancelled = await call(suite.ctx, 'DELETE', `/api/subscription/${subId}`, m.headers);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ _id: subId, active: true, nextChargeDate: null, cancelDate: suite.ctx.clock.now().toISOString() });
    const again = await call(suite.ctx, 'DELETE', `/api/subscription/${subId}`, m.headers);
    expect(again.body.cancelDate).toBe(cancelled.body.cancelDate);

    suite.ctx.clock.advance(10 * DAY);
    await runRenewals();
    expect((await userState(m)).isPremium).toBe(true);

    suite.ctx.clock.advance(20 * DAY);
    await runRenewals();
    const after = await userState(m);
    expect(after.isPremium).toBe(false);
    expect(after.subscriptions[0]).toMatchObject({ active: false, endReason: 'cancelled' });
    const renewals = await suite.ctx.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, 'renewal'), eq(transactions.savedCardId, cardId)));
    expect(renewals).toHaveLength(0);
    const later = await fresh(m);
    expect((await call(suite.ctx, 'DELETE', `/api/subscription/${subId}`, later.headers)).body.error.code).toBe('membership-ended');
    expect((await call(suite.ctx, 'DELETE', `/api/payment-methods/${cardId}`, later.headers)).status).toBe(200);
  });
});
