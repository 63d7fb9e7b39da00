import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createDate, id, ts } from './common.js';
import { users } from './users.js';

/**
 * Web Push subscriptions, one per device (browser profile) a member turned notifications on in: the push
 * service's endpoint and the keys the payload is encrypted with (docs/decisions/0035-emoji-images-split-inbox-and-web-push.md).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this device; unique, so a device that subscribes again replaces its row. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createDate: createDate(),
    lastPushDate: ts('last_push_date'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** The last staff message each member was pushed about (or found online for), so each message is news once. */
export const pushState = pgTable('push_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushedSeq: bigint('pushed_seq', { mode: 'number' }).notNull(),
});
