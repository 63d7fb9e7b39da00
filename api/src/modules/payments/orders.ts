import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CreateOrderBody, Order } from '@sync/contract/payments';
import { packageFlags } from '@sync/rules/package-offer';
import { pickPriceEntry, toCents, vatAmount } from '@sync/rules/pricing';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { orders, products, savedCards, transactions, users, type OrderLine } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { ProcessorError, type CardDetails } from '../../providers/payments/processor.js';
import { keepCardForCharge } from './card-saving.js';
import { confirmCharge } from './confirm.js';
import { assertPayable, lockMember, refusalError, refusalFor } from './eligibility.js';
import { assertAgeVerified } from '../verification/age-requirement.js';
import { loadOrder, toOrder } from './views.js';

/**
 * POST /api/order: prices the cart from the product's entry for the country (or its default entry), in the
 * currency of that entry only. A firstPurchaseOnly package after a purchase, a postPaymentOnly package before
 * one, or a membership while one is active, is refused (eligibility.ts; checked again at payment and at its
 * confirmation). Nothing is charged yet.
 */
export async function createOrder(tx: Executor, userId: string, body: CreateOrderBody, now: Date, idempotencyKey?: string): Promise<Order> {
  const [me] = await tx.select({ brandId: users.brandId }).from(users).where(eq(users.id, userId));
  if (!me) throw new ApiError(404, 'not-found', t('error.not-found'));
  const member = { userId, brandId: me.brandId };
  await assertAgeVerified(tx, userId);
  const item = body.products[0]!;
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, item.productId), eq(products.brandId, member.brandId), eq(products.active, true)));
  if (!product) throw new ApiError(404, 'product-not-found', t('payment.product-not-found'));
  const entry = pickPriceEntry(product, body.country);
  const interval = item.days === undefined ? entry?.intervals[0] : entry?.intervals.find((i) => i.days === item.days);
  if (!entry || !interval || entry.currency !== body.currency) throw new ApiError(400, 'price-unavailable', t('payment.price-unavailable'));
  const refusal = await refusalFor(tx, member.userId, { ...packageFlags(product.packageType), membership: interval.days > 0 });
  if (refusal) throw refusalError(refusal);
  const line: OrderLine = { productId: product.id, sku: product.sku, name: product.name, price: interval.price, credits: interval.credits, days: interval.days };
  const [row] = await tx
    .insert(orders)
    .values({
      userId: member.userId,
      brandId: member.brandId,
      currency: entry.currency,
      country: body.country,
      products: [line],
      totalCents: toCents(interval.price),
      vatCents: toCents(vatAmount(interval.price, entry.vat)),
      idempotencyKey: idempotencyKey ?? null,
      createDate: now,
      updateDate: now,
    })
    .returning();
  return toOrder(row!, undefined);
}

export type PayInput = { paymentToken: string; saveCard: boolean; returnUrl?: string } | { savedCardId: string; returnUrl?: string };

interface PreparedCharge {
  transactionId: string;
  idempotencyKey: string;
  token: string;
  amountCents: number;
  currency: string;
  description: string;
}

/**
 * PATCH /api/order/{id}, first half, in the caller's transaction: locks the order row (a second PATCH waits here
 * and then finds the order pending: 409, so two PATCHes charge once), then the member's row, and checks the order
 * is still allowed with no conflicting charge pending (assertPayable: of three first-purchase orders paid at once,
 * one is charged). Keeps the card if asked, and records the pending charge with its idempotency key before
 * anything is sent to the processor.
 */
export async function prepareCharge(tx: Executor, userId: string, orderId: string, input: PayInput, card: CardDetails | undefined, now: Date): Promise<PreparedCharge> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (order.status === 'paid') throw new ApiError(409, 'order-not-payable', t('payment.order-paid'));
  if (order.status === 'pending') throw new ApiError(409, 'order-not-payable', t('payment.order-pending'));
  await lockMember(tx, userId);
  await assertPayable(tx, userId, order);

  let token: string;
  let savedCardId: string | null = null;
  if ('savedCardId' in input) {
    const [saved] = await tx
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, input.savedCardId), eq(savedCards.userId, userId), isNull(savedCards.deleteDate)));
    if (!saved) throw new ApiError(404, 'card-not-found', t('payment.card-not-found'));
    token = saved.providerToken;
    savedCardId = saved.id;
  } else {
    if (!card) throw new ApiError(400, 'invalid-payment-token', t('payment.invalid-token'));
    token = input.paymentToken;
    // Only when asked, and only for good once the charge succeeds (card-saving.ts). A membership paid with a card
    // the member did not save does not renew: it runs to the end of its period.
    if (input.saveCard) savedCardId = await keepCardForCharge(tx, userId, token, card, now);
  }

  const [attempts] = await tx.select({ n: count() }).from(transactions).where(eq(transactions.orderId, order.id));
  const idempotencyKey = `order:${order.id}:attempt:${String((attempts?.n ?? 0) + 1).padStart(4, '0')}`;
  const [txn] = await tx
    .insert(transactions)
    .values({
      orderId: order.id,
      kind: 'purchase',
      status: 'pending',
      amountCents: order.totalCents,
      currency: order.currency,
      savedCardId,
      idempotencyKey,
      createDate: now,
      updateDate: now,
    })
    .returning({ id: transactions.id });
  await tx.update(orders).set({ status: 'pending', updateDate: now }).where(eq(orders.id, order.id));
  const description = order.products.map((l) => l.name + (l.days > 0 ? ` VIP ${l.days} days` : ` ${l.credits} credits`)).join(', ');
  return { transactionId: txn!.id, idempotencyKey, token, amountCents: order.totalCents, currency: order.currency, description };
}

/**
 * Second half, after the pending charge committed: asks the processor to charge (with the charge's idempotency
 * key, so a retry of this call is the same charge) and keeps its reference and confirmation page. A processor
 * that refuses outright fails the charge as a system issue through the same confirmation path.
 */
export async function sendCharge(deps: AppDeps, prepared: PreparedCharge, opts: { offSession?: boolean; returnPath?: string } = {}): Promise<void> {
  try {
    const started = await deps.providers.payments.charge({
      idempotencyKey: prepared.idempotencyKey,
      token: prepared.token,
      amountCents: prepared.amountCents,
      currency: prepared.currency,
      description: prepared.description,
      offSession: opts.offSession,
      returnPath: opts.returnPath,
    });
    await deps.db
      .update(transactions)
      .set({
        providerRef: sql`coalesce(${transactions.providerRef}, ${started.providerRef})`,
        requiresAction: Boolean(started.actionUrl),
        actionUrl: started.actionUrl ?? null,
      })
      .where(and(eq(transactions.id, prepared.transactionId), inArray(transactions.status, ['pending'])));
  } catch (err) {
    if (!(err instanceof ProcessorError)) console.error('[payments] charge failed to start', err);
    await confirmCharge(deps, {
      providerRef: `local-${prepared.transactionId}`,
      idempotencyKey: prepared.idempotencyKey,
      status: 'failed',
      failure: err instanceof ProcessorError && err.code === 'invalid-token' ? 'bank' : 'system',
    });
  }
}

export { loadOrder };
