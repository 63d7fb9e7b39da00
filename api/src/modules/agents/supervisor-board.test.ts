import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LIFETIME_MS, supervisorBoard, type BoardAgent } from '@sync/contract/agents';
import { createFictive, createMember } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type LiveServer, startLiveServer } from '../../test/live-server.js';
import { issueSession } from '../auth/sessions.js';
import { claimExpiryJob } from './jobs.js';
import { callApi, goOnline, staffWithToken, stockConversations } from './test-helpers.js';

let ctx: TestContext;
let live: LiveServer;
let admin: Awaited<ReturnType<typeof staffWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  live = await startLiveServer(ctx);
  admin = await staffWithToken(ctx, { role: 'admin', firstName: 'Bea', lastName: 'Board' });
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

const pause = (headers: Record<string, string>, reason: string) =>
  callApi(ctx, 'POST', '/api/event', headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'paused', reason } });

async function board() {
  const res = await callApi(ctx, 'GET', '/api/admin/board', admin.headers);
  expect(res.status).toBe(200);
  // The answer is what the contract (and the OpenAPI document) says it is.
  return supervisorBoard.parse(res.body);
}
const rowOf = (b: Awaited<ReturnType<typeof board>>, id: string) => b.agents.find((a) => a.agentId === id) as BoardAgent;

async function socket(headers: { authorization: string }) {
  const { ws, frames } = await live.client(`/api/ws?token=${headers.authorization.replace('Bearer ', '')}`);
  return { ws, updates: () => frames.filter((f) => f.event === 'supervisorUpdate') };
}

