import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_KEY } from '@sync/engine/keys';
import type { Mutation, PatchOp, PullResponse, PushResponse } from '@sync/engine/mutations';
import { syncClients, syncMutations } from '../../db/schema/index.js';
import { jobs } from '../../jobs/index.js';
import { issueSession } from '../auth/sessions.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';
import { SYNC_RESULT_RETENTION_MS, pruneSyncResultsJob } from './prune.js';
import { pull } from './pull.js';

let ctx: TestContext;
const profiles: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 3; i++) profiles.push((await createFictive(ctx, { imageCount: 0 })).id);
});
afterAll(() => ctx?.close());

const newClientId = () => `c-${randomUUID().slice(0, 18)}`;

function send(client: string, mutationId: number, profileId = profiles[0]!, text = `hello ${mutationId}`): Mutation {
  return {
    clientId: client,
    mutationId,
    name: 'sendMessage',
    args: { conversationId: 'blank', profileId, messageId: randomUUID(), messageType: 'text', message: text },
  };
}

async function push(m: MemberFixture, client: string, mutations: Mutation[]) {
  const res = await ctx.app.request('/api/sync/push', jsonRequest('POST', { clientId: client, mutations }, m.headers));
  expect(res.status).toBe(200);
  return (await res.json()) as PushResponse;
}

const recordedIds = async (client: string) =>
  (await ctx.deps.db.select({ id: syncMutations.mutationId }).from(syncMutations).where(eq(syncMutations.clientId, client))).map((r) => r.id).sort();

/** Applies pages to a key-value map like the device's mirror does. */
function applyPages(pages: PatchOp[][]): Map<string, unknown> {
  const state = new Map<string, unknown>();
  for (const patch of pages)
    for (const op of patch) {
      if (op.op === 'clear') state.clear();
      else if (op.op === 'put') state.set(op.key, op.value);
      else state.delete(op.key);
    }
  return state;
}

describe('pruning recorded push results', () => {
  it('is one of the API jobs', () => {
    expect(jobs).toContain(pruneSyncResultsJob);
  });

  it('removes results older than 7 days, keeps newer ones and the counter; a replay of a pruned id answers `pruned` and changes nothing', async () => {
    const m = await createMemberWithCredits(ctx, 5);
    const client = newClientId();
    const first = await push(m, client, [send(client, 1), send(client, 2)]);
    expect(first.results.map((r) => r.ok)).toEqual([true, true]);

    ctx.clock.advance(SYNC_RESULT_RETENTION_MS - 60_000);
    // A week on, the member signs in again.
    const { access_token } = await issueSession(ctx.deps, { type: 'user', id: m.id });
    m.headers = { authorization: `Bearer ${access_token}` };
    await push(m, client, [send(client, 3)]);
    // Not old enough yet.
    expect(await pruneSyncResultsJob.run(ctx.deps)).toBe(0);

    ctx.clock.advance(2 * 60_000);
    expect(await pruneSyncResultsJob.run(ctx.deps)).toBe(2);
    expect(await recordedIds(client)).toEqual([3]);
    const [row] = await ctx.deps.db.select().from(syncClients).where(eq(syncClients.clientId, client));
    expect(row!.lastMutationId).toBe(3);

    // A device that never heard the answers to 1 and 2 sends them again: nothing is applied twice.
    const replay = await push(m, client, [send(client, 1), send(client, 2), send(client, 3), send(client, 4)]);
    expect(replay.results.slice(0, 2)).toEqual([
      { mutationId: 1, ok: true, pruned: true },
      { mutationId: 2, ok: true, pruned: true },
    ]);
    expect(replay.results[2]).toMatchObject({ mutationId: 3, ok: true, result: { credits: 2 } });
    expect(replay.results[3]).toMatchObject({ mutationId: 4, ok: true, result: { credits: 1 } });
    expect(replay.lastMutationId).toBe(4);
    await expectLedgerBalanced(ctx.deps.db, m.id);
    // A second pass finds nothing more.
    expect(await pruneSyncResultsJob.run(ctx.deps)).toBe(0);
  });
});

