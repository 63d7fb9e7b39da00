import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SavedCard, SubscriptionView, TransactionView } from '@sync/contract/payments';
import type { Executor } from '../../db/client.js';
import { orders, products, savedCards, subscriptions, transactions } from '../../db/schema/index.js';

// The user state's own view of the payment rows: the payments module writes them and reads these back, so the
// user state (service.ts) needs nothing from payments/.

type SubscriptionRow = typeof subscriptions.$inferSelect;
type SavedCardRow = typeof savedCards.$inferSelect;

const money = (cents: number) => cents / 100;

export function toSavedCard(c: SavedCardRow): SavedCard {
  return { cardId: c.id, last4: c.last4, brand: c.brand, expMonth: c.expMonth, expYear: c.expYear };
}

export function toSubscription(s: SubscriptionRow, sku: string): SubscriptionView {
  const renews = s.active && !s.cancelDate;
  return {
    _id: s.id,
    active: s.active,
    productId: s.productId,
    sku,
    startDate: s.startDate.toISOString(),
    intervalDays: s.intervalDays,
    amount: money(s.priceCents),
    currency: s.currency,
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    nextChargeDate: renews ? s.currentPeriodEnd.toISOString() : null,
    monthlyCredits: s.monthlyCredits,
    nextCreditsDate: s.active && s.nextCreditsDate ? s.nextCreditsDate.toISOString() : null,
    cancelDate: s.cancelDate?.toISOString() ?? null,
    endDate: s.endDate?.toISOString() ?? null,
    endReason: s.endReason ?? null,
  };
}

/** Newest first; the user state shows at most this many charges. */
const TRANSACTIONS_SHOWN = 50;

/** The payment parts of the user state (docs/product.md#data): charges, memberships and live saved cards. */
export async function memberPayments(
  exec: Executor,
  userId: string,
): Promise<{ transactions: TransactionView[]; subscriptions: SubscriptionView[]; savedCards: SavedCard[] }> {
  const [txRows, subRows, cardRows] = await Promise.all([
    exec
      .select({ t: transactions })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(transactions.createDate), desc(transactions.idempotencyKey))
      .limit(TRANSACTIONS_SHOWN),
    exec
      .select({ s: subscriptions, sku: products.sku })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.active), desc(subscriptions.startDate)),
    exec
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.userId, userId), isNull(savedCards.deleteDate)))
      .orderBy(desc(savedCards.createDate)),
  ]);
  return {
    transactions: txRows.map(({ t }) => ({
      _id: t.id,
      createDate: t.createDate.toISOString(),
      orderId: t.orderId,
      amount: money(t.amountCents),
      currency: t.currency,
      status: t.status,
      kind: t.kind,
      failure: t.status === 'failed' ? (t.failure ?? 'system') : null,
    })),
    subscriptions: subRows.map(({ s, sku }) => toSubscription(s, sku)),
    savedCards: cardRows.map(toSavedCard),
  };
}
