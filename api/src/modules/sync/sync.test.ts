import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_KEY, CREDITS_KEY, localConversationId } from '@sync/engine/keys';
import { MAX_MUTATIONS_PER_PUSH, type Mutation, type PatchOp, type PullResponse, type PushResponse } from '@sync/engine/mutations';
import { conversations, creditLedger, messages, syncMutations, users } from '../../db/schema/index.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';

let ctx: TestContext;
let profileA: string;
let profileB: string;
const members: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  profileA = (await createFictive(ctx, { imageCount: 1 })).id;
  profileB = (await createFictive(ctx, { imageCount: 0 })).id;
});
afterAll(() => ctx?.close());
// The ledger adds up to the balance after every scenario.
afterEach(async () => expectLedgerBalanced(ctx.deps.db, ...members.splice(0)));

async function memberWith(credits: number) {
  const m = await createMemberWithCredits(ctx, credits);
  members.push(m.id);
  return m;
}

const clientId = () => `c-${randomUUID().slice(0, 18)}`;

function send(client: string, mutationId: number, over: Record<string, unknown> = {}): Mutation {
  return {
    clientId: client,
    mutationId,
    name: 'sendMessage',
    args: { conversationId: 'blank', profileId: profileA, messageId: randomUUID(), messageType: 'text', message: `hello ${mutationId}`, ...over },
  };
}

async function push(m: MemberFixture, client: string, mutations: Mutation[]) {
  const res = await ctx.app.request('/api/sync/push', jsonRequest('POST', { clientId: client, mutations }, m.headers));
  return { status: res.status, body: (await res.json()) as PushResponse };
}

async function pull(m: MemberFixture, client: string, cursor: number) {
  const res = await ctx.app.request('/api/sync/pull', jsonRequest('POST', { clientId: client, cursor }, m.headers));
  return { status: res.status, body: (await res.json()) as PullResponse };
}

/** Every page of a pull from the cursor, as a device takes them: the patches in order, the last page's cursor, counter and checksums. */
async function pullAll(m: MemberFixture, client: string, cursor: number) {
  const patch: PatchOp[] = [];
  let body: PullResponse = { cursor, lastMutationId: 0, patch: [], more: true };
  for (let pages = 0; body.more; pages++) {
    expect(pages).toBeLessThan(100);
    const res = await ctx.app.request('/api/sync/pull', jsonRequest('POST', { clientId: client, cursor: body.cursor, snapshot: body.snapshot }, m.headers));
    expect(res.status).toBe(200);
    body = (await res.json()) as PullResponse;
    patch.push(...body.patch);
  }
  return { status: 200, body: { ...body, patch } };
}

async function storedMessages(userId: string) {
  return ctx.deps.db
    .select({ id: messages.id, message: messages.message, clientId: messages.clientId, mutationId: messages.mutationId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(conversations.userId, userId));
}

async function messageCharges(userId: string) {
  return (await ctx.deps.db.select().from(creditLedger).where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'message')))).length;
}

const puts = (patch: PatchOp[], prefix: string) => patch.filter((p): p is Extract<PatchOp, { op: 'put' }> => p.op === 'put' && p.key.startsWith(prefix));

