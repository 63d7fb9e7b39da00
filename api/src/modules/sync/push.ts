import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MutationError, type Mutation, type PushRequest, type PushResponse, type PushResult } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { syncClients, syncMutations } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { applyServerMutation } from './server-mutators.js';

type ClientRow = typeof syncClients.$inferSelect;

/**
 * The client's row, created bound to this member on first use and locked until commit, in one statement (the
 * upsert takes the row lock an UPDATE would). Another member's id: 403.
 */
export async function lockClient(tx: Executor, clientId: string, userId: string, now?: Date): Promise<ClientRow> {
  const [row] = await tx
    .insert(syncClients)
    .values({ clientId, userId, ...(now ? { lastSeenDate: now } : {}) })
    .onConflictDoUpdate({ target: syncClients.clientId, set: { clientId: sql`excluded.client_id` } })
    .returning();
  if (!row || row.userId !== userId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  return row;
}

/** Read without creating: pulls and empty pushes. */
export async function readClient(tx: Executor, clientId: string, userId: string): Promise<ClientRow | undefined> {
  const [row] = await tx.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (row && row.userId !== userId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  return row;
}

type Step = { kind: 'done'; result: PushResult; last: number; applied: boolean; poked?: boolean } | { kind: 'future'; last: number };

/**
 * ARCHITECTURE "sync engine": per mutation, in one transaction, with the client's row locked: ids already
 * applied answer their recorded result; an id past the next one stops the push (the client resends from
 * lastMutationId + 1); the next id is applied, and a business failure is recorded in place of its effects,
 * the counter advancing either way. Mutations are taken in id order, each id once.
 */
export async function push(deps: AppDeps, userId: string, req: PushRequest): Promise<{ response: PushResponse; applied: number; pokePending: boolean }> {
  const byId = new Map<number, Mutation>();
  for (const m of req.mutations) if (!byId.has(m.mutationId)) byId.set(m.mutationId, m);
  const ordered = [...byId.values()].sort((a, b) => a.mutationId - b.mutationId);
  const results: PushResult[] = [];
  let lastMutationId: number | undefined;
  let applied = 0;
  let poked = false;
  // The member's other tabs are poked once per push: by the last mutation's own write when it applies (delivered
  // at its commit, no extra round trip), otherwise by the caller afterwards (pokePending).
  const poke = deps.realtime.notifySql(`user:${userId}`, { event: 'poke', clientId: req.clientId });
  for (const [i, m] of ordered.entries()) {
    const step = await pushOne(deps, userId, req.clientId, m, i === ordered.length - 1 ? poke : undefined);
    lastMutationId = step.last;
    if (step.kind === 'future') break;
    results.push(step.result);
    if (step.applied) applied += 1;
    if (step.poked) poked = true;
  }
  lastMutationId ??= (await readClient(deps.db, req.clientId, userId))?.lastMutationId ?? 0;
  return { response: { results, lastMutationId }, applied, pokePending: applied > 0 && !poked };
}

/**
 * The usual case (the next id, and it succeeds) is one transaction with no savepoint: every round trip to the
 * database is CPU in this process (docs/decisions/0010-push-round-trips.md). A business failure rolls the
 * whole transaction back and a second one records it — unless another push of the same client recorded this
 * id in between, in which case that first outcome is the answer, as for any replay.
 */
async function pushOne(deps: AppDeps, userId: string, clientId: string, m: Mutation, poke?: SQL): Promise<Step> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx): Promise<Step> => {
      const client = await lockClient(tx, clientId, userId, now);
      const settled = await settledStep(tx, client, m);
      if (settled) return settled;
      const value = await applyServerMutation(tx, userId, m, now);
      const result: PushResult = { mutationId: m.mutationId, ok: true, result: value };
      await record(tx, clientId, m, result, now, poke);
      return { kind: 'done', result, last: m.mutationId, applied: true, poked: !!poke };
    });
  } catch (err) {
    if (!(err instanceof MutationError)) throw err;
    return deps.db.transaction(async (tx): Promise<Step> => {
      const client = await lockClient(tx, clientId, userId, now);
      const settled = await settledStep(tx, client, m);
      if (settled) return settled;
      const result: PushResult = { mutationId: m.mutationId, ok: false, error: err.toBody() };
      await record(tx, clientId, m, result, now);
      return { kind: 'done', result, last: m.mutationId, applied: false };
    });
  }
}

/** An id already applied (its recorded answer) or one from the future (stop); undefined for the next id. */
async function settledStep(tx: Executor, client: ClientRow, m: Mutation): Promise<Step | undefined> {
  if (m.mutationId > client.lastMutationId + 1) return { kind: 'future', last: client.lastMutationId };
  if (m.mutationId > client.lastMutationId) return undefined;
  const [recorded] = await tx
    .select()
    .from(syncMutations)
    .where(and(eq(syncMutations.clientId, client.clientId), eq(syncMutations.mutationId, m.mutationId)));
  // No recorded row: the prune job removed it (sync/prune.ts, 7 days); the next pull shows the outcome.
  const result: PushResult = !recorded
    ? { mutationId: m.mutationId, ok: true, pruned: true }
    : recorded.error
      ? { mutationId: m.mutationId, ok: false, error: recorded.error }
      : { mutationId: m.mutationId, ok: true, result: recorded.result ?? undefined };
  return { kind: 'done', result, last: client.lastMutationId, applied: false };
}

/** The outcome and the counter in one statement, carrying the poke's NOTIFY when given. */
async function record(tx: Executor, clientId: string, m: Mutation, result: PushResult, now: Date, poke?: SQL) {
  const value = result.ok ? (result.result ?? null) : null;
  const error = result.ok ? null : (result.error ?? null);
  await tx.execute(sql`
    with recorded as (
      insert into ${syncMutations} (client_id, mutation_id, name, result, error, create_date)
      values (${clientId}, ${m.mutationId}, ${m.name.slice(0, 64)}, ${value === null ? null : JSON.stringify(value)}::jsonb,
              ${error === null ? null : JSON.stringify(error)}::jsonb, ${now.toISOString()}::timestamptz)
    )
    update ${syncClients} set last_mutation_id = ${m.mutationId}, last_seen_date = ${now.toISOString()}::timestamptz
    where client_id = ${clientId}${poke ? sql` returning ${poke}` : sql``}`);
}
