import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type LiveServer, startLiveServer } from '../../test/live-server.js';
import { callApi, goOnline, staffWithToken } from './test-helpers.js';

let ctx: TestContext;
let live: LiveServer;

beforeAll(async () => {
  ctx = await createTestContext({ AGENT_DISCONNECT_GRACE_SECONDS: '0.5' });
  live = await startLiveServer(ctx);
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

async function open(headers: { authorization: string }) {
  const { ws, frames } = await live.client(`/api/ws?token=${headers.authorization.replace('Bearer ', '')}`);
  return { ws, frames, statuses: () => frames.filter((f) => f.event === 'agentStatusUpdate') };
}

const closed = (ws: WebSocket) => new Promise((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve(null) : ws.once('close', resolve)));

describe('the agent socket', () => {
  it('takes agentStatusUpdate frames, fans the new state out to every socket of the agent, and refuses a second pause', async () => {
    const agent = await staffWithToken(ctx);
    const a = await open(agent.headers);
    const b = await open(agent.headers);
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'online' }));
    await expect.poll(() => b.statuses().map((f) => f.status)).toEqual(['online']);
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'paused', reason: 'break' }));
    await expect.poll(() => b.statuses().map((f) => f.status)).toEqual(['online', 'paused']);
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'online' }));
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'paused', reason: 'again' }));
    await expect.poll(() => a.frames.find((f) => f.error === 'pause-once-per-hour')).toMatchObject({ message: expect.stringMatching(/^You can only pause once per hour! Left: \d\d:\d\d$/) });
    a.ws.close();
    b.ws.close();
    await Promise.all([closed(a.ws), closed(b.ws)]);
  });

  it('refuses a frame the POST /api/event schema refuses: a bad status, a reason with a NUL or too long', async () => {
    const agent = await staffWithToken(ctx);
    const a = await open(agent.headers);
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'online' }));
    await expect.poll(() => a.statuses().map((f) => f.status)).toEqual(['online']);
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'asleep' }));
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'paused', reason: 'te\u0000a' }));
    a.ws.send(JSON.stringify({ event: 'agentStatusUpdate', status: 'paused', reason: 'x'.repeat(201) }));
    await expect.poll(() => a.frames.filter((f) => f.error).map((f) => f.error)).toEqual(['invalid-status', 'invalid-frame', 'invalid-frame']);
    expect((await callApi(ctx, 'GET', '/api/event', agent.headers)).body).toMatchObject({ status: 'online', break: null });
    a.ws.close();
    await closed(a.ws);
  });

  it('keeps session and break when a socket comes back within the grace period (a tab handing over)', async () => {
    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    await callApi(ctx, 'POST', '/api/event', agent.headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'paused', reason: 'tea' } });
    const leader = await open(agent.headers);
    leader.ws.close();
    await closed(leader.ws);
    const next = await open(agent.headers);
    await new Promise((r) => setTimeout(r, 800));
    expect((await callApi(ctx, 'GET', '/api/event', agent.headers)).body).toMatchObject({ status: 'paused', break: { reason: 'tea' } });
    next.ws.close();
    await closed(next.ws);
  });

  it('keeps the session while another socket of the agent stays open, and turns session and break off when the last one closes', async () => {
    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    const a = await open(agent.headers);
    const b = await open(agent.headers);
    await callApi(ctx, 'POST', '/api/event', agent.headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'paused', reason: 'tea' } });
    a.ws.close();
    await closed(a.ws);
    await new Promise((r) => setTimeout(r, 800));
    expect((await callApi(ctx, 'GET', '/api/event', agent.headers)).body.status).toBe('paused');
    b.ws.close();
    await closed(b.ws);
    await expect.poll(async () => (await callApi(ctx, 'GET', '/api/event', agent.headers)).body, { timeout: 3000 }).toMatchObject({ status: 'offline', session: null, break: null });
  });
});