describe('POST /api/sync/push', () => {
  it('applies a blank send: conversation created, one credit charged, message stored under the client id, stocked for agents', async () => {
    const m = await memberWith(3);
    const c = clientId();
    const mutation = send(c, 1);
    const { status, body } = await push(m, c, [mutation]);
    expect(status).toBe(200);
    expect(body.lastMutationId).toBe(1);
    const [r] = body.results;
    expect(r).toMatchObject({ mutationId: 1, ok: true, result: { messageId: (mutation.args as { messageId: string }).messageId, credits: 2 } });
    const conversationId = (r!.result as { conversationId: string }).conversationId;
    const [conv] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conv).toMatchObject({ userId: m.id, profileId: profileA, hasUserMessage: true, stock: 'message' });
    expect(conv!.stockDate).toEqual(ctx.clock.now());
    expect(await storedMessages(m.id)).toEqual([{ id: (mutation.args as { messageId: string }).messageId, message: 'hello 1', clientId: c, mutationId: 1 }]);
    const [ledger] = await ctx.deps.db.select().from(creditLedger).where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'message')));
    expect(ledger).toMatchObject({ delta: -1, balanceAfter: 2, messageId: (mutation.args as { messageId: string }).messageId });
  });

  it('replays applied ids with their first result, takes a reordered push in id order, and charges each once', async () => {
    const m = await memberWith(5);
    const c = clientId();
    const [m1, m2, m3] = [send(c, 1), send(c, 2), send(c, 3, { profileId: profileB })];
    const first = await push(m, c, [m1!]);
    const again = await push(m, c, [m3!, m1!, m2!, m2!]);
    expect(again.body.lastMutationId).toBe(3);
    expect(again.body.results.map((r) => r.mutationId)).toEqual([1, 2, 3]);
    expect(again.body.results[0]).toEqual(first.body.results[0]);
    const replay = await push(m, c, [m1!, m2!, m3!]);
    expect(replay.body).toEqual(again.body);
    expect(await storedMessages(m.id)).toHaveLength(3);
    expect(await messageCharges(m.id)).toBe(3);
  });

  it('stops at an id from the future and answers what was applied', async () => {
    const m = await memberWith(5);
    const c = clientId();
    const gap = await push(m, c, [send(c, 2), send(c, 3)]);
    expect(gap.body).toEqual({ results: [], lastMutationId: 0 });
    const partial = await push(m, c, [send(c, 1), send(c, 3)]);
    expect(partial.body.lastMutationId).toBe(1);
    expect(partial.body.results.map((r) => r.mutationId)).toEqual([1]);
    expect(await storedMessages(m.id)).toHaveLength(1);
  });

  it('survives a process killed between the charge and the answer: the retry answers the first result, one charge', async () => {
    const m = await memberWith(2);
    const c = clientId();
    const mutation = send(c, 1);
    // The first answer is lost on the way back (the client never sees it).
    await push(m, c, [mutation]);
    const retry = await push(m, c, [mutation]);
    const recorded = await ctx.deps.db.select().from(syncMutations).where(eq(syncMutations.clientId, c));
    expect(retry.body.results).toEqual([{ mutationId: 1, ok: true, result: recorded[0]!.result }]);
    expect(await storedMessages(m.id)).toHaveLength(1);
    expect(await messageCharges(m.id)).toBe(1);
  });

  it('records a business failure, advances the counter, and answers it again on replay', async () => {
    const m = await memberWith(1);
    const c = clientId();
    const { body } = await push(m, c, [send(c, 1), send(c, 2), { clientId: c, mutationId: 3, name: 'noSuchThing', args: {} }, send(c, 4, { message: '   ' })]);
    expect(body.lastMutationId).toBe(4);
    expect(body.results.map((r) => [r.mutationId, r.ok, r.error?.code])).toEqual([
      [1, true, undefined],
      [2, false, 'no-credits'],
      [3, false, 'invalid-mutation'],
      [4, true, undefined],
    ]);
    expect(body.results[3]!.result).toEqual({ skipped: 'empty' });
    // docs/api.md#push: a refusal reads `{ ok: false, code, message }` (and `error` keeps both for older clients).
    expect(body.results[1]).toEqual({ mutationId: 2, ok: false, code: 'no-credits', message: expect.any(String), error: { code: 'no-credits', message: body.results[1]!.message } });
    const replay = await push(m, c, [send(c, 2)]);
    expect(replay.body.results).toEqual([body.results[1]]);
    expect(await storedMessages(m.id)).toHaveLength(1);
  });

  it('refuses unknown conversations and other members’ conversations as business failures', async () => {
    const owner = await memberWith(2);
    const other = await memberWith(2);
    const oc = clientId();
    const { body } = await push(owner, oc, [send(oc, 1)]);
    const ownersConversation = (body.results[0]!.result as { conversationId: string }).conversationId;
    const c = clientId();
    const res = await push(other, c, [send(c, 1, { conversationId: ownersConversation }), send(c, 2, { conversationId: 'not-a-uuid' })]);
    expect(res.body.results.map((r) => r.error?.code)).toEqual(['conversation-not-found', 'conversation-not-found']);
    expect(await storedMessages(other.id)).toHaveLength(0);
  });

  it("answers 403 for another member's client id and 400 for a malformed push", async () => {
    const a = await memberWith(1);
    const b = await memberWith(1);
    const c = clientId();
    await push(a, c, [send(c, 1)]);
    expect((await push(b, c, [send(c, 2)])).status).toBe(403);
    expect((await pull(b, c, 0)).status).toBe(403);
    for (const bad of [{}, { clientId: c }, { clientId: 'x', mutations: [] }, { clientId: c, mutations: [{ ...send(c, 1), clientId: clientId() }] }, { clientId: c, mutations: [{ ...send(c, 0) }] }]) {
      const res = await ctx.app.request('/api/sync/push', jsonRequest('POST', bad, a.headers));
      expect(res.status).toBe(400);
    }
    expect((await ctx.app.request('/api/sync/push', jsonRequest('POST', '{nope', a.headers))).status).toBe(400);
    expect((await ctx.app.request('/api/sync/push', jsonRequest('POST', { clientId: c, mutations: [] }))).status).toBe(401);
  });

  it('two clients of one member keep their own counters and share the data', async () => {
    const m = await memberWith(4);
    const [c1, c2] = [clientId(), clientId()];
    await push(m, c1, [send(c1, 1), send(c1, 2)]);
    const second = await push(m, c2, [send(c2, 1)]);
    expect(second.body.lastMutationId).toBe(1);
    const view1 = await pullAll(m, c1, 0);
    const view2 = await pullAll(m, c2, 0);
    expect(view1.body.lastMutationId).toBe(2);
    expect(view2.body.lastMutationId).toBe(1);
    expect(view1.body.patch).toEqual(view2.body.patch);
    expect(puts(view1.body.patch, 'message/')).toHaveLength(3);
    expect(puts(view1.body.patch, 'conversation/')).toHaveLength(1);
  });

  it('a member with 1 credit sending from two clients at once: one stored, one refused, balance 0', async () => {
    const m = await memberWith(1);
    const [c1, c2] = [clientId(), clientId()];
    const [a, b] = await Promise.all([push(m, c1, [send(c1, 1)]), push(m, c2, [send(c2, 1, { profileId: profileB })])]);
    const outcomes = [a.body.results[0], b.body.results[0]].map((r) => (r!.ok ? 'ok' : r!.error!.code)).sort();
    expect(outcomes).toEqual(['no-credits', 'ok']);
    expect(await storedMessages(m.id)).toHaveLength(1);
    expect((await pull(m, c1, 0)).body.patch.find((p) => p.op === 'put' && p.key === CREDITS_KEY)).toEqual({ op: 'put', key: CREDITS_KEY, value: 0 });
  });

  it('archives, restores and marks read by id or by the local id of a conversation started offline', async () => {
    const m = await memberWith(2);
    const c = clientId();
    const { body } = await push(m, c, [
      send(c, 1),
      { clientId: c, mutationId: 2, name: 'archiveConversation', args: { conversationId: localConversationId(profileA) } },
      { clientId: c, mutationId: 3, name: 'markRead', args: { conversationId: localConversationId(profileA) } },
      { clientId: c, mutationId: 4, name: 'saveDraft', args: { profileId: profileA, message: 'x' } },
    ]);
    expect(body.results.every((r) => r.ok)).toBe(true);
    const id = (body.results[0]!.result as { conversationId: string }).conversationId;
    expect(body.results[1]!.result).toEqual({ conversationId: id, archived: true });
    const restore = await push(m, c, [{ clientId: c, mutationId: 5, name: 'restoreConversation', args: { conversationId: id } }]);
    expect(restore.body.results[0]).toMatchObject({ ok: true, result: { archived: false } });
  });
});

