/**
 * The client half of the protocol in memory: a confirmed copy of the server state, the pending queue, the
 * cursor. The web app does the same over Dexie (outbox + mirror); this one backs the engine's tests and
 * shows the order of operations: mutate → push → pull → rebase.
 */
import { CREDITS_KEY } from './keys.js';
import { LOCAL_MUTATIONS, MutationError, type Mutation, type MutationErrorBody, type MutationName, type PullResponse, type PushRequest, type PushResponse } from './mutations.js';
import { runMutation, type MutatorContext } from './mutators.js';
import { applyPatch, rebase, shownCredits } from './reconcile.js';
import { MemoryStore } from './store.js';

export class Replica {
  readonly confirmed = new MemoryStore();
  /** Drafts and other device-only state, never replaced by a pull. */
  readonly local = new MemoryStore();
  pending: Mutation[] = [];
  cursor = 0;
  private nextMutationId = 1;
  /** Mutations the server refused, for the UI to show with the reason. */
  readonly refused: { mutationId: number; name: string; error: MutationErrorBody }[] = [];

  constructor(
    readonly clientId: string,
    private readonly ctx: Omit<MutatorContext, 'side'>,
  ) {}

  /**
   * Applies a write optimistically and queues it. A write refused on the device (no credits, nothing to
   * send) is not queued: the UI opens the popup instead. Local-only writes never reach the outbox.
   */
  async mutate(name: MutationName, args: unknown): Promise<{ ok: true; mutationId?: number; result: unknown } | { ok: false; error: MutationErrorBody }> {
    const m = { clientId: this.clientId, mutationId: 0, name, args };
    try {
      if (LOCAL_MUTATIONS.has(name)) {
        return { ok: true, result: await this.local.transact((tx) => runMutation(tx, m, { ...this.ctx, side: 'client' })) };
      }
      const view = await this.view();
      const result = await view.transact((tx) => runMutation(tx, m, { ...this.ctx, side: 'client' }));
      if ((result as { skipped?: string }).skipped) return { ok: true, result };
      const queued = { ...m, mutationId: this.nextMutationId++ };
      this.pending.push(queued);
      return { ok: true, mutationId: queued.mutationId, result };
    } catch (err) {
      if (err instanceof MutationError) return { ok: false, error: err.toBody() };
      throw err;
    }
  }

  async view(): Promise<MemoryStore> {
    const view = this.confirmed.clone();
    await (await rebase(this.confirmed, this.pending, this.ctx)).tx.commitTo(view);
    return view;
  }

  async credits(): Promise<number> {
    return shownCredits((await this.confirmed.get<number>(CREDITS_KEY)) ?? 0, this.pending);
  }

  pushRequest(limit = 100): PushRequest {
    return { clientId: this.clientId, mutations: this.pending.slice(0, limit) };
  }

  /** Refusals are remembered for the UI; the queue itself only shrinks on pull, so nothing flickers. */
  onPushResponse(res: PushResponse) {
    for (const r of res.results) {
      if (r.ok || !r.error || this.refused.some((x) => x.mutationId === r.mutationId)) continue;
      const m = this.pending.find((p) => p.mutationId === r.mutationId);
      if (m) this.refused.push({ mutationId: r.mutationId, name: m.name, error: r.error });
    }
  }

  /** One page of a pull; the queue shrinks only on the last page, where lastMutationId matches the state. */
  async onPull(res: PullResponse) {
    await this.confirmed.transact((tx) => applyPatch(tx, res.patch));
    this.cursor = res.cursor;
    if (!res.more) this.pending = this.pending.filter((m) => m.mutationId > res.lastMutationId);
  }
}
