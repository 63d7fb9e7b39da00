/**
 * Client-side reconcile: a pull patch lands on the confirmed (server) state, then what is still pending is
 * replayed on top with the same mutators. Shown credits = server credits − pending charges (SPEC §4).
 */
import { CONVERSATION_PREFIX, SERVER_PREFIXES, messagePrefix } from './keys.js';
import { MutationError, type Mutation, type MutationErrorBody, type PatchOp } from './mutations.js';
import { chargeOf, runMutation, type MutatorContext } from './mutators.js';
import { type MemoryStore, type WriteTx } from './store.js';

export async function applyPatch(tx: WriteTx, patch: readonly PatchOp[]): Promise<void> {
  for (const op of patch) {
    if (op.op === 'clear') {
      for (const prefix of SERVER_PREFIXES) for (const [key] of await tx.scan(prefix)) await tx.del(key);
    } else if (op.op === 'put') {
      await tx.put(op.key, op.value);
    } else {
      await tx.del(op.key);
      // A conversation takes its messages with it.
      if (op.key.startsWith(CONVERSATION_PREFIX)) {
        const id = op.key.slice(CONVERSATION_PREFIX.length);
        for (const [key] of await tx.scan(messagePrefix(id))) await tx.del(key);
      }
    }
  }
}

export interface RebaseOutcome {
  /** The state the member sees: confirmed + pending. */
  view: MemoryStore;
  /** Pending mutations that no longer apply on the new server state (e.g. no credits left): show them as failed. */
  failed: { mutationId: number; error: MutationErrorBody }[];
}

/** Replays pending mutations (in id order) over a copy of the confirmed state. */
export async function rebase(confirmed: MemoryStore, pending: readonly Mutation[], ctx: Omit<MutatorContext, 'side'>): Promise<RebaseOutcome> {
  const view = confirmed.clone();
  const failed: RebaseOutcome['failed'] = [];
  for (const m of [...pending].sort((a, b) => a.mutationId - b.mutationId)) {
    try {
      await view.transact((tx) => runMutation(tx, m, { ...ctx, side: 'client' }));
    } catch (err) {
      if (!(err instanceof MutationError)) throw err;
      failed.push({ mutationId: m.mutationId, error: err.toBody() });
    }
  }
  return { view, failed };
}

export function pendingCharges(pending: readonly Pick<Mutation, 'name' | 'args'>[]): number {
  return pending.reduce((sum, m) => sum + chargeOf(m), 0);
}

export function shownCredits(serverCredits: number, pending: readonly Pick<Mutation, 'name' | 'args'>[]): number {
  return Math.max(0, serverCredits - pendingCharges(pending));
}
