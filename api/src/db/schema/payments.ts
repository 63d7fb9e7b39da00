import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands, products } from './brands.js';
import { createDate, id, ts, updateDate } from './common.js';
import { users } from './users.js';

export const orderStatusEnum = pgEnum('order_status', ['created', 'pending', 'paid', 'failed']);
export const transactionStatusEnum = pgEnum('transaction_status', ['pending', 'success', 'failed']);
export const transactionFailureEnum = pgEnum('transaction_failure', ['bank', 'system', 'refunded']);

export interface OrderLine {
  productId: string;
  sku: string;
  name: string;
  price: number;
  credits: number;
  days: number;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    products: jsonb('products').$type<OrderLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull().default(0),
    status: orderStatusEnum('status').notNull().default('created'),
    invoiceId: text('invoice_id'),
    idempotencyKey: text('idempotency_key'),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createDate),
    uniqueIndex('orders_idem_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_invoice_uq').on(t.invoiceId),
    check('orders_total_nonneg', sql`${t.totalCents} >= 0`),
  ],
);

export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The processor's reusable token; the card number and CVV never reach this database. */
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createDate: createDate(),
    deleteDate: ts('delete_date'),
  },
  (t) => [
    index('saved_cards_user_idx').on(t.userId),
    uniqueIndex('saved_cards_live_token_uq').on(t.userId, t.providerToken).where(sql`${t.deleteDate} is null`),
    check('saved_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'purchase' | 'renewal'>().notNull().default('purchase'),
    status: transactionStatusEnum('status').notNull().default('pending'),
    failure: transactionFailureEnum('failure'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    providerRef: text('provider_ref'),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    /** Every charge carries one; the processor sees it too, so a retried charge is charged once. */
    idempotencyKey: text('idempotency_key').notNull(),
    requiresAction: boolean('requires_action').notNull().default(false),
    /** The processor's page for the extra confirmation step, while requiresAction. */
    actionUrl: text('action_url'),
    fulfilledDate: ts('fulfilled_date'),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [
    uniqueIndex('transactions_idem_uq').on(t.idempotencyKey),
    uniqueIndex('transactions_provider_ref_uq').on(t.providerRef),
    index('transactions_order_idx').on(t.orderId, t.createDate),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    intervalDays: integer('interval_days').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    monthlyCredits: integer('monthly_credits').notNull().default(0),
    startDate: ts('start_date').notNull().defaultNow(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    nextCreditsDate: ts('next_credits_date'),
    cancelDate: ts('cancel_date'),
    endDate: ts('end_date'),
    endReason: text('end_reason').$type<'cancelled' | 'renewal-failed'>(),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_renewal_idx').on(t.currentPeriodEnd).where(sql`${t.active}`),
    // One live membership per member.
    uniqueIndex('subscriptions_one_active_uq').on(t.userId).where(sql`${t.active}`),
  ],
);
