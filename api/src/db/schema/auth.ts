import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createDate, id, ts } from './common.js';
import { users } from './users.js';

export const subjectTypeEnum = pgEnum('subject_type', ['user', 'agent']);

/**
 * One row per signed-in device. Every access token names its session (`sid`), so logout, password change
 * and an agent's take-over revoke tokens at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    subjectType: subjectTypeEnum('subject_type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createDate: createDate(),
    lastSeenDate: ts('last_seen_date').notNull().defaultNow(),
    expiryDate: ts('expiry_date').notNull(),
    revokedDate: ts('revoked_date'),
    revokedReason: text('revoked_reason'),
    /** Refresh-token rotation: the `gen` claim a token must carry to refresh; each refresh adds one (decision 0024). */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /** When the current generation was issued: the just-replaced one is tolerated for a short grace after it. */
    rotatedDate: ts('rotated_date'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_agent_idx').on(t.agentId),
    check('auth_sessions_subject', sql`(${t.userId} IS NOT NULL) <> (${t.agentId} IS NOT NULL)`),
  ],
);

/** Sign-in attempts, for throttling per account and per IP across processes (docs/api.md#auth: 10 in 15 min). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createDate: createDate(),
  },
  (t) => [index('login_attempts_account_idx').on(t.accountKey, t.createDate), index('login_attempts_ip_idx').on(t.ip, t.createDate)],
);

/**
 * Requests counted for flood limits (sign-ups, forgot-password mails) per IP and per target account, in the
 * database so every API process shares the counts (modules/auth/rate-limit.ts).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: id(),
    /** The limited action and what is counted, e.g. `register:ip` or `forgot-password:email`. */
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createDate: createDate(),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.key, t.createDate)],
);

export const emailTokenPurposeEnum = pgEnum('email_token_purpose', ['verify-email', 'reset-password', 'auto-login', 'undo-email-change']);

/** Single-use tokens sent by mail; only their hash is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For a changed address: the new email that becomes the account's once verified; for an undo, the old one. */
    email: text('email'),
    expiryDate: ts('expiry_date').notNull(),
    usedDate: ts('used_date'),
    createDate: createDate(),
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Idempotency-Key ledger for REST writes that charge or create (docs/api.md#general). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    subject: text('subject').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createDate: createDate(),
  },
  (t) => [uniqueIndex('idempotency_keys_subject_key_uq').on(t.subject, t.key)],
);
