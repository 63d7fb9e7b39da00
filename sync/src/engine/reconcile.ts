/**
 * Client-side reconcile: a pull patch lands on the confirmed (server) state, then what is still pending is
 * replayed on top with the same mutators. Shown credits = server credits − pending charges (docs/product.md#messaging).
 */
import { CONVERSATION_PREFIX, SERVER_PREFIXES, messagePrefix } from './keys.js';
import { MutationError, type Mutation, type MutationErrorBody, type PatchOp } from './mutations.js';
import { chargeOf, runMutation, type MutatorContext } from './mutators.js';
import { BufferedTx, type ReadTx, type WriteTx } from './store.js';

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
  /** The pending mutations' effects over the base: read through it for the state the member sees. */
  tx: BufferedTx;
  /** Pending mutations that no longer apply on the new server state (e.g. no credits left): show them as failed. */
  failed: { mutationId: number; error: MutationErrorBody }[];
}

/** A pending mutation; `createdAt` replays it at the time it was made, so a queued message keeps its date. */
export type PendingMutation = Pick<Mutation, 'mutationId' | 'name' | 'args'> & { createdAt?: number };

/**
 * Replays pending mutations (in id order) over the confirmed state without touching it. `base` may hold the
 * whole confirmed state (the engine's Replica) or only the rows the mutations read (a device rebuilding one
 * conversation): the cost is that of the pending mutations, never that of the history.
 */
export async function rebase(base: ReadTx, pending: readonly PendingMutation[], ctx: Omit<MutatorContext, 'side'>): Promise<RebaseOutcome> {
  const tx = new BufferedTx(base);
  const failed: RebaseOutcome['failed'] = [];
  for (const m of [...pending].sort((a, b) => a.mutationId - b.mutationId)) {
    const attempt = new BufferedTx(tx);
    try {
      await runMutation(attempt, m, { ...ctx, now: m.createdAt ?? ctx.now, side: 'client' });
      await attempt.commitTo(tx);
    } catch (err) {
      if (!(err instanceof MutationError)) throw err;
      failed.push({ mutationId: m.mutationId, error: err.toBody() });
    }
  }
  return { tx, failed };
}

export function pendingCharges(pending: readonly Pick<Mutation, 'name' | 'args'>[]): number {
  return pending.reduce((sum, m) => sum + chargeOf(m), 0);
}

export function shownCredits(serverCredits: number, pending: readonly Pick<Mutation, 'name' | 'args'>[]): number {
  return Math.max(0, serverCredits - pendingCharges(pending));
}
