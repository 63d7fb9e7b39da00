import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createDate, id, ts } from './common.js';
import { users } from './users.js';

/** Per sync client (one browser install): the last mutation id applied. docs/architecture.md#the-sync-engine. */
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
  // The hourly prune deletes by age (api/src/modules/sync/prune.ts).
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] }), index('sync_mutations_create_idx').on(t.createDate)],
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

/**
 * One version counter per member ("sync space"). Triggers bump it on every member-visible change of their
 * conversations and messages and stamp the row with it; the row lock makes versions commit in order per
 * member, so a pull cursor never skips a change (see docs/decisions/0008-sync-engine.md).
 */
export const syncSpaces = pgTable('sync_spaces', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Deleted conversations and messages, so a pull can tell the client to drop them. */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<'conversation' | 'message'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    createDate: createDate(),
  },
  (t) => [index('sync_tombstones_user_version_idx').on(t.userId, t.version)],
);
