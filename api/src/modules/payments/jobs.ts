import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { orders, products, savedCards, subscriptions, transactions, users } from '../../db/schema/index.js';
import type { Job } from '../../jobs/scheduler.js';
import { endMembership, grantDueCredits } from './memberships.js';
import { confirmCharge } from './confirm.js';
import { publishUserUpdate } from '../users/user-update.js';
import { mailMembershipEnded } from './notify.js';
import { sendCharge } from './orders.js';

const BATCH = 50;

/**
 * Complimentary credits of live memberships that fell due (every 30 days). Rows are taken with
 * FOR UPDATE SKIP LOCKED and the due date moves forward in the same transaction, so several API processes
 * running this job never grant one period twice.
 */
export async function grantComplimentaryCredits(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const touched = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.active, true), lte(subscriptions.nextCreditsDate, now), sql`${subscriptions.nextCreditsDate} < ${subscriptions.currentPeriodEnd}`))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const users: string[] = [];
    for (const sub of due) if ((await grantDueCredits(tx, sub, now)) > 0) users.push(sub.userId);
    return users;
  });
  for (const userId of touched) await publishUserUpdate(deps, userId);
  return touched.length;
}

/**
 * Memberships whose period ended: a cancelled one ends; a renewing one is charged on its saved card (off session)
 * through a renewal order, keyed `renewal:<subscription>:<period end>` so one period is charged once whichever
 * process or pass gets there. The confirmation extends it (and grants credits) or ends it and tells the member.
 * A membership without a usable card ends at once.
 */
export async function renewMemberships(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const work = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ sub: subscriptions, sku: products.sku, name: products.name, country: users.country, brandId: users.brandId })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(and(eq(subscriptions.active, true), lte(subscriptions.currentPeriodEnd, now)))
      .limit(BATCH)
      .for('update', { of: subscriptions, skipLocked: true });
    const charges: Parameters<typeof sendCharge>[1][] = [];
    const ended: { userId: string; failed: boolean }[] = [];
    for (const { sub, sku, name, country, brandId } of due) {
      if (sub.cancelDate) {
        if (await endMembership(tx, sub.id, 'cancelled', now)) ended.push({ userId: sub.userId, failed: false });
        continue;
      }
      const idempotencyKey = `renewal:${sub.id}:${sub.currentPeriodEnd.toISOString()}`;
      const [already] = await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.idempotencyKey, idempotencyKey));
      if (already) continue; // charged, waiting for its confirmation
      const [card] = sub.savedCardId
        ? await tx
            .select()
            .from(savedCards)
            .where(and(eq(savedCards.id, sub.savedCardId), isNull(savedCards.deleteDate)))
        : [];
      if (!card) {
        if (await endMembership(tx, sub.id, 'renewal-failed', now)) ended.push({ userId: sub.userId, failed: true });
        continue;
      }
      const [order] = await tx
        .insert(orders)
        .values({
          userId: sub.userId,
          brandId,
          currency: sub.currency,
          country,
          products: [{ productId: sub.productId, sku, name, price: sub.priceCents / 100, credits: sub.monthlyCredits, days: sub.intervalDays }],
          totalCents: sub.priceCents,
          status: 'pending',
          createDate: now,
          updateDate: now,
        })
        .returning({ id: orders.id });
      const [txn] = await tx
        .insert(transactions)
        .values({
          orderId: order!.id,
          kind: 'renewal',
          status: 'pending',
          amountCents: sub.priceCents,
          currency: sub.currency,
          savedCardId: card.id,
          idempotencyKey,
          createDate: now,
          updateDate: now,
        })
        .returning({ id: transactions.id });
      charges.push({
        transactionId: txn!.id,
        idempotencyKey,
        token: card.providerToken,
        amountCents: sub.priceCents,
        currency: sub.currency,
        description: `${name} VIP renewal ${sub.intervalDays} days`,
      });
    }
    return { charges, ended };
  });
  for (const charge of work.charges) await sendCharge(deps, charge, { offSession: true });
  for (const e of work.ended) {
    if (e.failed) await mailMembershipEnded(deps, e.userId);
    await publishUserUpdate(deps, e.userId);
  }
  return work.charges.length + work.ended.length;
}

/** A charge the processor never heard of (the API stopped between recording and sending it). */
export const UNSENT_AFTER_MS = 5 * 60_000;
/** A charge waiting for the member's confirmation on the processor's page that long was abandoned. */
export const ACTION_ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Charges stuck pending: one recorded but never sent is sent again when its card is saved (same idempotency key,
 * so the processor charges at most once) or failed as a system issue when the token was not kept; one whose extra
 * confirmation was never answered fails as a bank issue. Without this an order would stay pending for ever and
 * refuse every new attempt.
 */
export async function settleStaleCharges(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const stale = await deps.db
    .select({ t: transactions, token: savedCards.providerToken })
    .from(transactions)
    .leftJoin(savedCards, eq(savedCards.id, transactions.savedCardId))
    .where(
      and(
        eq(transactions.status, 'pending'),
        sql`((${transactions.providerRef} is null and ${transactions.createDate} < ${new Date(now.getTime() - UNSENT_AFTER_MS).toISOString()}::timestamptz)
          or (${transactions.requiresAction} and ${transactions.updateDate} < ${new Date(now.getTime() - ACTION_ABANDONED_AFTER_MS).toISOString()}::timestamptz))`,
      ),
    )
    .limit(BATCH);
  for (const { t, token } of stale) {
    if (t.requiresAction) {
      await confirmCharge(deps, { providerRef: t.providerRef ?? `local-${t.id}`, idempotencyKey: t.idempotencyKey, status: 'failed', failure: 'bank' });
    } else if (token) {
      await sendCharge(
        deps,
        { transactionId: t.id, idempotencyKey: t.idempotencyKey, token, amountCents: t.amountCents, currency: t.currency, description: 'payment' },
        { offSession: true },
      );
    } else {
      await confirmCharge(deps, { providerRef: `local-${t.id}`, idempotencyKey: t.idempotencyKey, status: 'failed', failure: 'system' });
    }
  }
  return stale.length;
}

export const paymentJobs: Job[] = [
  { name: 'payments.stale-charges', everyMs: 5 * 60_000, run: settleStaleCharges },
  { name: 'payments.renewals', everyMs: 60_000, run: renewMemberships },
  { name: 'payments.complimentary-credits', everyMs: 10 * 60_000, run: grantComplimentaryCredits },
];
