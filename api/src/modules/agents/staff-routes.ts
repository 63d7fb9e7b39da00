import type { Context } from 'hono';
import { lookupQuery } from '@sync/contract/agents';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { lookupConversations } from './lookup.js';
import { loadStaff, scopedConversation } from './staff.js';
import { staffConversation } from './staff-conversation.js';

/** Staff halves of the member paths GET /api/conversations and GET /api/conversation/{id} (messaging/routes.ts). */
export async function staffLookup(c: Context<AppEnv>) {
  const parsed = lookupQuery.safeParse(c.req.query());
  if (!parsed.success) throw new ApiError(400, 'invalid-query', parsed.error.issues[0]?.message ?? 'Invalid query');
  const staff = await loadStaff(c.var.deps.db, c.var.auth);
  return c.json(await lookupConversations(c.var.deps.db, staff, parsed.data, c.var.deps.clock.now()));
}

export async function staffConversationRoute(c: Context<AppEnv>, id: string, chunk: { limit: number; before?: string }) {
  const db = c.var.deps.db;
  const staff = await loadStaff(db, c.var.auth);
  const { conversation, domain } = await scopedConversation(db, staff, id);
  return c.json(await staffConversation(db, conversation, domain, c.var.deps.clock.now(), chunk));
}
