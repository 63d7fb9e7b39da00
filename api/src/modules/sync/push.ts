import { eq } from 'drizzle-orm';
import { MESSAGE_COST, isEmptyMessage } from '@sync/contract/messaging';
import { MutationError, parseMutation, refusedResult, type Mutation, type MutationErrorBody, type PushRequest, type PushResponse, type PushResult } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { syncPushBatch, syncPushBegin, syncPushRecord } from '../../db/functions/calls.js';
import { FOREIGN_CLIENT, raisedBy } from '../../db/raised.js';
import { syncClients } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { sendFailureTexts, sendTarget } from '../messaging/service.js';
import { applyServerMutation, type OwnMutation } from './server-mutators.js';

type ClientRow = typeof syncClients.$inferSelect;

/** Read without creating: pulls and empty pushes. */
export async function readClient(tx: Executor, clientId: string, userId: string): Promise<ClientRow | undefined> {
  const [row] = await tx.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (row && row.userId !== userId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  return row;
}

/** One mutation as sync_push_batch takes it (api/src/db/functions/sync_push_batch.sql). */
type BatchOp = { id: number; name: string } & (
  | { kind: 'send'; conversation: string | null; profile: string | null; messageId: string; type: string; message: string; attachment: string | null }
  | { kind: 'fixed'; outcome: { ok: true; result: unknown } | { ok: false; error: MutationErrorBody } }
);

/** A mutation whose effect the API writes itself (archive, restore, mark read), in a transaction of its own. */
type OwnTransaction = { kind: 'own'; mutation: Mutation; parsed: OwnMutation };

type Planned = BatchOp | OwnTransaction;

/**
 * docs/architecture.md#the-sync-engine, batched (docs/decisions/0026-batched-push-and-windowed-pull.md): the mutations in
 * id order, each id once; ids already applied answer their recorded result; an id past the next one stops the
 * push (the client resends from lastMutationId + 1); the next ids are applied, a business failure recorded in
 * place of its effects, the counter advancing either way. Sends, refusals and drafts go to the database as one
 * call (one transaction) per run; archive, restore and mark-read runs take one transaction each, as before.
 */
export async function push(deps: AppDeps, userId: string, req: PushRequest): Promise<{ response: PushResponse; applied: number }> {
  const byId = new Map<number, Mutation>();
  for (const m of req.mutations) if (!byId.has(m.mutationId)) byId.set(m.mutationId, m);
  const ordered = [...byId.values()].sort((a, b) => a.mutationId - b.mutationId);
  const now = deps.clock.now();
  const results: PushResult[] = [];
  let lastMutationId: number | undefined;
  let applied = 0;
  for (const run of runs(ordered.map((m) => plan(userId, m)))) {
    if (run.kind === 'own') {
      const step = await pushInTransaction(deps, userId, req.clientId, run.planned, now);
      lastMutationId = step.last;
      if (step.kind === 'future') break;
      results.push(step.result);
      if (step.applied) applied += 1;
      continue;
    }
    const answer = await callBatch(deps, userId, req.clientId, run.ops, now);
    results.push(...answer.results);
    lastMutationId = answer.last;
    applied += answer.applied;
    if (answer.results.length < run.ops.length) break;
  }
  lastMutationId ??= (await readClient(deps.db, req.clientId, userId))?.lastMutationId ?? 0;
  // Recorded refusals come back from the database with `error` alone.
  const answered = results.map((r) => (r.ok || !r.error ? r : refusedResult(r.mutationId, r.error)));
  return { response: { results: answered, lastMutationId }, applied };
}

/** Consecutive batchable mutations together; each own-transaction mutation alone. */
function* runs(planned: Planned[]): Generator<{ kind: 'batch'; ops: BatchOp[] } | { kind: 'own'; planned: OwnTransaction }> {
  let ops: BatchOp[] = [];
  for (const p of planned) {
    if (p.kind !== 'own') {
      ops.push(p);
      continue;
    }
    if (ops.length > 0) yield { kind: 'batch', ops };
    ops = [];
    yield { kind: 'own', planned: p };
  }
  if (ops.length > 0) yield { kind: 'batch', ops };
}

/** What the API decides before the database: the arguments' validity, an empty send, a draft. */
function plan(userId: string, m: Mutation): Planned {
  const name = storable(m.name);
  const fixed = (outcome: Extract<BatchOp, { kind: 'fixed' }>['outcome']): BatchOp => ({ id: m.mutationId, name, kind: 'fixed', outcome });
  try {
    const parsed = parseMutation({ name, args: m.args });
    switch (parsed.name) {
      case 'sendMessage': {
        const args = parsed.args;
        // docs/product.md#validation: empty text with no attachment does nothing, charges nothing.
        if (isEmptyMessage(args)) return fixed({ ok: true, result: { skipped: 'empty' } });
        const target = sendTarget(args);
        return {
          id: m.mutationId,
          name,
          kind: 'send',
          conversation: target.conversationId,
          profile: target.profileId,
          messageId: args.messageId,
          type: args.messageType,
          message: args.message,
          attachment: args.attachment ?? null,
        };
      }
      // Drafts live on the device; a client that pushes them anyway just moves its counter on.
      case 'saveDraft':
      case 'clearDraft':
        return fixed({ ok: true, result: {} });
      default:
        return { kind: 'own', mutation: m, parsed };
    }
  } catch (err) {
    if (!(err instanceof MutationError)) throw err;
    return fixed({ ok: false, error: { code: err.code, message: storable(err.message) } });
  }
}

/** NUL and lone surrogates replaced: a refused mutation's name or message is recorded, and PostgreSQL stores neither. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\ufffd').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

async function callBatch(deps: AppDeps, userId: string, clientId: string, ops: BatchOp[], now: Date) {
  try {
    return await syncPushBatch.call(deps.database, {
      uid: userId,
      p_client_id: clientId,
      p_ops: ops,
      p_texts: sendFailureTexts(),
      p_cost: MESSAGE_COST,
      p_now: now,
    });
  } catch (err) {
    throw forbiddenIfForeign(err);
  }
}

type Step = { kind: 'done'; result: PushResult; last: number; applied: boolean } | { kind: 'future'; last: number };

type Begun = Awaited<ReturnType<typeof syncPushBegin.callIn>>;

/**
 * One mutation the API writes itself, in one transaction with the client's row locked. A business failure rolls
 * it back and a second transaction records it — unless another push of the same client recorded this id in
 * between, in which case that first outcome is the answer, as for any replay.
 */
async function pushInTransaction(deps: AppDeps, userId: string, clientId: string, own: OwnTransaction, now: Date): Promise<Step> {
  const m = own.mutation;
  try {
    return await deps.db.transaction(async (tx): Promise<Step> => {
      const begun = await begin(tx, clientId, userId, m, now);
      if (begun.kind !== 'next') return stepOf(begun);
      const value = await applyServerMutation(tx, userId, own.parsed, now);
      const result: PushResult = { mutationId: m.mutationId, ok: true, result: value };
      await record(tx, clientId, m, result, now);
      return { kind: 'done', result, last: m.mutationId, applied: true };
    });
  } catch (caught) {
    if (!(caught instanceof MutationError)) throw forbiddenIfForeign(caught);
    return deps.db.transaction(async (tx): Promise<Step> => {
      const begun = await begin(tx, clientId, userId, m, now);
      if (begun.kind !== 'next') return stepOf(begun);
      const result: PushResult = { mutationId: m.mutationId, ok: false, error: caught.toBody() };
      await record(tx, clientId, m, result, now);
      return { kind: 'done', result, last: m.mutationId, applied: false };
    });
  }
}

/** The client's row, created bound to this member on first use and locked until commit; 403 for another member's. */
async function begin(tx: Executor, clientId: string, userId: string, m: Mutation, now: Date): Promise<Begun> {
  try {
    return await syncPushBegin.callIn(tx, { p_client_id: clientId, uid: userId, p_mutation_id: m.mutationId, p_now: now });
  } catch (err) {
    throw forbiddenIfForeign(err);
  }
}

/** The database refused a client id bound to another member (SQLSTATE DM002): 403; any other error as it is. */
function forbiddenIfForeign(err: unknown): unknown {
  return raisedBy(err)?.code === FOREIGN_CLIENT ? new ApiError(403, 'forbidden', t('error.forbidden')) : err;
}

/** A step from the database's answer: answered as first recorded (or pruned), or from the future. */
function stepOf(begun: Begun): Step {
  return begun.kind === 'recorded' ? { kind: 'done', result: begun.answer, last: begun.last, applied: false } : { kind: 'future', last: begun.last };
}

/** The outcome and the counter in one call. */
async function record(tx: Executor, clientId: string, m: Mutation, result: PushResult, now: Date) {
  await syncPushRecord.callIn(tx, {
    p_client_id: clientId,
    p_mutation_id: m.mutationId,
    p_name: m.name.slice(0, 64),
    p_result: result.ok ? (result.result ?? null) : null,
    p_error: result.ok ? null : (result.error ?? null),
    p_now: now,
  });
}
