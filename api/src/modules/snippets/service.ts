import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { SHARED_SNIPPETS_MAX, SNIPPETS_PER_AGENT, type CreateSnippetBody, type Snippet, type UpdateSnippetBody } from '@sync/contract/snippets';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { agents, snippets } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import type { Staff } from '../agents/staff.js';

type SnippetRow = typeof snippets.$inferSelect;

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));
const sharedAdminOnly = () => new ApiError(403, 'forbidden', t('agent.snippet-shared-admin-only'));

/** Who may change a snippet: its author, or any admin for a shared one. */
function canEdit(staff: Staff, row: SnippetRow): boolean {
  return row.agentId === null ? staff.isAdmin : row.agentId === staff.id;
}

export function toSnippet(row: SnippetRow, staff: Staff): Snippet {
  return {
    _id: row.id,
    title: row.title,
    body: row.body,
    shared: row.agentId === null,
    agentId: row.agentId,
    editable: canEdit(staff, row),
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
  };
}

/** The caller's own snippets, then the shared ones, each by title: what the picker offers. */
export async function listSnippets(exec: Executor, staff: Staff): Promise<Snippet[]> {
  const rows = await exec
    .select()
    .from(snippets)
    .where(or(eq(snippets.agentId, staff.id), isNull(snippets.agentId)))
    .orderBy(sql`${snippets.agentId} IS NULL`, asc(sql`lower(${snippets.title})`), asc(snippets.id));
  return rows.map((row) => toSnippet(row, staff));
}

/**
 * POST /api/snippets. The caps keep one list from growing without end (the picker loads it whole); the agent's
 * row is locked first so two tabs adding at once cannot both pass the count.
 */
export async function createSnippet(tx: Executor, staff: Staff, body: CreateSnippetBody, now: Date): Promise<Snippet> {
  if (body.shared && !staff.isAdmin) throw sharedAdminOnly();
  await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, staff.id)).for('update');
  const max = body.shared ? SHARED_SNIPPETS_MAX : SNIPPETS_PER_AGENT;
  const [held] = await tx
    .select({ n: count() })
    .from(snippets)
    .where(body.shared ? isNull(snippets.agentId) : eq(snippets.agentId, staff.id));
  if ((held?.n ?? 0) >= max) throw new ApiError(409, 'snippet-limit', t('agent.snippet-limit', { max: String(max) }));
  const [row] = await tx
    .insert(snippets)
    .values({ agentId: body.shared ? null : staff.id, title: body.title, body: body.body, createDate: now, updateDate: now })
    .returning();
  return toSnippet(row!, staff);
}

/**
 * The snippet the caller may change. Another agent's own snippet answers 404, as a missing one does (its
 * existence is not theirs to learn); a shared one 403 for a plain agent (they see it in their list).
 */
async function editableRow(tx: Executor, staff: Staff, id: string): Promise<SnippetRow> {
  const [row] = await tx
    .select()
    .from(snippets)
    .where(and(eq(snippets.id, id), or(eq(snippets.agentId, staff.id), isNull(snippets.agentId))))
    .for('update');
  if (!row) throw notFound();
  if (!canEdit(staff, row)) throw sharedAdminOnly();
  return row;
}

export async function updateSnippet(tx: Executor, staff: Staff, id: string, body: UpdateSnippetBody, now: Date): Promise<Snippet> {
  await editableRow(tx, staff, id);
  const [row] = await tx
    .update(snippets)
    .set({ ...(body.title !== undefined ? { title: body.title } : {}), ...(body.body !== undefined ? { body: body.body } : {}), updateDate: now })
    .where(eq(snippets.id, id))
    .returning();
  return toSnippet(row!, staff);
}

export async function deleteSnippet(tx: Executor, staff: Staff, id: string): Promise<void> {
  await editableRow(tx, staff, id);
  await tx.delete(snippets).where(eq(snippets.id, id));
}
