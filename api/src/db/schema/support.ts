import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands.js';
import { createDate, id } from './common.js';

export const ticketKindEnum = pgEnum('ticket_kind', ['contact', 'affiliate']);

/** Contact-form and affiliate requests; each gets a ticket number the visitor can quote. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    ticketNumber: text('ticket_number').notNull(),
    brandId: uuid('brand_id').references(() => brands.id),
    kind: ticketKindEnum('kind').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull().default(''),
    userId: uuid('user_id'),
    /** The submitter's address: submissions are rate-limited per IP across processes. */
    ip: text('ip'),
    createDate: createDate(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_uq').on(t.ticketNumber),
    index('support_tickets_email_idx').on(t.email),
    index('support_tickets_ip_idx').on(t.ip, t.createDate),
  ],
);

export const affiliateApplications = pgTable('affiliate_applications', {
  id: id(),
  ticketId: uuid('ticket_id')
    .notNull()
    .references(() => supportTickets.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull().default(''),
  messenger: text('messenger').notNull(),
  messengerId: text('messenger_id').notNull(),
  country: text('country').notNull(),
  yearsOfExperience: integer('years_of_experience').notNull(),
  geos: text('geos').array().notNull().default([]),
  trafficSources: text('traffic_sources').array().notNull(),
  otherVerticals: text('other_verticals').array().notNull().default([]),
  otherText: text('other_text').notNull().default(''),
  extra: jsonb('extra'),
  createDate: createDate(),
});
