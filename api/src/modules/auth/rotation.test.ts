import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signAccessToken } from './tokens.js';
import { bearer, registerMember } from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const refresh = (token: string) => ctx.app.request('/api/authenticate', { method: 'PATCH', headers: bearer(token) });
async function refreshed(token: string): Promise<string> {
  const res = await refresh(token);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
const session = async (sid: string) => (await ctx.deps.db.select().from(authSessions).where(eq(authSessions.id, sid)))[0]!;
const me = (token: string, id: string) => ctx.app.request(`/api/user/${id}`, { headers: bearer(token) });

describe('refresh-token rotation (docs/api.md#auth)', () => {
  it('moves the session to the next generation: the new token refreshes, the replaced one still reads', async () => {
    const member = await registerMember(ctx);
    ctx.clock.advance(1000);
    const second = await refreshed(member.token);
    expect(decodeJwt(second)).toMatchObject({ sid: member.sid, gen: 1 });
    ctx.clock.advance(1000);
    const third = await refreshed(second);
    expect(decodeJwt(third)).toMatchObject({ gen: 2 });
    // A replaced token still reads until its own expiry; only refreshing is gone.
    expect((await me(member.token, member.id)).status).toBe(200);
    expect((await session(member.sid)).revokedDate).toBeNull();
  });

  it('revokes the whole session when a just-replaced token is presented again at once (reuse detection, no grace)', async () => {
    const member = await registerMember(ctx);
    const thief = await refreshed(member.token);
    // The member's tab refreshes a moment later with the token the thief already rotated: both sides lose the session.
    const reuse = await refresh(member.token);
    expect(reuse.status).toBe(403);
    expect(await reuse.json()).toEqual({ error: { code: 'token-expired', message: 'Your session has expired. You will be logged out.' } });
    expect(await session(member.sid)).toMatchObject({ revokedReason: 'refresh-token-reused' });
    // The new token is refused too: on refresh (403) and on ordinary calls (401).
    expect((await refresh(thief)).status).toBe(403);
    expect((await me(thief, member.id)).status).toBe(401);
    expect((await me(member.token, member.id)).status).toBe(401);
  });

  it('treats a token two generations back as reuse', async () => {
    const member = await registerMember(ctx);
    const second = await refreshed(member.token);
    await refreshed(second);
    expect((await refresh(member.token)).status).toBe(403);
    expect((await session(member.sid)).revokedReason).toBe('refresh-token-reused');
  });

  it('lets one of two simultaneous refreshes with the same token win and keeps the session', async () => {
    const member = await registerMember(ctx);
    const answers = await Promise.all([refresh(member.token), refresh(member.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    // The loser's token was current when it was read: superseded, not reuse.
    const loser = answers.find((r) => r.status === 403)!;
    expect((await loser.json()).error.code).toBe('token-superseded');
    const winner = (await answers.find((r) => r.status === 200)!.json()) as { access_token: string };
    expect((await session(member.sid)).revokedDate).toBeNull();
    expect(await refreshed(winner.access_token)).toBeTruthy();
  });

  it('still revokes when the token that lost a simultaneous race is presented again afterwards', async () => {
    const member = await registerMember(ctx);
    const answers = await Promise.all([refresh(member.token), refresh(member.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const winner = (await answers.find((r) => r.status === 200)!.json()) as { access_token: string };
    // The race is over: the same replaced token again is reuse.
    expect((await refresh(member.token)).status).toBe(403);
    expect((await session(member.sid)).revokedReason).toBe('refresh-token-reused');
    expect((await refresh(winner.access_token)).status).toBe(403);
  });

  it('accepts a token signed before rotation existed (no gen claim) as generation 0', async () => {
    const member = await registerMember(ctx);
    expect(decodeJwt(member.token).gen).toBe(0);
    await ctx.deps.db.update(authSessions).set({ tokenGeneration: 0 }).where(eq(authSessions.id, member.sid));
    const legacy = await signAccessToken(ctx.deps, { _id: member.id, type: 'user', sid: member.sid }, new Date(ctx.clock.now().getTime() + 60 * 60_000));
    expect(decodeJwt(legacy).gen).toBeUndefined();
    expect(decodeJwt(await refreshed(legacy)).gen).toBe(1);
  });

  it('logout revokes the session at once: no refresh, no call', async () => {
    const member = await registerMember(ctx);
    expect((await ctx.app.request('/api/logout', { method: 'POST', headers: bearer(member.token) })).status).toBe(200);
    expect((await refresh(member.token)).status).toBe(403);
    expect((await me(member.token, member.id)).status).toBe(401);
  });
});
