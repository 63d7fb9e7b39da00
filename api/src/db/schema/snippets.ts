import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createDate, id, updateDate } from './common.js';

/**
 * Canned replies (issue 16): an agent's own (`agent_id` the author; they go with the agent) or shared with every
 * staff member (`agent_id` null: no single owner, any admin manages them).
 */
export const snippets = pgTable(
  'snippets',
  {
    id: id(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [index('snippets_agent_idx').on(t.agentId), index('snippets_shared_idx').on(t.title).where(sql`${t.agentId} IS NULL`)],
);
