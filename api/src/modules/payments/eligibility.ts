import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { OrderLine } from '@sync/contract/payments';
import { packageFlags, purchaseRefusal, type PurchaseRefusal } from '@sync/rules/package-offer';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { orders, products, subscriptions, transactions, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/** Has the member ever paid (a successful charge, renewals included), other than the charge being confirmed? */
export async function hasPurchased(exec: Executor, userId: string, exceptTransactionId?: string): Promise<boolean> {
  const [row] = await exec
    .select({ n: count() })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(and(eq(orders.userId, userId), eq(transactions.status, 'success'), exceptTransactionId ? ne(transactions.id, exceptTransactionId) : undefined));
  return (row?.n ?? 0) > 0;
}

async function hasLiveMembership(exec: Executor, userId: string): Promise<boolean> {
  const [live] = await exec
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.active, true)));
  return Boolean(live);
}

/** What an order's lines are subject to: its products' flags, and whether it buys a membership. */
export interface OrderKind {
  firstPurchaseOnly: boolean;
  postPaymentOnly: boolean;
  membership: boolean;
}

export async function orderKind(exec: Executor, lines: readonly Pick<OrderLine, 'productId' | 'days'>[]): Promise<OrderKind> {
  const rows = await exec
    .select({ packageType: products.packageType })
    .from(products)
    .where(inArray(products.id, lines.map((l) => l.productId)));
  const flags = rows.map((r) => packageFlags(r.packageType));
  return {
    firstPurchaseOnly: flags.some((f) => f.firstPurchaseOnly),
    postPaymentOnly: flags.some((f) => f.postPaymentOnly),
    membership: lines.some((l) => l.days > 0),
  };
}

/** A first-purchase offer or a membership: another charge's success can make it refused (a purchase only ever enables postPaymentOnly). */
const isRestricted = (kind: OrderKind) => kind.firstPurchaseOnly || kind.membership;

/** Why the member may not buy an order of this kind now (ignoring the charge being confirmed), or null. */
export async function refusalFor(exec: Executor, userId: string, kind: OrderKind, exceptTransactionId?: string): Promise<PurchaseRefusal | null> {
  const needsPurchases = kind.firstPurchaseOnly || kind.postPaymentOnly;
  const facts = {
    hasPurchased: needsPurchases ? await hasPurchased(exec, userId, exceptTransactionId) : false,
    hasLiveMembership: kind.membership ? await hasLiveMembership(exec, userId) : false,
  };
  return purchaseRefusal(kind, kind.membership, facts);
}

export const refusalError = (refusal: PurchaseRefusal) => new ApiError(409, refusal, t(`payment.${refusal}`));

/**
 * Locks the member's row for the rest of the transaction: the preparations and confirmations of one member's
 * charges run one at a time, so two of them never both read "no purchase yet" (FOR NO KEY UPDATE: rows that
 * only reference the member still insert).
 */
export async function lockMember(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Before a charge is sent (PATCH), with the member locked: the order must still be allowed, and no other charge of
 * the member may be pending when either one is restricted, since its success could end this one's eligibility
 * (three first-purchase orders paid at once charge once; the others are refused before any money moves).
 */
export async function assertPayable(tx: Executor, userId: string, order: { id: string; products: OrderLine[] }): Promise<void> {
  const kind = await orderKind(tx, order.products);
  const refusal = await refusalFor(tx, userId, kind);
  if (refusal) throw refusalError(refusal);
  const pending = await tx
    .select({ products: orders.products })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(and(eq(orders.userId, userId), ne(orders.id, order.id), eq(transactions.status, 'pending')));
  if (pending.length === 0) return;
  const conflict = isRestricted(kind) || (await Promise.all(pending.map((p) => orderKind(tx, p.products)))).some(isRestricted);
  if (conflict) throw new ApiError(409, 'payment-in-progress', t('payment.payment-in-progress'));
}
