import { and, desc, eq } from 'drizzle-orm';
import type { LastTransaction, Order } from '@sync/contract/payments';
import type { Executor } from '../../db/client.js';
import { orders, transactions } from '../../db/schema/index.js';

type OrderRow = typeof orders.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

const money = (cents: number) => cents / 100;

export function toLastTransaction(t: TransactionRow): LastTransaction {
  return {
    _id: t.id,
    status: t.status,
    failure: t.status === 'failed' ? (t.failure ?? 'system') : null,
    amount: money(t.amountCents),
    currency: t.currency,
    createDate: t.createDate.toISOString(),
    requiresAction: t.status === 'pending' && t.requiresAction,
    actionUrl: t.status === 'pending' && t.requiresAction ? t.actionUrl : null,
  };
}

export function toOrder(o: OrderRow, last: TransactionRow | undefined): Order {
  return {
    _id: o.id,
    createDate: o.createDate.toISOString(),
    updateDate: o.updateDate.toISOString(),
    currency: o.currency,
    country: o.country,
    products: o.products.map((l) => ({ productId: l.productId, sku: l.sku, name: l.name, price: l.price, credits: l.credits, days: l.days })),
    total: money(o.totalCents),
    vat: money(o.vatCents),
    status: o.status,
    invoiceId: o.invoiceId,
    lastTransaction: last ? toLastTransaction(last) : null,
  };
}

/** The newest charge of an order: attempts are keyed `order:<id>:attempt:<nnnn>`, so the key breaks ties in time. */
export async function lastTransactionOf(exec: Executor, orderId: string): Promise<TransactionRow | undefined> {
  const [row] = await exec
    .select()
    .from(transactions)
    .where(eq(transactions.orderId, orderId))
    .orderBy(desc(transactions.createDate), desc(transactions.idempotencyKey))
    .limit(1);
  return row;
}

/** The member's own order, or undefined (another member's order is not found either). */
export async function loadOrder(exec: Executor, userId: string, orderId: string): Promise<Order | undefined> {
  const [o] = await exec
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) return undefined;
  return toOrder(o, await lastTransactionOf(exec, o.id));
}
