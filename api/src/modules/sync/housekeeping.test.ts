import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_KEY, CREDITS_KEY } from '@sync/engine/keys';
import type { Mutation, PatchOp, PullRequest, PullResponse, PushResponse } from '@sync/engine/mutations';
import { compareByDateThenId, HISTORY_WINDOW, windowChecksum } from '@sync/engine/window';
import type { MessageRecord } from '@sync/contract/messaging';
import { syncClients, syncMutations } from '../../db/schema/index.js';
import { jobs } from '../../jobs/index.js';
import { issueSession } from '../auth/sessions.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';
import { SYNC_RESULT_RETENTION_MS, pruneSyncResultsJob } from './prune.js';
import { checksumsOf } from './history-window.js';
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

/** A pull's pages from the cursor at a page size, as a device follows them; `between` runs after each page. */
async function pages(m: MemberFixture, client: string, cursor: number, limit: number, between?: (page: number) => Promise<void>): Promise<PullResponse[]> {
  const out: PullResponse[] = [];
  let req: PullRequest = { clientId: client, cursor };
  for (let guard = 0; guard < 100; guard++) {
    const page = await pull(ctx.deps, m.id, req, limit);
    out.push(page);
    await between?.(out.length);
    if (!page.more) return out;
    req = { clientId: client, cursor: page.cursor, snapshot: page.snapshot };
  }
  throw new Error('the pull never ended');
}

// Credits and the blocked profiles ride on every page; the rest are the page's changes.
const changesOf = (page: PullResponse) => page.patch.filter((op) => op.op !== 'clear' && !(op.op === 'put' && (op.key === CREDITS_KEY || op.key === BLOCKED_KEY)));
const messagesIn = (state: Map<string, unknown>, conversationId: string) =>
  [...state.entries()].filter(([key]) => key.startsWith(`message/${conversationId}/`)).map(([, v]) => v as MessageRecord);

/** Each conversation's checksum as the device computes it from what it holds. */
function deviceChecksums(state: Map<string, unknown>) {
  const ids = [...state.keys()].filter((k) => k.startsWith('conversation/')).map((k) => k.slice('conversation/'.length));
  return ids.map((id) => windowChecksum(id, messagesIn(state, id)));
}

async function sendsTo(m: MemberFixture, client: string, from: number, count: number, profile: string) {
  const body = await push(m, client, Array.from({ length: count }, (_, i) => send(client, from + i, profile)));
  expect(body.results.every((r) => r.ok)).toBe(true);
  return (body.results[0]!.result as { conversationId: string }).conversationId;
}

