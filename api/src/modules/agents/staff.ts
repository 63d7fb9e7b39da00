import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { AuthContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agents, brands, conversations, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

export type AgentRow = typeof agents.$inferSelect;

export interface Staff {
  id: string;
  isAdmin: boolean;
  scope: string[];
  row: AgentRow;
}

/** The signed-in agent's row; scope and role are read fresh on each call so an admin's change applies at once. */
export async function loadStaff(exec: Executor, auth: AuthContext): Promise<Staff> {
  if (auth.type !== 'agent') throw new ApiError(403, 'forbidden', t('error.forbidden'));
  const [row] = await exec.select().from(agents).where(eq(agents.id, auth.id));
  if (!row) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
  return { id: row.id, isAdmin: row.role === 'admin', scope: row.scope, row };
}

/** `COUNTRY-domain` of a conversation: the member's country and the brand's domain (SPEC §9 scopes). */
export const conversationScope = sql<string>`(${users.country} || '-' || ${brands.domain})`;

/**
 * Whether a conversation (joined with its users and brands rows) is in the staff member's scope; admins see all.
 * Callers join `users` on conversations.userId and `brands` on conversations.brandId.
 */
export function inScope(staff: Pick<Staff, 'isAdmin' | 'scope'>): SQL | undefined {
  if (staff.isAdmin) return undefined;
  if (staff.scope.length === 0) return sql`false`;
  return inArray(conversationScope, staff.scope);
}

/** A conversation the staff member may read or act on, or 404 (out of scope answers the same as missing). */
export async function scopedConversation(exec: Executor, staff: Staff, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [row] = await exec
    .select({ conversation: conversations, scope: conversationScope, domain: brands.domain })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .where(eq(conversations.id, id));
  if (!row) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (!staff.isAdmin && !staff.scope.includes(row.scope)) throw new ApiError(403, 'out-of-scope', t('error.forbidden'));
  return row;
}

/**
 * A member the staff member may read, by `COUNTRY-domain` (the member's country and brand); admins read all.
 * Unknown ids answer 404, members outside the scope 403.
 */
export async function scopedMember(exec: Executor, staff: Pick<Staff, 'isAdmin' | 'scope'>, id: string): Promise<string> {
  if (!isUuid(id)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [row] = await exec
    .select({ id: users.id, country: users.country, domain: brands.domain })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, id));
  if (!row) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (!staff.isAdmin && !staff.scope.includes(`${row.country}-${row.domain}`)) throw new ApiError(403, 'out-of-scope', t('error.forbidden'));
  return row.id;
}
