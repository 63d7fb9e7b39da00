import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { brands } from './brands.js';
import { createDate, id, ts, updateDate } from './common.js';
import { images, profiles } from './profiles.js';
import { users } from './users.js';

export const stockEnum = pgEnum('stock', ['message', 'follow-up', 'meet-up']);

/** One thread between a member and a fictive profile. Stock and claim columns drive the agent queue (issue D). */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    archived: boolean('archived').notNull().default(false),
    /** The member blocked the profile: hidden from every list and the member's devices, sends refused (safety/). */
    blocked: boolean('blocked').notNull().default(false),
    hasUserMessage: boolean('has_user_message').notNull().default(false),
    lastMessageDate: ts('last_message_date'),
    lastUserMessageDate: ts('last_user_message_date'),
    lastProfileMessageDate: ts('last_profile_message_date'),
    unreadByUser: integer('unread_by_user').notNull().default(0),
    stock: stockEnum('stock'),
    stockDate: ts('stock_date'),
    /** The member paid (premium or a paid order) when the conversation entered its stock: ahead at equal wait. */
    stockPaying: boolean('stock_paying').notNull().default(false),
    claimAgentId: uuid('claim_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    claimDate: ts('claim_date'),
    claimExpiryDate: ts('claim_expiry_date'),
    lastAgentId: uuid('last_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** The member's sync space version at the last member-visible change; set by a trigger (migration 0002). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [
    uniqueIndex('conversations_pair_uq').on(t.userId, t.profileId),
    index('conversations_user_idx').on(t.userId, t.lastMessageDate),
    index('conversations_user_version_idx').on(t.userId, t.version),
    index('conversations_stock_idx').on(t.stock, t.stockDate).where(sql`${t.stock} IS NOT NULL`),
    // The claim order: waited whole minutes first (docs/decisions/0011-claim-order.md), then paying members.
    index('conversations_stock_wait_idx')
      .on(sql`date_trunc('minute', (${t.stockDate} at time zone 'UTC'))`, t.stockPaying.desc(), t.stockDate, t.id)
      .where(sql`${t.stock} IS NOT NULL`),
    check('conversations_unread_nonneg', sql`${t.unreadByUser} >= 0`),
  ],
);

export const messageTypeEnum = pgEnum('message_type', ['text', 'attachment']);
export const senderTypeEnum = pgEnum('sender_type', ['user', 'profile', 'admin', 'system']);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderType: senderTypeEnum('sender_type').notNull(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    messageType: messageTypeEnum('message_type').notNull(),
    /** The original text; members are answered a masked copy (docs/api.md#messaging). */
    message: text('message').notNull().default(''),
    attachmentId: uuid('attachment_id').references(() => images.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    /** The sync client and mutation that wrote it: one message per mutation, ever. */
    clientId: text('client_id'),
    mutationId: integer('mutation_id'),
    dateSent: ts('date_sent').notNull().defaultNow(),
    /** Insert order: newest-first chunks and "newer than lastMessageId" compare on it, never on clock time. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The member's sync space version at the last member-visible change; set by a trigger (migration 0002). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_conversation_version_idx').on(t.conversationId, t.version),
    // A conversation's latest messages as devices order them, by date then id (the pull's window and checksum).
    index('messages_conversation_date_idx').on(t.conversationId, t.dateSent, t.id),
    // Only members' messages come from a sync client; staff and system ones are not written into this index.
    uniqueIndex('messages_mutation_uq').on(t.clientId, t.mutationId).where(sql`${t.clientId} IS NOT NULL`),
    // Staff messages by day, for the admin report (agents/admin.ts); members' messages are not written into it.
    index('messages_staff_sent_idx').on(t.dateSent).where(sql`${t.agentId} IS NOT NULL`),
    check('messages_has_content', sql`${t.message} <> '' OR ${t.attachmentId} IS NOT NULL OR ${t.messageType} = 'attachment'`),
  ],
);

export const memoTypeEnum = pgEnum('memo_type', ['user', 'profile']);

/** Agent notes: on a conversation, on a user or profile across conversations, or global (docs/product.md#data memo). */
export const memos = pgTable(
  'memos',
  {
    id: id(),
    type: memoTypeEnum('type').notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    global: boolean('global').notNull().default(false),
    note: text('note').notNull(),
    archived: boolean('archived').notNull().default(false),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [index('memos_conversation_idx').on(t.conversationId), index('memos_user_idx').on(t.userId), index('memos_profile_idx').on(t.profileId)],
);

export const meetUps = pgTable(
  'meet_ups',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    meetDate: ts('meet_date').notNull(),
    meetStatus: text('meet_status').notNull().default('proposed'),
    location: text('location').notNull().default(''),
    /** Hours before the meet-up at which the profile cancels (docs/product.md#data). */
    cancelInterval: integer('cancel_interval').notNull().default(24),
    description: text('description').notNull().default(''),
    archived: boolean('archived').notNull().default(false),
    cancelDate: ts('cancel_date'),
    /** When the due meet-up was put into the meet-up stock (once per meet-up). */
    stockedDate: ts('stocked_date'),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [index('meet_ups_conversation_idx').on(t.conversationId), index('meet_ups_due_idx').on(t.meetDate).where(sql`${t.cancelDate} IS NULL`)],
);

export const claimOutcomeEnum = pgEnum('claim_outcome', ['replied', 'expired', 'released']);

/** Every claim an agent took and how it ended: claim history for the admin report (issue D). */
export const agentClaims = pgTable(
  'agent_claims',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    stock: stockEnum('stock').notNull(),
    claimDate: ts('claim_date').notNull(),
    expiryDate: ts('expiry_date').notNull(),
    endDate: ts('end_date'),
    outcome: claimOutcomeEnum('outcome'),
  },
  (t) => [
    index('agent_claims_agent_idx').on(t.agentId, t.claimDate),
    index('agent_claims_open_idx').on(t.conversationId).where(sql`${t.endDate} IS NULL`),
    // An agent's live claims (the cap, the console's restore, stop): read here rather than from an index on the
    // conversations' claim columns, so taking a claim is a HOT update (docs/decisions/0017-…).
    index('agent_claims_live_idx').on(t.agentId, t.expiryDate).where(sql`${t.endDate} IS NULL`),
  ],
);

/**
 * The new-message mail each member was last sent (messaging/new-message-mails.ts): messages up to `mailedSeq`
 * were told about, so the next mail covers only what arrived after.
 */
export const messageMails = pgTable('message_mails', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull(),
  mailDate: ts('mail_date').notNull(),
});
