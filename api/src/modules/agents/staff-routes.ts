import type { Context } from 'hono';
import type { LookupQuery } from '@sync/contract/agents';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agents } from '../../db/schema/index.js';
import { lookupConversations } from './lookup.js';
import { loadStaff, scopedConversation } from './staff.js';
import { staffConversation } from './staff-conversation.js';

/** Staff halves of the member paths GET /api/conversations and GET /api/conversation/{id} (messaging/routes.ts). */
export async function staffLookup(c: Context<AppEnv>, query: LookupQuery) {
  const staff = await loadStaff(c.get('deps').db, c.get('auth'));
  return c.json(await lookupConversations(c.get('deps').db, staff, query, c.get('deps').clock.now()));
}

export async function staffConversationRoute(c: Context<AppEnv>, id: string, chunk: { limit: number; before?: string }) {
  const db = c.get('deps').db;
  const staff = await loadStaff(db, c.get('auth'));
  const { conversation, domain } = await scopedConversation(db, staff, id);
  const view = await staffConversation(db, conversation, domain, c.get('deps').clock.now(), chunk);
  if (view.claim) view.claim.agentName = await agentName(db, view.claim.agentId);
  return c.json(view);
}

/** Who holds a claim, as the lookup shows it (an admin about to reply ends that claim). */
async function agentName(exec: Executor, agentId: string): Promise<string> {
  const [row] = await exec.select({ firstName: agents.firstName, lastName: agents.lastName, email: agents.email }).from(agents).where(eq(agents.id, agentId));
  return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : '';
}
