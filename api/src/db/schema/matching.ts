import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createDate, id, ts } from './common.js';
import { profiles } from './profiles.js';
import { users } from './users.js';

export const swipeActionEnum = pgEnum('swipe_action', ['like', 'dislike']);

/** A member's like or dislike of a profile; undone swipes keep their row with undoDate set. */
export const swipes = pgTable(
  'swipes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    actionType: swipeActionEnum('action_type').notNull(),
    createDate: createDate(),
    undoDate: ts('undo_date'),
  },
  (t) => [
    // At most one live swipe per pair; undone ones stay for history.
    uniqueIndex('swipes_live_uq').on(t.userId, t.profileId).where(sql`${t.undoDate} IS NULL`),
    index('swipes_user_idx').on(t.userId, t.createDate),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id'),
    createDate: createDate(),
  },
  (t) => [uniqueIndex('matches_pair_uq').on(t.userId, t.profileId)],
);

/** Favourites go both ways: a member's profile marks a fictive one, or a fictive profile marks a member. */
export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    fromProfileId: uuid('from_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toProfileId: uuid('to_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createDate: createDate(),
  },
  (t) => [uniqueIndex('favourites_pair_uq').on(t.fromProfileId, t.toProfileId), index('favourites_to_idx').on(t.toProfileId, t.createDate)],
);

export const profileViews = pgTable(
  'profile_views',
  {
    id: id(),
    viewerProfileId: uuid('viewer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewedProfileId: uuid('viewed_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(1),
    createDate: createDate(),
    lastViewDate: ts('last_view_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_views_pair_uq').on(t.viewerProfileId, t.viewedProfileId), index('profile_views_viewed_idx').on(t.viewedProfileId, t.lastViewDate)],
);
