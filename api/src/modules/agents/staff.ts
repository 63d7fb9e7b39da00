import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * Whether the staff member's scope covers a member of `country` on the brand of `domain` (docs/product.md#constants scopes): the
 * database function staff_covers (api/src/db/functions/staff_covers.sql), which agent_claim picks by too.
 */
export function staffCovers(staff: Pick<Staff, 'isAdmin' | 'scope'>, country: SQLWrapper, domain: SQLWrapper): SQL<boolean> {
  return sql<boolean>`staff_covers(${staff.isAdmin}, ${sql.param(staff.scope)}::text[], ${country}, ${domain})`;
}

/**
 * Whether a conversation (joined with its users and brands rows) is in the staff member's scope; admins see all.
 * Callers join `users` on conversations.userId and `brands` on conversations.brandId.
 */
export function inScope(staff: Pick<Staff, 'isAdmin' | 'scope'>): SQL | undefined {
  // Admins see all: no filter at all, rather than one the planner has to see through.
  if (staff.isAdmin) return undefined;
  return staffCovers(staff, users.country, brands.domain);
}

/** A conversation the staff member may read or act on, or 404 (out of scope answers the same as missing). */
export async function scopedConversation(exec: Executor, staff: Staff, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [row] = await exec
    .select({ conversation: conversations, covered: staffCovers(staff, users.country, brands.domain), domain: brands.domain })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .where(eq(conversations.id, id));
  if (!row) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (!row.covered) throw new ApiError(403, 'out-of-scope', t('error.forbidden'));
  return { conversation: row.conversation, domain: row.domain };
}

/**
 * A member the staff member may read, by `COUNTRY-domain` (the member's country and brand); admins read all.
 * Unknown ids answer 404, members outside the scope 403.
 */
export async function scopedMember(exec: Executor, staff: Pick<Staff, 'isAdmin' | 'scope'>, id: string): Promise<string> {
  if (!isUuid(id)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [row] = await exec
    .select({ id: users.id, covered: staffCovers(staff, users.country, brands.domain) })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, id));
  if (!row) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (!row.covered) throw new ApiError(403, 'out-of-scope', t('error.forbidden'));
  return row.id;
}