describe('paged pull', () => {
  it('answers at most the page size with `more` and the cursor to go on from; the pages add up to one full pull', async () => {
    const m = await createMemberWithCredits(ctx, 20);
    const client = newClientId();
    // 3 conversations with 4 messages each: every push bumps the member's version once.
    for (let i = 0; i < 12; i++) expect((await push(m, client, [send(client, i + 1, profiles[i % 3]!)])).results[0]!.ok).toBe(true);

    const full = await pull(ctx.deps, m.id, { clientId: client, cursor: 0 });
    expect(full.more).toBe(false);
    const pages: PatchOp[][] = [];
    let cursor = 0;
    let last: PullResponse | undefined;
    for (let guard = 0; guard < 50; guard++) {
      last = await pull(ctx.deps, m.id, { clientId: client, cursor }, 4);
      pages.push(last.patch);
      // Credits ride on every page; besides them a page holds at most the page size.
      const changes = last.patch.filter((op) => op.op !== 'clear' && !(op.op === 'put' && op.key === CREDITS_KEY));
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.length).toBeLessThanOrEqual(4);
      expect(last.cursor).toBeGreaterThan(cursor);
      cursor = last.cursor;
      if (!last.more) break;
    }
    expect(pages.length).toBeGreaterThan(3);
    expect(pages[0]![0]).toEqual({ op: 'clear' });
    expect(last!.cursor).toBe(full.cursor);
    expect(last!.lastMutationId).toBe(12);
    expect(Object.fromEntries(applyPages(pages))).toEqual(Object.fromEntries(applyPages([full.patch])));
  });

  it('a page of 1 is one transaction: a send\'s conversation and message share a version and travel together, and the page says no more', async () => {
    const m = await createMemberWithCredits(ctx, 5);
    const client = newClientId();
    await push(m, client, [send(client, 1, profiles[1]!)]);
    const page = await pull(ctx.deps, m.id, { clientId: client, cursor: 0 }, 1);
    const changes = page.patch.flatMap((op) => (op.op === 'put' && op.key !== CREDITS_KEY ? [op.key.split('/')[0]!] : []));
    expect(changes.sort()).toEqual(['conversation', 'message']);
    expect(page.more).toBe(false);
  });

  it('a change made between pages arrives on a later page', async () => {
    const m = await createMemberWithCredits(ctx, 10);
    const client = newClientId();
    for (const id of [1, 2, 3]) await push(m, client, [send(client, id)]);
    const first = await pull(ctx.deps, m.id, { clientId: client, cursor: 0 }, 2);
    expect(first.more).toBe(true);
    await push(m, client, [send(client, 4, profiles[0]!, 'written meanwhile')]);
    const pages = [first.patch];
    let cursor = first.cursor;
    for (;;) {
      const next = await pull(ctx.deps, m.id, { clientId: client, cursor }, 2);
      pages.push(next.patch);
      cursor = next.cursor;
      if (!next.more) break;
    }
    const state = applyPages(pages);
    expect([...state.values()].some((v) => (v as { message?: string }).message === 'written meanwhile')).toBe(true);
    const full = await pull(ctx.deps, m.id, { clientId: client, cursor: 0 });
    expect(Object.fromEntries(state)).toEqual(Object.fromEntries(applyPages([full.patch])));
  });

  it('the route answers `more` too', async () => {
    const m = await createMemberWithCredits(ctx, 0);
    const res = await ctx.app.request('/api/sync/pull', jsonRequest('POST', { clientId: newClientId(), cursor: 0 }, m.headers));
    expect(await res.json()).toMatchObject({ more: false, patch: [{ op: 'clear' }, { op: 'put', key: CREDITS_KEY, value: 0 }] });
  });
});
