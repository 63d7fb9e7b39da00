import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reportOutcomes, reportReasons, reportStatuses } from '../../../../sync/src/contract/safety.js';
import { agents } from './agents.js';
import { createDate, id, ts } from './common.js';
import { profiles } from './profiles.js';
import { users } from './users.js';

/** A member blocked a profile: it leaves every list the member sees and their conversation with it is hidden. */
export const profileBlocks = pgTable(
  'profile_blocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createDate: createDate(),
  },
  (t) => [uniqueIndex('profile_blocks_pair_uq').on(t.userId, t.profileId), index('profile_blocks_profile_idx').on(t.profileId)],
);

export const reportReasonEnum = pgEnum('report_reason', reportReasons);
export const reportStatusEnum = pgEnum('report_status', reportStatuses);
export const reportOutcomeEnum = pgEnum('report_outcome', reportOutcomes);

/**
 * A member's report of a profile, for the admins' moderation screen. The reporter may later delete their
 * account: the report stays (it is about the profile), its reporter set null.
 */
export const profileReports = pgTable(
  'profile_reports',
  {
    id: id(),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reason: reportReasonEnum('reason').notNull(),
    details: text('details').notNull().default(''),
    status: reportStatusEnum('status').notNull().default('open'),
    outcome: reportOutcomeEnum('outcome'),
    note: text('note'),
    resolvedByAgentId: uuid('resolved_by_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    resolveDate: ts('resolve_date'),
    createDate: createDate(),
  },
  (t) => [
    index('profile_reports_status_idx').on(t.status, t.createDate),
    index('profile_reports_reporter_idx').on(t.reporterUserId).where(sql`${t.reporterUserId} IS NOT NULL`),
  ],
);
