import { and, eq } from 'drizzle-orm';
import { MutationError, type Mutation, type PushRequest, type PushResponse, type PushResult } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { syncClients, syncMutations } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { applyServerMutation } from './server-mutators.js';

type ClientRow = typeof syncClients.$inferSelect;

/** The client's row, created bound to this member on first use and locked until commit. Another member's id: 403. */
export async function lockClient(tx: Executor, clientId: string, userId: string): Promise<ClientRow> {
  await tx.insert(syncClients).values({ clientId, userId }).onConflictDoNothing();
  const [row] = await tx.select().from(syncClients).where(eq(syncClients.clientId, clientId)).for('update');
  if (!row || row.userId !== userId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  return row;
}

/** Read without creating: pulls and empty pushes. */
export async function readClient(tx: Executor, clientId: string, userId: string): Promise<ClientRow | undefined> {
  const [row] = await tx.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (row && row.userId !== userId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  return row;
}

type Step = { kind: 'done'; result: PushResult; last: number; applied: boolean } | { kind: 'future'; last: number };

/**
 * ARCHITECTURE "sync engine": per mutation, in one transaction, with the client's row locked: ids already
 * applied answer their recorded result; an id past the next one stops the push (the client resends from
 * lastMutationId + 1); the next id is applied in a savepoint, and a business failure is recorded in place of
 * its effects, the counter advancing either way. Mutations are taken in id order, each id once.
 */
export async function push(deps: AppDeps, userId: string, req: PushRequest): Promise<{ response: PushResponse; applied: number }> {
  const byId = new Map<number, Mutation>();
  for (const m of req.mutations) if (!byId.has(m.mutationId)) byId.set(m.mutationId, m);
  const ordered = [...byId.values()].sort((a, b) => a.mutationId - b.mutationId);

  const results: PushResult[] = [];
  let lastMutationId = (await readClient(deps.db, req.clientId, userId))?.lastMutationId ?? 0;
  let applied = 0;
  for (const m of ordered) {
    const step = await deps.db.transaction(async (tx): Promise<Step> => {
      const client = await lockClient(tx, req.clientId, userId);
      if (m.mutationId <= client.lastMutationId) {
        const [recorded] = await tx
          .select()
          .from(syncMutations)
          .where(and(eq(syncMutations.clientId, req.clientId), eq(syncMutations.mutationId, m.mutationId)));
        // No recorded row: the prune job removed it (sync/prune.ts, 7 days); the next pull shows the outcome.
        const result: PushResult = !recorded
          ? { mutationId: m.mutationId, ok: true, pruned: true }
          : recorded.error
            ? { mutationId: m.mutationId, ok: false, error: recorded.error }
            : { mutationId: m.mutationId, ok: true, result: recorded.result ?? undefined };
        return { kind: 'done', result, last: client.lastMutationId, applied: false };
      }
      if (m.mutationId > client.lastMutationId + 1) return { kind: 'future', last: client.lastMutationId };

      const now = deps.clock.now();
      let result: PushResult;
      try {
        const value = await tx.transaction((sp) => applyServerMutation(sp, userId, m, now));
        result = { mutationId: m.mutationId, ok: true, result: value };
      } catch (err) {
        if (!(err instanceof MutationError)) throw err;
        result = { mutationId: m.mutationId, ok: false, error: err.toBody() };
      }
      await tx.insert(syncMutations).values({
        clientId: req.clientId,
        mutationId: m.mutationId,
        name: m.name.slice(0, 64),
        result: result.ok ? (result.result ?? null) : null,
        error: result.ok ? null : result.error,
        createDate: now,
      });
      await tx.update(syncClients).set({ lastMutationId: m.mutationId, lastSeenDate: now }).where(eq(syncClients.clientId, req.clientId));
      return { kind: 'done', result, last: m.mutationId, applied: result.ok };
    });
    lastMutationId = step.last;
    if (step.kind === 'future') break;
    results.push(step.result);
    if (step.applied) applied += 1;
  }
  return { response: { results, lastMutationId }, applied };
}
