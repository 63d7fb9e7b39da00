import { eq, sql } from 'drizzle-orm';
import { isEmptyMessage } from '@sync/contract/messaging';
import { MutationError, parseMutation, type Mutation, type MutationErrorBody, type PushRequest, type PushResponse, type PushResult } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { FOREIGN_CLIENT, raisedBy } from '../../db/raised.js';
import { rowsOf } from '../../db/rows.js';
import { syncClients } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { raisedFailure, sendArgs, sendTarget } from '../messaging/service.js';
import { applyServerMutation } from './server-mutators.js';

type ClientRow = typeof syncClients.$inferSelect;

/** Read without creating: pulls and empty pushes. */
export async function readClient(tx: Executor, clientId: string, userId: string): Promise<ClientRow | undefined> {
  const [row] = await tx.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (row && row.userId !== userId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  return row;
}

type Step = { kind: 'done'; result: PushResult; last: number; applied: boolean } | { kind: 'future'; last: number };

/** What sync_push_begin and sync_push_send answer (api/drizzle/0008_send_in_one_call.sql, 0012_notify_after_commit.sql). */
type Begun =
  | { kind: 'next' | 'future' | 'pruned'; last: number }
  | { kind: 'recorded'; last: number; result: unknown; error: MutationErrorBody | null }
  | { kind: 'done'; last: number; result: unknown };

/**
 * ARCHITECTURE "sync engine": per mutation, in one transaction, with the client's row locked: ids already
 * applied answer their recorded result; an id past the next one stops the push (the client resends from
 * lastMutationId + 1); the next id is applied, and a business failure is recorded in place of its effects,
 * the counter advancing either way. Mutations are taken in id order, each id once.
 */
export async function push(deps: AppDeps, userId: string, req: PushRequest): Promise<{ response: PushResponse; applied: number }> {
  const byId = new Map<number, Mutation>();
  for (const m of req.mutations) if (!byId.has(m.mutationId)) byId.set(m.mutationId, m);
  const ordered = [...byId.values()].sort((a, b) => a.mutationId - b.mutationId);
  const results: PushResult[] = [];
  let lastMutationId: number | undefined;
  let applied = 0;
  for (const m of ordered) {
    const step = await pushOne(deps, userId, req.clientId, m);
    lastMutationId = step.last;
    if (step.kind === 'future') break;
    results.push(step.result);
    if (step.applied) applied += 1;
  }
  lastMutationId ??= (await readClient(deps.db, req.clientId, userId))?.lastMutationId ?? 0;
  return { response: { results, lastMutationId }, applied };
}

/**
 * The usual case (the next id, and it succeeds) is one transaction with no savepoint; a sendMessage is one call
 * of sync_push_send, no transaction of ours around it: every round trip to the database is CPU on both sides
 * (docs/decisions/0010-push-round-trips.md, 0015-send-in-one-call.md). A business failure rolls the whole
 * transaction back and a second one records it — unless another push of the same client recorded this id in
 * between, in which case that first outcome is the answer, as for any replay.
 */
async function pushOne(deps: AppDeps, userId: string, clientId: string, m: Mutation): Promise<Step> {
  const now = deps.clock.now();
  try {
    const parsed = parseMutation(m);
    if (parsed.name === 'sendMessage' && !isEmptyMessage(parsed.args)) {
      const args = parsed.args;
      const send = sendArgs(userId, sendTarget(args), args, args.messageId, now, { clientId, mutationId: m.mutationId });
      const [row] = rowsOf<{ out: Begun }>(
        await deps.db.execute(sql`select sync_push_send(${m.name.slice(0, 64)}::text, ${send}) as out`),
      );
      return stepOf(row!.out, m);
    }
    return await deps.db.transaction(async (tx): Promise<Step> => {
      const begun = await begin(tx, clientId, userId, m, now);
      if (begun.kind !== 'next') return stepOf(begun, m);
      const value = await applyServerMutation(tx, userId, m, parsed, now);
      const result: PushResult = { mutationId: m.mutationId, ok: true, result: value };
      await record(tx, clientId, m, result, now);
      return { kind: 'done', result, last: m.mutationId, applied: true };
    });
  } catch (caught) {
    const err = caught instanceof MutationError ? caught : raisedFailure(caught);
    if (!err) throw forbiddenIfForeign(caught);
    return deps.db.transaction(async (tx): Promise<Step> => {
      const begun = await begin(tx, clientId, userId, m, now);
      if (begun.kind !== 'next') return stepOf(begun, m);
      const result: PushResult = { mutationId: m.mutationId, ok: false, error: err.toBody() };
      await record(tx, clientId, m, result, now);
      return { kind: 'done', result, last: m.mutationId, applied: false };
    });
  }
}

/** The client's row, created bound to this member on first use and locked until commit; 403 for another member's. */
async function begin(tx: Executor, clientId: string, userId: string, m: Mutation, now: Date): Promise<Begun> {
  try {
    const [row] = rowsOf<{ out: Begun }>(
      await tx.execute(sql`select sync_push_begin(${clientId}::text, ${userId}::uuid, ${m.mutationId}::int, ${now.toISOString()}::timestamptz) as out`),
    );
    return row!.out;
  } catch (err) {
    throw forbiddenIfForeign(err);
  }
}

/** The database refused a client id bound to another member (SQLSTATE DM002): 403; any other error as it is. */
function forbiddenIfForeign(err: unknown): unknown {
  return raisedBy(err)?.code === FOREIGN_CLIENT ? new ApiError(403, 'forbidden', t('error.forbidden')) : err;
}

/** A step from the database's answer: applied now, answered as first recorded, pruned, or from the future. */
function stepOf(begun: Begun, m: Mutation): Step {
  switch (begun.kind) {
    case 'future':
    case 'next':
      return { kind: 'future', last: begun.last };
    case 'done':
      return { kind: 'done', result: { mutationId: m.mutationId, ok: true, result: begun.result }, last: begun.last, applied: true };
    // No recorded row: the prune job removed it (sync/prune.ts, 7 days); the next pull shows the outcome.
    case 'pruned':
      return { kind: 'done', result: { mutationId: m.mutationId, ok: true, pruned: true }, last: begun.last, applied: false };
    case 'recorded': {
      const result: PushResult = begun.error
        ? { mutationId: m.mutationId, ok: false, error: begun.error }
        : { mutationId: m.mutationId, ok: true, result: begun.result ?? undefined };
      return { kind: 'done', result, last: begun.last, applied: false };
    }
  }
}

/** The outcome and the counter in one call. */
async function record(tx: Executor, clientId: string, m: Mutation, result: PushResult, now: Date) {
  const value = result.ok ? (result.result ?? null) : null;
  const error = result.ok ? null : (result.error ?? null);
  await tx.execute(sql`select sync_push_record(${clientId}::text, ${m.mutationId}::int, ${m.name.slice(0, 64)}::text,
    ${value === null ? null : JSON.stringify(value)}::jsonb, ${error === null ? null : JSON.stringify(error)}::jsonb,
    ${now.toISOString()}::timestamptz)`);
}
