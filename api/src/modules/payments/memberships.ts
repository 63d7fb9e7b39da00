import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { subscriptions } from '../../db/schema/index.js';
import { changeCredits } from '../credits/ledger.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 86_400_000;
/** Complimentary credits come every 30 days whatever the charge interval (monthly, quarterly, bi-annual). */
export const CREDITS_EVERY_MS = 30 * DAY_MS;
/** A job that missed many periods (server down for months) catches up at most this many grants per pass. */
const MAX_GRANTS_PER_PASS = 12;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * Grants the complimentary credits that fell due: every 30 days from the start, only inside a paid period (a grant
 * due at the period's end waits for the renewal). Call with the subscription row locked. Returns credits granted.
 */
export async function grantDueCredits(tx: Executor, sub: SubscriptionRow, now: Date): Promise<number> {
  if (!sub.active || sub.monthlyCredits <= 0 || !sub.nextCreditsDate) return 0;
  let next = sub.nextCreditsDate;
  let granted = 0;
  for (let i = 0; i < MAX_GRANTS_PER_PASS && next <= now && next < sub.currentPeriodEnd; i += 1) {
    await changeCredits(tx, sub.userId, sub.monthlyCredits, 'complimentary', { note: `membership ${sub.id} ${next.toISOString()}`, now });
    granted += sub.monthlyCredits;
    next = new Date(next.getTime() + CREDITS_EVERY_MS);
  }
  if (granted > 0) await tx.update(subscriptions).set({ nextCreditsDate: next, updateDate: now }).where(eq(subscriptions.id, sub.id));
  return granted;
}

export interface MembershipStart {
  userId: string;
  productId: string;
  orderId: string;
  savedCardId: string | null;
  days: number;
  priceCents: number;
  currency: string;
  credits: number;
}

/**
 * A paid membership starts now and its first complimentary credits are granted at once. Its confirmation checked,
 * with the member locked, that no other membership is active (one at a time, decision 0021); the unique index
 * subscriptions_one_active_uq stands behind that check.
 */
export async function startMembership(tx: Executor, m: MembershipStart, now: Date): Promise<SubscriptionRow> {
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      userId: m.userId,
      productId: m.productId,
      orderId: m.orderId,
      savedCardId: m.savedCardId,
      active: true,
      intervalDays: m.days,
      priceCents: m.priceCents,
      currency: m.currency,
      monthlyCredits: m.credits,
      startDate: now,
      currentPeriodEnd: addDays(now, m.days),
      cancelDate: m.savedCardId ? null : now,
      nextCreditsDate: now,
      createDate: now,
      updateDate: now,
    })
    .returning();
  await grantDueCredits(tx, sub!, now);
  return sub!;
}

/**
 * A paid renewal: one more interval from the end of the current period, and the credits that fall due. A cancel
 * made while the renewal was in flight stays: this period is paid, the next one will not be charged.
 */
export async function extendMembership(tx: Executor, sub: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  const [next] = await tx
    .update(subscriptions)
    .set({ currentPeriodEnd: addDays(sub.currentPeriodEnd, sub.intervalDays), updateDate: now })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await grantDueCredits(tx, next!, now);
  return next!;
}

/** Ends a membership (renewal failed, or the period ran out after a cancel). Returns false if it had already ended. */
export async function endMembership(tx: Executor, subId: string, reason: 'cancelled' | 'renewal-failed', now: Date): Promise<boolean> {
  const ended = await tx
    .update(subscriptions)
    .set({ active: false, endDate: now, endReason: reason, nextCreditsDate: null, updateDate: now })
    .where(and(eq(subscriptions.id, subId), eq(subscriptions.active, true)))
    .returning({ id: subscriptions.id });
  return ended.length > 0;
}

/** The member cancels: it stays active (and premium) until currentPeriodEnd, then the renewal job ends it. */
export async function cancelMembership(tx: Executor, subId: string, now: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(subscriptions)
    .set({ cancelDate: sql`coalesce(${subscriptions.cancelDate}, ${now.toISOString()}::timestamptz)`, updateDate: now })
    .where(and(eq(subscriptions.id, subId), eq(subscriptions.active, true)))
    .returning();
  return row;
}
