import { and, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { syncMutations } from '../../db/schema/index.js';
import type { Job } from '../../jobs/scheduler.js';

/**
 * How long a push's recorded answer is kept for replays. A device that lost an answer retries within
 * seconds or, offline, within days; after this a replay answers `pruned` and the pull shows the outcome.
 * The counter itself (sync_clients.last_mutation_id) is never pruned, so ids are still never applied twice.
 */
export const SYNC_RESULT_RETENTION_MS = 7 * 86_400_000;
/** Rows deleted per statement, so one pass never holds long locks. */
const BATCH = 5000;

/** Deletes recorded results older than the retention window; answers how many went. */
export async function pruneSyncResults(deps: AppDeps, retentionMs = SYNC_RESULT_RETENTION_MS): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - retentionMs);
  let total = 0;
  for (;;) {
    const batch = deps.db
      .select({ clientId: syncMutations.clientId, mutationId: syncMutations.mutationId })
      .from(syncMutations)
      .where(lt(syncMutations.createDate, before))
      .limit(BATCH);
    const gone = await deps.db
      .delete(syncMutations)
      .where(and(lt(syncMutations.createDate, before), sql`(${syncMutations.clientId}, ${syncMutations.mutationId}) in (${batch})`))
      .returning({ id: syncMutations.mutationId });
    total += gone.length;
    if (gone.length < BATCH) return total;
  }
}

/** Hourly; two processes deleting the same old rows is harmless. */
export const pruneSyncResultsJob: Job = { name: 'sync-results-prune', everyMs: 3_600_000, run: (deps) => pruneSyncResults(deps) };
