import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.js';
import { PASSWORD, bearer, createAgent, registerMember } from '../modules/auth/test-helpers.js';
import { createTestContext, jsonRequest, type TestContext } from '../test/harness.js';
import { type LiveServer, startLiveServer } from '../test/live-server.js';
import { WS_UNAUTHORIZED, wsRoutes } from './ws-route.js';

let ctx: TestContext;
let live: LiveServer;
let app: LiveServer['app'];

beforeAll(async () => {
  ctx = await createTestContext();
  // A second mount with a quick heartbeat, so the server's own heartbeat is observed without waiting 60 s.
  live = await startLiveServer(ctx, (root, upgradeWebSocket) => {
    const quick = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('deps', ctx.deps);
        await next();
      })
      .route('/quick', wsRoutes(upgradeWebSocket, { heartbeatMs: 50 }));
    root.route('/', quick);
  });
  app = live.app;
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

const connect = (path: string) => live.client(path);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => app.request(path, jsonRequest('POST', body, headers));

describe('GET /api/ws', () => {
  it('closes with 4401 for a missing, forged or expired token', async () => {
    const member = await registerMember(ctx);
    for (const path of ['/api/ws', '/api/ws?token=garbage', `/api/ws?token=${member.token.slice(0, -3)}abc`]) {
      const client = await connect(path);
      expect((await client.closed).code).toBe(WS_UNAUTHORIZED);
    }
    ctx.clock.advance(ctx.config.tokenTtlMs);
    const late = await connect(`/api/ws?token=${member.token}`);
    expect((await late.closed).code).toBe(WS_UNAUTHORIZED);
  });

  it('answers heartbeat frames, ignores unknown and malformed ones, and delivers room events', async () => {
    const member = await registerMember(ctx);
    const client = await connect(`/api/ws?token=${member.token}`);
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ event: 'somethingElse' }));
    client.ws.send(JSON.stringify({ event: 'heartbeat' }));
    expect(await client.next('heartbeat')).toEqual({ event: 'heartbeat' });
    await ctx.deps.realtime.publish(`user:${member.id}`, { event: 'userUpdate', payload: { credits: 3 } });
    expect(await client.next('userUpdate')).toEqual({ event: 'userUpdate', payload: { credits: 3 } });
    expect(client.frames.map((f) => f.event)).toEqual(['heartbeat', 'userUpdate']);
    client.ws.close();
    await client.closed;
  });

  it('sends its own heartbeat on an interval', async () => {
    const member = await registerMember(ctx);
    const client = await connect(`/quick/ws?token=${member.token}`);
    await client.next('heartbeat');
    await client.next('heartbeat');
    client.ws.close();
  });

  it('tells the socket to log out and closes it when its session logs out', async () => {
    const member = await registerMember(ctx);
    const client = await connect(`/api/ws?token=${member.token}`);
    expect((await post('/api/logout', {}, bearer(member.token))).status).toBe(200);
    expect(await client.next('logout')).toMatchObject({ event: 'logout' });
    expect((await client.closed).code).toBe(4000);
  });
});

describe('one device per agent', () => {
  it('answers 409 while the agent is signed in elsewhere; force takes over and logs the old socket out', async () => {
    const agent = await createAgent(ctx);
    const first = await post('/api/authenticate', { username: agent.email.toUpperCase(), password: PASSWORD, type: 'agent' });
    expect(first.status).toBe(200);
    const oldToken = (await first.json()).access_token;
    expect(decodeJwt(oldToken)).toMatchObject({ _id: agent.id, type: 'agent', role: 'agent', email: agent.email, scope: ['US-localhost'] });
    const oldSocket = await connect(`/api/ws?token=${oldToken}`);
    await ctx.deps.realtime.publish('agents', { event: 'agentStatusUpdate', status: 'online' });
    await oldSocket.next('agentStatusUpdate');

    const second = await post('/api/authenticate', { username: agent.email, password: PASSWORD, type: 'agent' });
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe('agent-already-logged-in');

    const forced = await post('/api/authenticate', { username: agent.email, password: PASSWORD, type: 'agent', force: true });
    expect(forced.status).toBe(200);
    const newToken = (await forced.json()).access_token;
    expect(await oldSocket.next('logout')).toMatchObject({ event: 'logout', reason: 'signed-in-elsewhere' });
    expect((await oldSocket.closed).code).toBe(4000);

    expect((await app.request('/api/authenticate', { method: 'PATCH', headers: bearer(oldToken) })).status).toBe(403);
    expect((await app.request('/api/authenticate', { method: 'PATCH', headers: bearer(newToken) })).status).toBe(200);
  });

  it('lets the agent sign in again once the old session has not been seen for a token lifetime', async () => {
    const agent = await createAgent(ctx);
    expect((await post('/api/authenticate', { username: agent.email, password: PASSWORD, type: 'agent' })).status).toBe(200);
    ctx.clock.advance(ctx.config.tokenTtlMs + 1);
    expect((await post('/api/authenticate', { username: agent.email, password: PASSWORD, type: 'agent' })).status).toBe(200);
  });

  it('serves two simultaneous sign-ins of one agent to one device only', async () => {
    const agent = await createAgent(ctx);
    const body = { username: agent.email, password: PASSWORD, type: 'agent' };
    const answers = await Promise.all([post('/api/authenticate', body), post('/api/authenticate', body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('checks the kind: members cannot use agent routes, agents may read a member, admins are agents', async () => {
    const member = await registerMember(ctx);
    const admin = await createAgent(ctx, { role: 'admin' });
    const token = (await (await post('/api/authenticate', { username: admin.email, password: PASSWORD, type: 'agent' })).json()).access_token;
    expect(decodeJwt(token).role).toBe('admin');
    expect((await app.request(`/api/user/${member.id}`, { headers: bearer(token) })).status).toBe(200);
    const { requireAuth } = await import('../modules/auth/middleware.js');
    const probe = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('deps', ctx.deps);
        await next();
      })
      .get('/admin', requireAuth('admin'), (c) => c.json(c.get('auth')))
      .get('/agent', requireAuth('agent'), (c) => c.json(c.get('auth')))
      .get('/user', requireAuth('user'), (c) => c.json(c.get('auth')));
    probe.onError((err, c) => c.json({ status: (err as { status?: number }).status }, ((err as { status?: number }).status ?? 500) as 401));
    expect((await probe.request('/admin', { headers: bearer(member.token) })).status).toBe(403);
    expect((await probe.request('/agent', { headers: bearer(member.token) })).status).toBe(403);
    expect((await probe.request('/user', { headers: bearer(token) })).status).toBe(403);
    const asAdmin = await probe.request('/admin', { headers: bearer(token) });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toEqual({ type: 'agent', id: admin.id, sid: decodeJwt(token).sid, role: 'admin' });
    expect(await (await probe.request('/user', { headers: bearer(member.token) })).json()).toEqual({ type: 'user', id: member.id, sid: member.sid });
  });
});