describe('POST /api/sync/pull', () => {
  it('answers everything after a clear from cursor 0, then only what changed, with masked text and credits', async () => {
    const m = await memberWith(3);
    const c = clientId();
    await push(m, c, [send(c, 1, { message: 'write me: jane@example.com' })]);
    const full = await pullAll(m, c, 0);
    expect(full.status).toBe(200);
    expect(full.body.patch[0]).toEqual({ op: 'clear' });
    expect(full.body.lastMutationId).toBe(1);
    const [msg] = puts(full.body.patch, 'message/');
    expect((msg!.value as { message: string }).message).not.toContain('jane@example.com');
    const [conv] = puts(full.body.patch, 'conversation/');
    expect(conv!.value).toMatchObject({ profileId: profileA, hasUserMessage: true, archived: false, unread: 0 });
    expect((conv!.value as { profile: { avatar: string | null } }).profile.avatar).toMatch(/small/);

    const nothing = await pull(m, c, full.body.cursor);
    expect(nothing.body.patch).toEqual([
      { op: 'put', key: CREDITS_KEY, value: 2 },
      { op: 'put', key: BLOCKED_KEY, value: [] },
    ]);
    expect(nothing.body.cursor).toBe(full.body.cursor);

    ctx.clock.advance(60_000);
    await push(m, c, [send(c, 2)]);
    const delta = await pull(m, c, full.body.cursor);
    expect(puts(delta.body.patch, 'message/')).toHaveLength(1);
    expect(puts(delta.body.patch, 'conversation/')).toHaveLength(1);
    expect(delta.body.lastMutationId).toBe(2);
    expect(delta.body.cursor).toBeGreaterThan(full.body.cursor);
  });

  it('tells the client to drop a deleted conversation, and restarts from scratch on a cursor it does not know', async () => {
    const m = await memberWith(1);
    const c = clientId();
    const { body } = await push(m, c, [send(c, 1)]);
    const id = (body.results[0]!.result as { conversationId: string }).conversationId;
    const before = await pullAll(m, c, 0);
    await ctx.deps.db.delete(conversations).where(eq(conversations.id, id));
    const after = await pull(m, c, before.body.cursor);
    expect(after.body.patch).toContainEqual({ op: 'del', key: `conversation/${id}` });
    const ahead = await pull(m, c, after.body.cursor + 1000);
    expect(ahead.body.patch[0]).toEqual({ op: 'clear' });
    await ctx.deps.db.delete(creditLedger).where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'message')));
    await ctx.deps.db.insert(creditLedger).values({ userId: m.id, delta: -1, reason: 'message', balanceAfter: 0 });
  });
});

