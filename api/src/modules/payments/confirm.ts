import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { orders, subscriptions, transactions, users } from '../../db/schema/index.js';
import type { ChargeResult, RefundInput } from '../../providers/payments/processor.js';
import { changeCredits } from '../credits/ledger.js';
import { lockMember, orderKind, refusalFor } from './eligibility.js';
import { settleKeptCard } from './card-saving.js';
import { endMembership, extendMembership, startMembership } from './memberships.js';
import { publishUserUpdate } from '../users/user-update.js';
import { mailMembershipEnded } from './notify.js';

type TransactionRow = typeof transactions.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface ConfirmOutcome {
  /** False when this confirmation had already been applied (a duplicate webhook): nothing changed. */
  applied: boolean;
  userId?: string;
  membershipEnded?: boolean;
  /** The charge succeeded for an order no longer allowed (it lost a race): it is given back, nothing is granted. */
  refund?: RefundInput;
}

const invoiceId = (now: Date) => `INV-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * The processor's confirmation (webhook) for one charge. Idempotent: the transaction row is locked and only a
 * pending one changes, in the same database transaction as its fulfilment, so a confirmation delivered twice, or
 * twice at once, grants credits and starts a membership exactly once. The member's row is locked too and the
 * order's eligibility checked again beside the fulfilment: a first-purchase offer whose member has bought
 * meanwhile, or a membership beside an active one, is refunded in full instead (failure 'refunded').
 */
export async function confirmCharge(deps: AppDeps, result: ChargeResult): Promise<ConfirmOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [txn] = await tx.select().from(transactions).where(eq(transactions.idempotencyKey, result.idempotencyKey)).for('update');
    if (!txn) throw new Error(`confirmation for an unknown charge ${result.idempotencyKey}`);
    if (txn.status !== 'pending') return { applied: false };
    const [order] = await tx.select().from(orders).where(eq(orders.id, txn.orderId)).for('update');
    if (!order) throw new Error(`charge ${txn.id} has no order`);
    // A renewal takes no part in the purchase rules, and keeps the job's lock order (membership, then member).
    if (txn.kind === 'purchase') await lockMember(tx, order.userId);
    const lost = result.status === 'success' && txn.kind === 'purchase' && (await refusalFor(tx, order.userId, await orderKind(tx, order.products), txn.id));
    if (lost) {
      await tx
        .update(transactions)
        .set({ status: 'failed', failure: 'refunded', providerRef: txn.providerRef ?? result.providerRef, requiresAction: false, actionUrl: null, updateDate: now })
        .where(eq(transactions.id, txn.id));
      await tx.update(orders).set({ status: 'failed', updateDate: now }).where(eq(orders.id, order.id));
      const refund = { providerRef: txn.providerRef ?? result.providerRef, idempotencyKey: `refund:${txn.idempotencyKey}`, amountCents: txn.amountCents, currency: txn.currency };
      return { applied: true, userId: order.userId, refund };
    }
    const success = result.status === 'success';
    await tx
      .update(transactions)
      .set({
        status: result.status,
        failure: success ? null : (result.failure ?? 'system'),
        providerRef: txn.providerRef ?? result.providerRef,
        requiresAction: false,
        actionUrl: null,
        fulfilledDate: success ? now : null,
        updateDate: now,
      })
      .where(eq(transactions.id, txn.id));
    await settleKeptCard(tx, txn.savedCardId, success);
    if (success) {
      await fulfil(tx, order, txn, now);
      return { applied: true, userId: order.userId };
    }
    if (txn.kind === 'renewal') {
      await tx.update(orders).set({ status: 'failed', updateDate: now }).where(eq(orders.id, order.id));
      const ended = await endLiveMembership(tx, order.userId, now);
      return { applied: true, userId: order.userId, membershipEnded: ended };
    }
    await tx.update(orders).set({ status: 'failed', updateDate: now }).where(eq(orders.id, order.id));
    return { applied: true, userId: order.userId };
  });
  if (outcome.refund) await refundLostCharge(deps, outcome.refund);
  if (outcome.applied && outcome.userId) {
    if (outcome.membershipEnded) await mailMembershipEnded(deps, outcome.userId);
    await publishUserUpdate(deps, outcome.userId);
  }
  return outcome;
}

/** After the commit (no outside call inside a transaction); the refund's key makes a redelivered webhook refund once. */
async function refundLostCharge(deps: AppDeps, refund: RefundInput) {
  try {
    await deps.providers.payments.refund(refund);
  } catch (err) {
    // The transaction already says 'refunded': the processor's dashboard settles a refund that could not be sent.
    console.error(`[payments] refund of ${refund.providerRef} failed to start`, err);
  }
}

/** What a successful charge buys: credits for a package, a membership (or its next period) for an interval. */
async function fulfil(tx: Executor, order: OrderRow, txn: TransactionRow, now: Date) {
  await tx.update(orders).set({ status: 'paid', invoiceId: invoiceId(now), updateDate: now }).where(eq(orders.id, order.id));
  if (txn.kind === 'renewal') {
    const [live] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, order.userId), eq(subscriptions.active, true)))
      .for('update');
    if (live) await extendMembership(tx, live, now);
    return;
  }
  for (const line of order.products) {
    if (line.days > 0) {
      await startMembership(
        tx,
        {
          userId: order.userId,
          productId: line.productId,
          orderId: order.id,
          savedCardId: txn.savedCardId,
          days: line.days,
          priceCents: order.totalCents,
          currency: order.currency,
          credits: line.credits,
        },
        now,
      );
    } else if (line.credits > 0) {
      await changeCredits(tx, order.userId, line.credits, 'purchase', { transactionId: txn.id, now });
    }
  }
  // The first purchase ends the first-purchase offers (docs/product.md#data promotions).
  await tx
    .update(users)
    .set({ promotions: sql`jsonb_set(${users.promotions}, '{firstPurchasePromotion}', 'false'::jsonb)`, updateDate: now })
    .where(eq(users.id, order.userId));
}

async function endLiveMembership(tx: Executor, userId: string, now: Date): Promise<boolean> {
  const [live] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.active, true)))
    .for('update');
  return live ? endMembership(tx, live.id, 'renewal-failed', now) : false;
}
