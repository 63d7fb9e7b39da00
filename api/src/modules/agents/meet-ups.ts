import { and, eq } from 'drizzle-orm';
import type { CreateMeetUpBody, MeetUp, UpdateMeetUpBody } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { Executor } from '../../db/client.js';
import { meetUps } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { type Staff, scopedConversation } from './staff.js';
import { toMeetUp } from './staff-conversation.js';

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

/** A meet-up is planned, never recorded after the fact: a date already past would enter the meet-up stock at once. */
function assertFuture(meetDate: string, now: Date) {
  if (new Date(meetDate).getTime() <= now.getTime()) throw new ApiError(400, 'meetup-in-the-past', t('agent.meetup-in-the-past'));
}

export async function addMeetUp(tx: Executor, staff: Staff, conversationId: string, body: CreateMeetUpBody, now: Date): Promise<MeetUp> {
  assertFuture(body.meetDate, now);
  const { conversation } = await scopedConversation(tx, staff, conversationId);
  const [row] = await tx
    .insert(meetUps)
    .values({
      conversationId: conversation.id,
      meetDate: new Date(body.meetDate),
      meetStatus: body.meetStatus,
      location: body.location,
      cancelInterval: body.cancelInterval,
      description: body.description,
      agentId: staff.id,
      createDate: now,
      updateDate: now,
    })
    .returning();
  return toMeetUp(row!);
}

async function lockedMeetUp(tx: Executor, staff: Staff, conversationId: string, meetUpId: string) {
  const { conversation } = await scopedConversation(tx, staff, conversationId);
  if (!isUuid(meetUpId)) throw notFound();
  const [row] = await tx
    .select()
    .from(meetUps)
    .where(and(eq(meetUps.id, meetUpId), eq(meetUps.conversationId, conversation.id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * PATCH: edits the fields given, or cancels with `cancelConfirm: true` (docs/product.md#agent-session: add, edit, cancel, remove).
 * A cancelled meet-up is final: it can only be removed.
 */
export async function updateMeetUp(
  tx: Executor,
  staff: Staff,
  conversationId: string,
  meetUpId: string,
  body: UpdateMeetUpBody,
  now: Date,
): Promise<{ meetUp: MeetUp; cancelled: boolean }> {
  const row = await lockedMeetUp(tx, staff, conversationId, meetUpId);
  const { cancelConfirm, meetDate, ...rest } = body;
  if (row.cancelDate) {
    throw new ApiError(409, 'meetup-cancelled', cancelConfirm ? t('agent.meetup-cancel-error') : t('agent.error-try-again'));
  }
  if (cancelConfirm === false) throw new ApiError(400, 'cancel-not-confirmed', t('agent.meetup-cancel-error'));
  if (meetDate) assertFuture(meetDate, now);
  const cancelled = cancelConfirm === true;
  const [updated] = await tx
    .update(meetUps)
    .set({
      ...rest,
      ...(meetDate ? { meetDate: new Date(meetDate) } : {}),
      ...(cancelled ? { cancelDate: now, meetStatus: 'cancelled' } : {}),
      updateDate: now,
    })
    .where(eq(meetUps.id, row.id))
    .returning();
  return { meetUp: toMeetUp(updated!), cancelled };
}

/** DELETE: only a cancelled meet-up may be removed. */
export async function deleteMeetUp(tx: Executor, staff: Staff, conversationId: string, meetUpId: string): Promise<void> {
  const row = await lockedMeetUp(tx, staff, conversationId, meetUpId);
  if (!row.cancelDate) throw new ApiError(409, 'meetup-not-cancelled', t('agent.meetup-delete-error'), { reason: 'Cancel the meet-up before removing it' });
  await tx.delete(meetUps).where(eq(meetUps.id, row.id));
}
