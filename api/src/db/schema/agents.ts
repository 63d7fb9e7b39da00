import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createDate, id, ts, updateDate } from './common.js';

export const agentRoleEnum = pgEnum('agent_role', ['agent', 'admin']);
export const agentStatusEnum = pgEnum('agent_status', ['online', 'offline', 'paused']);

/** Staff who answer as fictive profiles; admins are agents with role admin (docs/api.md#auth). */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: agentRoleEnum('role').notNull().default('agent'),
    /** Scopes as country-domain, e.g. "US-localhost" (docs/product.md#constants brand list). */
    scope: text('scope').array().notNull().default([]),
    status: agentStatusEnum('status').notNull().default('offline'),
    statusLastUpdate: ts('status_last_update').notNull().defaultNow(),
    images: jsonb('images').$type<{ _id: string; url: string }[]>().notNull().default([]),
    /** Claims an agent may hold at once (issue D). */
    maxClaims: integer('max_claims').notNull().default(3),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [uniqueIndex('agents_email_uq').on(sql`lower(${t.email})`)],
);

/** A shift: from "start session" to "stop" (docs/product.md#agent-session agent session). */
export const agentWorkSessions = pgTable(
  'agent_work_sessions',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    startDate: ts('start_date').notNull().defaultNow(),
    endDate: ts('end_date'),
    endReason: text('end_reason'),
  },
  (t) => [index('agent_work_sessions_agent_idx').on(t.agentId, t.startDate)],
);

export const agentBreaks = pgTable(
  'agent_breaks',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    workSessionId: uuid('work_session_id').references(() => agentWorkSessions.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    startDate: ts('start_date').notNull().defaultNow(),
    endDate: ts('end_date'),
  },
  (t) => [index('agent_breaks_agent_idx').on(t.agentId, t.startDate)],
);
