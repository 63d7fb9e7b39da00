import { and, eq, isNull } from 'drizzle-orm';
import type { Memo, MemoType } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { Executor } from '../../db/client.js';
import { brands, memos, profiles } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { type Staff, scopedConversation, scopedMember } from './staff.js';
import { toMemo } from './staff-conversation.js';

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

/**
 * The member or fictive profile a memo across conversations is about, checked against the staff scope:
 * a member by `COUNTRY-domain`, a fictive profile by its brand's domain (any country of the scope).
 */
async function scopedSubject(exec: Executor, staff: Staff, type: MemoType, subjectId: string) {
  if (!isUuid(subjectId)) throw notFound();
  if (type === 'user') return scopedMember(exec, staff, subjectId);
  const [row] = await exec
    .select({ id: profiles.id, domain: brands.domain })
    .from(profiles)
    .innerJoin(brands, eq(brands.id, profiles.brandId))
    .where(and(eq(profiles.id, subjectId), eq(profiles.kind, 'fictive')));
  if (!row) throw notFound();
  if (!staff.isAdmin && !staff.scope.some((s) => s.endsWith(`-${row.domain}`))) throw new ApiError(403, 'out-of-scope', t('error.forbidden'));
  return row.id;
}

/** POST /api/conversation/{id}/note: a memo on the member (type user) or the profile (type profile) of this conversation. */
export async function addConversationMemo(tx: Executor, staff: Staff, conversationId: string, body: { note: string; type: MemoType }, now: Date): Promise<Memo> {
  const { conversation } = await scopedConversation(tx, staff, conversationId);
  const [row] = await tx
    .insert(memos)
    .values({
      type: body.type,
      conversationId: conversation.id,
      userId: conversation.userId,
      profileId: conversation.profileId,
      note: body.note,
      agentId: staff.id,
      createDate: now,
      updateDate: now,
    })
    .returning();
  return toMemo(row!);
}

/** POST /api/{type}/{userProfileID}/note: a global memo, shown in every conversation of that member or profile. */
export async function addGlobalMemo(tx: Executor, staff: Staff, type: MemoType, subjectId: string, note: string, now: Date): Promise<Memo> {
  const id = await scopedSubject(tx, staff, type, subjectId);
  const [row] = await tx
    .insert(memos)
    .values({
      type,
      global: true,
      userId: type === 'user' ? id : null,
      profileId: type === 'profile' ? id : null,
      note,
      agentId: staff.id,
      createDate: now,
      updateDate: now,
    })
    .returning();
  return toMemo(row!);
}

export type MemoOwner = { conversationId: string } | { type: MemoType; subjectId: string };

async function ownedMemo(tx: Executor, staff: Staff, owner: MemoOwner, noteId: string) {
  if (!isUuid(noteId)) throw notFound();
  let where;
  if ('conversationId' in owner) {
    const { conversation } = await scopedConversation(tx, staff, owner.conversationId);
    where = and(eq(memos.id, noteId), eq(memos.conversationId, conversation.id));
  } else {
    const id = await scopedSubject(tx, staff, owner.type, owner.subjectId);
    where = and(
      eq(memos.id, noteId),
      eq(memos.type, owner.type),
      isNull(memos.conversationId),
      owner.type === 'user' ? eq(memos.userId, id) : eq(memos.profileId, id),
    );
  }
  return where;
}

export async function updateMemo(tx: Executor, staff: Staff, owner: MemoOwner, noteId: string, body: { note?: string; archived?: boolean }, now: Date): Promise<Memo> {
  const where = await ownedMemo(tx, staff, owner, noteId);
  const [row] = await tx
    .update(memos)
    .set({ ...(body.note !== undefined ? { note: body.note } : {}), ...(body.archived !== undefined ? { archived: body.archived } : {}), updateDate: now })
    .where(where)
    .returning();
  if (!row) throw notFound();
  return toMemo(row);
}

export async function deleteMemo(tx: Executor, staff: Staff, owner: MemoOwner, noteId: string): Promise<void> {
  const where = await ownedMemo(tx, staff, owner, noteId);
  const [row] = await tx.delete(memos).where(where).returning({ id: memos.id });
  if (!row) throw notFound();
}