const sends = (client: string, from: number, count: number) => Array.from({ length: count }, (_, i) => send(client, from + i));

async function credits(userId: string) {
  const [row] = await ctx.deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

const outcomes = (body: PushResponse) => body.results.map((r) => (r.ok ? 'ok' : r.error!.code));

describe('a batched push', () => {
  it(`applies ${MAX_MUTATIONS_PER_PUSH} sends in one push, one conversation, each charged once; a replay of the batch changes nothing`, async () => {
    const m = await memberWith(MAX_MUTATIONS_PER_PUSH);
    const c = clientId();
    const batch = sends(c, 1, MAX_MUTATIONS_PER_PUSH);
    const first = await push(m, c, batch);
    expect(first.status).toBe(200);
    expect(first.body.lastMutationId).toBe(MAX_MUTATIONS_PER_PUSH);
    expect(first.body.results.map((r) => r.mutationId)).toEqual(batch.map((b) => b.mutationId));
    expect(first.body.results.every((r) => r.ok)).toBe(true);
    expect((first.body.results.at(-1)!.result as { credits: number }).credits).toBe(0);
    const conversationIds = new Set(first.body.results.map((r) => (r.result as { conversationId: string }).conversationId));
    expect(conversationIds.size).toBe(1);
    const replay = await push(m, c, batch);
    expect(replay.body).toEqual(first.body);
    expect(await storedMessages(m.id)).toHaveLength(MAX_MUTATIONS_PER_PUSH);
    expect(await credits(m.id)).toBe(0);
  });

  it('a batch right after the one before is dated after it: the device orders by date, so batches never interleave', async () => {
    const m = await memberWith(8);
    const c = clientId();
    // The app's clock stands still between the two pushes: the second batch must still come after the first's last send.
    expect((await push(m, c, sends(c, 1, 5))).body.lastMutationId).toBe(5);
    expect((await push(m, c, sends(c, 6, 3))).body.lastMutationId).toBe(8);
    const rows = await ctx.deps.db.select({ id: messages.mutationId, date: messages.dateSent }).from(messages).where(eq(messages.clientId, c));
    const byId = rows.sort((a, b) => a.id! - b.id!).map((r) => r.date.getTime());
    for (let i = 1; i < byId.length; i++) expect(byId[i]).toBeGreaterThan(byId[i - 1]!);
  });

  it('refuses more than the limit with 400 and applies nothing', async () => {
    const m = await memberWith(1);
    const c = clientId();
    const { status, body } = await push(m, c, sends(c, 1, MAX_MUTATIONS_PER_PUSH + 1));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await storedMessages(m.id)).toHaveLength(0);
  });

  it('records failures in the middle and goes on: no-credits, poison text, unknown names, then sends after a top-up', async () => {
    const m = await memberWith(3);
    const c = clientId();
    const batch = [
      send(c, 1),
      send(c, 2, { message: 'nul \u0000 inside' }),
      send(c, 3, { message: 'lone \ud800 surrogate' }),
      { clientId: c, mutationId: 4, name: 'send\u0000Message', args: {} },
      send(c, 5),
      send(c, 6),
      send(c, 7),
      send(c, 8, { message: 'pair 😀 is fine' }),
    ];
    const { status, body } = await push(m, c, batch);
    expect(status).toBe(200);
    expect(outcomes(body)).toEqual(['ok', 'invalid-mutation', 'invalid-mutation', 'invalid-mutation', 'ok', 'ok', 'no-credits', 'no-credits']);
    expect(body.lastMutationId).toBe(8);
    expect(body.results[6]!.error!.message).not.toBe('no-credits');
    expect((await storedMessages(m.id)).map((s) => s.mutationId).sort()).toEqual([1, 5, 6]);
    // The same ids again answer the recorded outcomes, texts included; the new one is applied.
    const replay = await push(m, c, [...batch, send(c, 9)]);
    expect(replay.body.results.slice(0, 8)).toEqual(body.results);
    expect(outcomes(replay.body)[8]).toBe('no-credits');
    expect(await credits(m.id)).toBe(0);
  });

  it('a failure after successes keeps the successes: the run before it is applied once, not twice', async () => {
    const m = await memberWith(10);
    const c = clientId();
    const batch = [...sends(c, 1, 3), send(c, 4, { conversationId: randomUUID() }), ...sends(c, 5, 3)];
    const { body } = await push(m, c, batch);
    expect(outcomes(body)).toEqual(['ok', 'ok', 'ok', 'conversation-not-found', 'ok', 'ok', 'ok']);
    expect(body.results.map((r) => (r.ok ? (r.result as { credits: number }).credits : null))).toEqual([9, 8, 7, null, 6, 5, 4]);
    expect(await storedMessages(m.id)).toHaveLength(6);
  });

  it('stops at an id past the next one; archive and mark-read runs keep their place in the order', async () => {
    const m = await memberWith(5);
    const c = clientId();
    const { body } = await push(m, c, [
      send(c, 1),
      { clientId: c, mutationId: 2, name: 'archiveConversation', args: { conversationId: localConversationId(profileA) } },
      send(c, 3),
      { clientId: c, mutationId: 4, name: 'markRead', args: { conversationId: randomUUID() } },
      send(c, 5),
      send(c, 7),
    ]);
    expect(outcomes(body)).toEqual(['ok', 'ok', 'ok', 'conversation-not-found', 'ok']);
    expect(body.lastMutationId).toBe(5);
    expect(await storedMessages(m.id)).toHaveLength(3);
  });

  it('two pushes of the same batch from one client at once apply each id once and answer the same', async () => {
    const m = await memberWith(100);
    const c = clientId();
    const batch = sends(c, 1, 50);
    const [a, b] = await Promise.all([push(m, c, batch), push(m, c, batch)]);
    expect(a.body).toEqual(b.body);
    expect(await storedMessages(m.id)).toHaveLength(50);
    expect(await credits(m.id)).toBe(50);
  });

  it('20 clients of one member sending at once with 3 credits: exactly 3 stored, never below 0', async () => {
    const m = await memberWith(3);
    const clients = Array.from({ length: 20 }, clientId);
    const answers = await Promise.all(clients.map((c) => push(m, c, [send(c, 1)])));
    expect(answers.flatMap((a) => outcomes(a.body)).filter((o) => o === 'ok')).toHaveLength(3);
    expect(await storedMessages(m.id)).toHaveLength(3);
    expect(await credits(m.id)).toBe(0);
  });
});
