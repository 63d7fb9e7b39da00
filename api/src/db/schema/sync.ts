import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createDate, id, ts } from './common.js';
import { users } from './users.js';

/** Per sync client (one browser install): the last mutation id applied. ARCHITECTURE.md sync engine. */
export const syncClients = pgTable(
  'sync_clients',
  {
    clientId: text('client_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMutationId: integer('last_mutation_id').notNull().default(0),
    lastSeenDate: ts('last_seen_date').notNull().defaultNow(),
    createDate: createDate(),
  },
  (t) => [index('sync_clients_user_idx').on(t.userId)],
);

/** The recorded outcome of each applied mutation, so a replay answers the first result again. */
export const syncMutations = pgTable(
  'sync_mutations',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.clientId, { onDelete: 'cascade' }),
    mutationId: integer('mutation_id').notNull(),
    name: text('name').notNull(),
    result: jsonb('result'),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    createDate: createDate(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

export const creditReasonEnum = pgEnum('credit_reason', ['signup', 'message', 'refund', 'purchase', 'complimentary', 'admin']);

/** Every change of a member's credits, written in the same transaction as its cause. sum(delta) = users.credits. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: creditReasonEnum('reason').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    messageId: uuid('message_id'),
    transactionId: uuid('transaction_id'),
    note: text('note'),
    createDate: createDate(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createDate), check('credit_ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`)],
);
