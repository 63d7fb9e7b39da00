import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, users } from '../../db/schema/index.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { SessionCache, type CachedSession } from './session-cache.js';
import { PASSWORD, bearer, createAgent, registerMember } from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const getAs = (path: string, token: string) => ctx.app.request(path, { headers: bearer(token) });

/** Until the trigger's NOTIFY has reached this process (delivered at commit, handled on the event loop). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

describe('the session cache of an API process', () => {
  it('serves a signed-in member from memory once read', async () => {
    const m = await registerMember(ctx);
    expect((await getAs(`/api/user/${m.id}`, m.token)).status).toBe(200);
    expect(ctx.deps.sessions.get(m.sid)).toMatchObject({ id: m.sid, userId: m.id, subjectType: 'user' });
  });

  it('logout refuses the token on the very next request', async () => {
    const m = await registerMember(ctx);
    expect((await getAs(`/api/user/${m.id}`, m.token)).status).toBe(200);
    expect((await ctx.app.request('/api/logout', jsonRequest('POST', {}, bearer(m.token)))).status).toBe(200);
    expect((await getAs(`/api/user/${m.id}`, m.token)).status).toBe(401);
  });

  it('a member blocked by any write (here straight in the database) is refused once the change commits', async () => {
    const m = await registerMember(ctx);
    expect((await getAs(`/api/user/${m.id}`, m.token)).status).toBe(200);
    await ctx.deps.db.update(users).set({ blocked: true }).where(eq(users.id, m.id));
    expect(await eventually(async () => (await getAs(`/api/user/${m.id}`, m.token)).status === 403)).toBe(true);
    expect(ctx.deps.sessions.get(m.sid)?.blocked).toBe(true);
  });

  it('an admin demoted to agent loses the admin routes once the change commits', async () => {
    const admin = await createAgent(ctx, { role: 'admin' });
    const login = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: admin.email, password: PASSWORD, type: 'agent' }));
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect((await getAs('/api/agents', token)).status).toBe(200);
    await ctx.deps.db.update(agents).set({ role: 'agent' }).where(eq(agents.id, admin.id));
    expect(await eventually(async () => (await getAs('/api/agents', token)).status === 403)).toBe(true);
  });

  it('forgets entries after its lifetime, and drops every session of a member or an agent on their notification', async () => {
    const cache = new SessionCache(20);
    const row = (id: string, userId: string | null, agentId: string | null): CachedSession => ({
      id,
      subjectType: userId ? 'user' : 'agent',
      userId,
      agentId,
      lastSeenDate: new Date(),
      expiryDate: new Date(Date.now() + 60_000),
      revokedDate: null,
      blocked: false,
      role: agentId ? 'agent' : null,
    });
    cache.set(row('s1', 'u1', null));
    cache.set(row('s2', 'u1', null));
    cache.set(row('s3', null, 'a1'));
    cache.set(row('s4', 'u2', null));
    cache.changed('user:u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined]);
    cache.changed('agent:a1');
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s4')?.userId).toBe('u2');
    cache.changed('s4');
    expect(cache.get('s4')).toBeUndefined();
    cache.set(row('s5', 'u3', null));
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.get('s5')).toBeUndefined();
    expect(new SessionCache(0).get('s5')).toBeUndefined();
  });
});