describe('first sync (a snapshot of the history window)', () => {
  it('page 1 holds every conversation and its latest message; later pages the rest of each window, whole conversations, no more than the page size; nothing twice; older messages stay on the server', async () => {
    const m = await createMemberWithCredits(ctx, 100);
    const client = newClientId();
    // 30 messages of one push share a millisecond: the window's order falls back to their ids, as on the device.
    const big = await sendsTo(m, client, 1, 30, profiles[0]!);
    ctx.clock.advance(1000);
    await sendsTo(m, client, 31, 30, profiles[0]!);
    const small = await sendsTo(m, client, 61, 3, profiles[1]!);
    const single = await sendsTo(m, client, 64, 1, profiles[2]!);
    const got = await pages(m, client, 0, 50);
    const [first, ...rest] = got;
    expect(first!.patch[0]).toEqual({ op: 'clear' });
    expect(first!.more).toBe(true);
    expect(first!.cursor).toBe(0);
    expect(first!.snapshot).toEqual(expect.any(String));
    const firstState = applyPages([first!.patch]);
    for (const id of [big, small, single]) {
      expect(firstState.has(`conversation/${id}`)).toBe(true);
      expect(messagesIn(firstState, id)).toHaveLength(1);
    }
    for (const page of rest) expect(changesOf(page).length).toBeLessThanOrEqual(50);
    const last = got.at(-1)!;
    expect(last.more).toBe(false);
    expect(last.snapshot).toBeUndefined();
    expect(last.lastMutationId).toBe(64);
    const keys = got.flatMap((p) => p.patch.flatMap((op) => (op.op === 'put' && op.key !== CREDITS_KEY && op.key !== BLOCKED_KEY ? [op.key] : [])));
    expect(new Set(keys).size).toBe(keys.length);
    const state = applyPages(got.map((p) => p.patch));
    expect(messagesIn(state, big)).toHaveLength(HISTORY_WINDOW);
    expect(messagesIn(state, small)).toHaveLength(3);
    // The window is the latest 50 as both sides order them, and the device's digests agree with the server's.
    // Scroll-back: the 10 older ones come from the conversation route, strictly before the device's oldest.
    const held = messagesIn(state, big).sort(compareByDateThenId);
    const older = await ctx.app.request(`/api/conversation/${big}?before=${held[0]!._id}&limit=50`, { headers: m.headers });
    expect(older.status).toBe(200);
    const scrolled = (await older.json()) as { messages: MessageRecord[]; hasMore: boolean };
    expect(scrolled.hasMore).toBe(false);
    expect(scrolled.messages).toHaveLength(10);
    const everything = [...held, ...scrolled.messages];
    expect(new Set(everything.map((x) => x._id)).size).toBe(60);
    expect(windowChecksum(big, messagesIn(state, big))).toEqual(windowChecksum(big, everything));
    const server = new Map((await checksumsOf(ctx.deps.db, [big, small, single])).map((c) => [c.conversationId, c]));
    for (const c of deviceChecksums(state)) expect(c).toEqual(server.get(c.conversationId));
    for (const c of last.checksums ?? []) expect(c).toEqual(server.get(c.conversationId));
    expect(last.checksums?.length).toBeGreaterThan(0);
  });

  it('changes made during the snapshot come through the incremental pull from its version, and the device ends holding the window', async () => {
    const m = await createMemberWithCredits(ctx, 100);
    const client = newClientId();
    const a = await sendsTo(m, client, 1, 55, profiles[0]!);
    const b = await sendsTo(m, client, 56, 2, profiles[1]!);
    let next = 58;
    const got = await pages(m, client, 0, 10, async (page) => {
      if (page > 2) return;
      ctx.clock.advance(1000);
      await sendsTo(m, client, next, 2, profiles[page - 1]!);
      next += 2;
    });
    const last = got.at(-1)!;
    expect(last.more).toBe(false);
    expect(last.lastMutationId).toBe(61);
    const state = applyPages(got.map((p) => p.patch));
    const server = new Map((await checksumsOf(ctx.deps.db, [a, b])).map((c) => [c.conversationId, c]));
    for (const c of deviceChecksums(state)) expect(c).toEqual(server.get(c.conversationId));
    expect(messagesIn(state, b)).toHaveLength(4);
  });

  it('a garbled snapshot, or one from a version the server does not have, starts again with clear', async () => {
    const m = await createMemberWithCredits(ctx, 5);
    const client = newClientId();
    await sendsTo(m, client, 1, 2, profiles[0]!);
    for (const snapshot of ['nope', '999999:', `1:${'x'.repeat(36)}`, `1:${'a'.repeat(36)}`, `1:${'-'.repeat(36)}`]) {
      const page = await pull(ctx.deps, m.id, { clientId: client, cursor: 0, snapshot });
      expect(page.patch[0]).toEqual({ op: 'clear' });
    }
  });

  it("a continuation or cursor taken from another member's pulls shows nothing of theirs; malformed ones answer 400", async () => {
    const [owner, other] = [await createMemberWithCredits(ctx, 5), await createMemberWithCredits(ctx, 5)];
    const [ownerClient, otherClient] = [newClientId(), newClientId()];
    const ownersConversation = await sendsTo(owner, ownerClient, 1, 3, profiles[1]!);
    await sendsTo(other, otherClient, 1, 2, profiles[2]!);
    const ownerPages = await pages(owner, ownerClient, 0, 2);
    const forged = [...ownerPages.map((p) => p.snapshot).filter((s) => s !== undefined), `1:${ownersConversation}`, `0:${randomUUID()}`];
    const foreign = (answers: PullResponse[]) => answers.flatMap((p) => p.patch).filter((op) => op.op !== 'clear' && op.key.includes(ownersConversation));
    expect(foreign(ownerPages)).not.toEqual([]);
    expect(ownerPages.some((p) => p.snapshot)).toBe(true);
    for (const snapshot of forged) {
      for (const cursor of [0, ownerPages.at(-1)!.cursor, 2 ** 40]) {
        const page = await pull(ctx.deps, other.id, { clientId: otherClient, cursor, snapshot });
        expect(foreign([page])).toEqual([]);
        expect(page.checksums?.map((c) => c.conversationId) ?? []).not.toContain(ownersConversation);
        expect(page.lastMutationId).toBe(2);
      }
    }
    const route = (body: unknown) => ctx.app.request('/api/sync/pull', jsonRequest('POST', body, other.headers));
    for (const body of [{ clientId: otherClient, cursor: -1 }, { clientId: otherClient, cursor: '5' }, { clientId: otherClient, cursor: 1.5 }, { clientId: otherClient, cursor: 2 ** 53 }, { clientId: otherClient, cursor: 0, snapshot: 7 }, { clientId: otherClient }]) {
      const res = await route(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toMatch(/^[a-z-]+$/);
    }
    expect((await route({ clientId: ownerClient, cursor: 0 })).status).toBe(403);
  });

  it('the route answers a member with nothing yet in one page', async () => {
    const m = await createMemberWithCredits(ctx, 0);
    const res = await ctx.app.request('/api/sync/pull', jsonRequest('POST', { clientId: newClientId(), cursor: 0 }, m.headers));
    expect(await res.json()).toMatchObject({ more: false, patch: [{ op: 'clear' }, { op: 'put', key: CREDITS_KEY, value: 0 }, { op: 'put', key: BLOCKED_KEY, value: [] }] });
  });
});

describe('incremental pull', () => {
  it('answers at most the page size with `more` and the cursor to go on from; the pages add up to what a new first sync holds, with checksums on the last', async () => {
    const m = await createMemberWithCredits(ctx, 20);
    const client = newClientId();
    // A member with something on the server: a device at cursor 0 has nothing, and its pull is a first sync.
    await sendsTo(m, client, 1, 1, profiles[0]!);
    const synced = await pages(m, client, 0, 500);
    // 3 conversations with 4 messages each: every push bumps the member's version once.
    for (let i = 0; i < 12; i++) expect((await push(m, client, [send(client, i + 2, profiles[i % 3]!)])).results[0]!.ok).toBe(true);
    const got = await pages(m, client, synced.at(-1)!.cursor, 4);
    expect(got.length).toBeGreaterThan(3);
    for (const page of got) {
      expect(changesOf(page).length).toBeGreaterThan(0);
      // Whole versions: a page may go past the size by the rows sharing its last version (a send's conversation and message).
      expect(changesOf(page).length).toBeLessThanOrEqual(4 + 2);
      expect(page.snapshot).toBeUndefined();
    }
    expect(got.at(-1)!.lastMutationId).toBe(13);
    const fresh = await pages(m, client, 0, 500);
    const state = applyPages([...synced, ...got].map((p) => p.patch));
    expect(Object.fromEntries(state)).toEqual(Object.fromEntries(applyPages(fresh.map((p) => p.patch))));
    // The last page's checksums cover what it touched, and the device's own agree.
    const device = new Map(deviceChecksums(state).map((c) => [c.conversationId, c]));
    expect(got.at(-1)!.checksums!.length).toBeGreaterThan(0);
    for (const c of got.at(-1)!.checksums!) expect(device.get(c.conversationId)).toEqual(c);
  });

  it("a push's messages share its version and travel together, in one page", async () => {
    const m = await createMemberWithCredits(ctx, 5);
    const client = newClientId();
    await sendsTo(m, client, 1, 1, profiles[0]!);
    const synced = await pages(m, client, 0, 500);
    await push(m, client, [send(client, 2, profiles[1]!), send(client, 3, profiles[1]!)]);
    const [page] = await pages(m, client, synced.at(-1)!.cursor, 1);
    expect(changesOf(page!).map((op) => (op as { key: string }).key.split('/')[0]).sort()).toEqual(['conversation', 'message', 'message']);
    expect(page!.more).toBe(false);
  });
});
