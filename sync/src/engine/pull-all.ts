import type { PatchOp, PullRequest, PullResponse } from './mutations.js';

/**
 * Every page of a pull from cursor 0 applied to an empty key-value state, as a device follows them (the
 * snapshot's continuation sent back, `more` followed): what the member holds after a first sync.
 */
export async function pullState(pull: (req: PullRequest) => Promise<PullResponse>, clientId: string): Promise<Record<string, unknown>> {
  const state = new Map<string, unknown>();
  let req: PullRequest = { clientId, cursor: 0 };
  for (let pages = 0; pages < 1000; pages++) {
    const page = await pull(req);
    for (const op of page.patch) apply(state, op);
    if (!page.more) return Object.fromEntries(state);
    req = { clientId, cursor: page.cursor, ...(page.snapshot === undefined ? {} : { snapshot: page.snapshot }) };
  }
  throw new Error('the pull never ended');
}

function apply(state: Map<string, unknown>, op: PatchOp) {
  if (op.op === 'clear') state.clear();
  else if (op.op === 'put') state.set(op.key, op.value);
  else state.delete(op.key);
}