describe('GET /api/admin/board', () => {
  it('answers admins only: an agent and a member are refused (403), no token 401', async () => {
    const agent = await staffWithToken(ctx);
    const member = await createMember(ctx);
    const { access_token } = await issueSession(ctx.deps, { type: 'user', id: member.id });
    expect((await callApi(ctx, 'GET', '/api/admin/board', agent.headers)).status).toBe(403);
    expect((await callApi(ctx, 'GET', '/api/admin/board', { authorization: `Bearer ${access_token}` })).status).toBe(403);
    expect((await callApi(ctx, 'GET', '/api/admin/board')).status).toBe(401);
    expect((await callApi(ctx, 'GET', '/api/admin/board', admin.headers)).status).toBe(200);
  });

  it("shows each agent's status, session start, break reason and start, and live claims with their expiry, on the server's clock", async () => {
    const profile = await createFictive(ctx);
    const worker = await staffWithToken(ctx, { firstName: 'Wanda', lastName: 'Worker', maxClaims: 3 });
    const rester = await staffWithToken(ctx, { firstName: 'Rory', lastName: 'Rest' });
    const idle = await staffWithToken(ctx, { firstName: 'Ida', lastName: 'Idle' });
    const t0 = ctx.clock.now().getTime();
    await goOnline(ctx, worker.headers);
    await goOnline(ctx, rester.headers);
    const stocked = await stockConversations(ctx, profile.id, 2, { since: new Date(t0 - 60_000) });

    ctx.clock.advance(10 * 60_000);
    const first = await callApi(ctx, 'GET', '/api/claim', worker.headers);
    expect(first.status).toBe(200);
    ctx.clock.advance(30_000);
    const second = await callApi(ctx, 'GET', '/api/claim', worker.headers);
    expect(second.status).toBe(200);
    expect(await pause(rester.headers, 'lunch')).toMatchObject({ status: 200 });
    ctx.clock.advance(90_000);

    const b = await board();
    expect(b.now).toBe(new Date(t0 + 12 * 60_000).toISOString());
    const w = rowOf(b, worker.id);
    expect(w).toMatchObject({ name: 'Wanda Worker', status: 'online', maxClaims: 3, break: null, session: { startDate: new Date(t0).toISOString() } });
    expect(w.claims.map((c) => [c.conversationId, c.claimTime, c.expiryTime])).toEqual([
      [first.body.conversation._id, new Date(t0 + 10 * 60_000).toISOString(), new Date(t0 + 10 * 60_000 + CLAIM_LIFETIME_MS).toISOString()],
      [second.body.conversation._id, new Date(t0 + 10 * 60_000 + 30_000).toISOString(), new Date(t0 + 10 * 60_000 + 30_000 + CLAIM_LIFETIME_MS).toISOString()],
    ]);
    expect(w.claims[0]).toMatchObject({ stock: 'message', profile: profile.username });
    expect(rowOf(b, rester.id)).toMatchObject({
      status: 'paused',
      session: { startDate: new Date(t0).toISOString() },
      break: { reason: 'lunch', startDate: new Date(t0 + 10 * 60_000 + 30_000).toISOString() },
      claims: [],
    });
    expect(rowOf(b, idle.id)).toMatchObject({ status: 'offline', session: null, break: null, claims: [] });
    // Online first, then on a break, then offline.
    const order = b.agents.map((a) => a.status);
    expect(order).toEqual([...order].sort((x, y) => ['online', 'paused', 'offline'].indexOf(x) - ['online', 'paused', 'offline'].indexOf(y)));

    // An admin's reply ends one claim; the other lapses when its time is up: the board drops both.
    const answered = stocked.find((s) => s.id === w.claims[0]!.conversationId)!;
    const replied = await callApi(ctx, 'POST', `/api/conversation/${answered.id}/message`, admin.headers, { message: 'From the office', admin: true, lastMessageId: answered.messageId });
    expect(replied.status).toBe(200);
    expect(rowOf(await board(), worker.id).claims.map((c) => c.conversationId)).toEqual([second.body.conversation._id]);
    ctx.clock.advance(CLAIM_LIFETIME_MS);
    expect(rowOf(await board(), worker.id).claims).toEqual([]);
    await claimExpiryJob.run(ctx.deps);
    expect(rowOf(await board(), worker.id).claims).toEqual([]);

    // Stop ends session and break.
    await callApi(ctx, 'POST', '/api/event', rester.headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'offline' } });
    expect(rowOf(await board(), rester.id)).toMatchObject({ status: 'offline', session: null, break: null });
  });

  it('tells admin sockets (and only them) when an agent goes online, claims, replies, releases or a claim lapses', async () => {
    const profile = await createFictive(ctx);
    const agent = await staffWithToken(ctx, { firstName: 'Sid', lastName: 'Socket' });
    const watcher = await socket(admin.headers);
    const other = await socket((await staffWithToken(ctx)).headers);
    const mine = () => watcher.updates().filter((f) => (f.agentIds as string[]).includes(agent.id)).map((f) => f.change);

    await goOnline(ctx, agent.headers);
    await expect.poll(mine).toEqual(['status']);
    await stockConversations(ctx, profile.id, 3, { since: new Date(ctx.clock.now().getTime() - 60_000) });
    const claimed = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    await expect.poll(mine).toEqual(['status', 'claim']);
    const held = claimed.body.conversation as { _id: string; messages: { _id: string }[] };
    expect((await callApi(ctx, 'POST', `/api/stock/${held._id}/reply`, agent.headers, { message: 'Hello', lastMessageId: held.messages[0]!._id })).status).toBe(200);
    await expect.poll(mine).toEqual(['status', 'claim', 'reply']);
    const again = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect((await callApi(ctx, 'POST', `/api/claims/${again.body.conversation._id}/release`, agent.headers)).status).toBe(200);
    await expect.poll(mine).toEqual(['status', 'claim', 'reply', 'claim', 'release']);
    await callApi(ctx, 'GET', '/api/claim', agent.headers);
    ctx.clock.advance(CLAIM_LIFETIME_MS + 1000);
    await claimExpiryJob.run(ctx.deps);
    await expect.poll(mine).toEqual(['status', 'claim', 'reply', 'claim', 'release', 'claim', 'expiry']);

    await new Promise((r) => setTimeout(r, 200));
    expect(other.updates()).toEqual([]);
    watcher.ws.close();
    other.ws.close();
  });
});
