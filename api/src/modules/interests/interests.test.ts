import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { favourites } from '../../db/schema/index.js';
import { bearer, createAgent, PASSWORD } from '../auth/test-helpers.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
const DAY = 86_400_000;

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const fav = (who: MemberFixture, body: unknown, id = who.id) => call('PATCH', `/api/user/${id}`, who.headers, body);
const ids = (page: { data: { _id: string }[] }) => page.data.map((p) => p._id);

async function agentToken(overrides: Parameters<typeof createAgent>[1] = {}) {
  const agent = await createAgent(ctx, overrides);
  const res = await call('POST', '/api/authenticate', {}, { username: agent.email, password: PASSWORD, type: 'agent' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return bearer(res.body.access_token);
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('favourites (PATCH /api/user/:id)', () => {
  it('a standard member gets 402 premium-required and nothing is stored', async () => {
    const m = await createMember(ctx);
    const p = await createFictive(ctx);
    const res = await fav(m, { favourite: p.id });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'premium-required', profileId: p.id, feature: 'favourite' });
    expect(await ctx.deps.db.select().from(favourites).where(eq(favourites.fromProfileId, m.profileId))).toHaveLength(0);
  });

  it('a premium member adds (idempotently), sees it listed and flagged, and removes it', async () => {
    const vip = await createMember(ctx, { isPremium: true });
    const p = await createFictive(ctx);
    expect(await fav(vip, { favourite: p.id })).toEqual({ status: 200, body: { favorite: true } });
    expect(await fav(vip, { favourite: p.id })).toEqual({ status: 200, body: { favorite: true } });
    const listed = await call('GET', '/api/interests/favorites', vip.headers);
    expect(listed.body).toMatchObject({ total: 1, page: 1, limit: 36 });
    expect(listed.body.data[0]).toMatchObject({ _id: p.id, favorite: true, listDate: expect.any(String) });
    expect((await call('GET', `/api/profile/${p.id}`, vip.headers)).body.favorite).toBe(true);
    expect((await call('GET', '/api/profiles', vip.headers)).body.data.find((x: { _id: string }) => x._id === p.id).favorite).toBe(true);
    expect(await fav(vip, { favourite: p.id, remove: true })).toEqual({ status: 200, body: { favorite: false } });
    expect((await call('GET', '/api/interests/favorites', vip.headers)).body.total).toBe(0);
  });

  it('removing is allowed to standard members; bad bodies 400; other ids 403; unknown profiles 404', async () => {
    const m = await createMember(ctx);
    const other = await createMember(ctx);
    const p = await createFictive(ctx);
    expect(await fav(m, { favourite: p.id, remove: true })).toEqual({ status: 200, body: { favorite: false } });
    expect((await fav(m, { favourite: 5 })).status).toBe(400);
    expect((await fav(m, { favourite: p.id, remove: 'yes' })).status).toBe(400);
    expect((await fav(m, { favourite: p.id, extra: 1 })).status).toBe(400);
    expect((await fav(m, { favourite: p.id }, other.id)).status).toBe(403);
    expect((await fav(m, { favourite: '00000000-0000-0000-0000-000000000000', remove: true })).status).toBe(404);
    expect((await fav(m, { favourite: other.profileId, remove: true })).status).toBe(404);
    const anonymous = await call('PATCH', `/api/user/${m.id}`, {}, { favourite: p.id });
    expect(anonymous.status).toBe(401);
  });

  it('bodies without favourite are left to the account-update handler (not this module)', async () => {
    const m = await createMember(ctx);
    // The users module (mounted after this one) saves it as an account update.
    const res = await fav(m, { firstName: 'Sam' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: m.id, firstName: 'Sam' });
    expect((await fav(m, 'not json')).status).toBeLessThan(500);
  });
});

describe('interests lists', () => {
  it('viewed and viewed-me, favorited-me recorded by staff, with counts and newest first', async () => {
    const m = await createMember(ctx);
    const [a, b] = [await createFictive(ctx), await createFictive(ctx)];
    await call('GET', `/api/profile/${a.id}`, m.headers);
    ctx.clock.advance(1000);
    await call('GET', `/api/profile/${b.id}`, m.headers);
    await call('GET', `/api/profile/${b.id}`, m.headers);
    const viewed = (await call('GET', '/api/interests/viewed', m.headers)).body;
    expect(ids(viewed)).toEqual([b.id, a.id]);
    expect(viewed.data.map((p: { viewCount: number }) => p.viewCount)).toEqual([2, 1]);

    const agent = await agentToken();
    const seen = await call('POST', `/api/profile/${a.id}/view-member`, agent, { userId: m.id });
    expect(seen.body).toMatchObject({ viewed: true, count: 1 });
    expect((await call('POST', `/api/profile/${a.id}/view-member`, agent, { userId: m.id })).body.count).toBe(2);
    const viewedMe = (await call('GET', '/api/interests/viewed-me', m.headers)).body;
    expect(ids(viewedMe)).toEqual([a.id]);
    expect(viewedMe.data[0].viewCount).toBe(2);

    expect((await call('POST', `/api/profile/${b.id}/favourite-member`, agent, { userId: m.id })).body).toEqual({ favorite: true });
    const favMe = (await call('GET', '/api/interests/favorited-me', m.headers)).body;
    expect(ids(favMe)).toEqual([b.id]);
    expect((await call('POST', `/api/profile/${b.id}/favourite-member`, agent, { userId: m.id, remove: true })).body).toEqual({ favorite: false });
    expect((await call('GET', '/api/interests/favorited-me', m.headers)).body.total).toBe(0);
  });

  it('a premium favourite shows in the profile side too (staff favourited list of that profile)', async () => {
    const vip = await createMember(ctx, { isPremium: true });
    const p = await createFictive(ctx);
    await fav(vip, { favourite: p.id });
    const rows = await ctx.deps.db.select().from(favourites).where(eq(favourites.toProfileId, p.id));
    expect(rows.map((r) => r.fromProfileId)).toEqual([vip.profileId]);
  });

  it('proposals: featured or new of the sought gender, minus swiped and favourited ones', async () => {
    const m = await createMember(ctx, { gender: 'woman', lookingFor: 'man', isPremium: true });
    const now = ctx.clock.now().getTime();
    const featured = await createFictive(ctx, { gender: 'man', isFeatured: true });
    const fresh = await createFictive(ctx, { gender: 'man', createDate: new Date(now - 2 * DAY) });
    const swiped = await createFictive(ctx, { gender: 'man', createDate: new Date(now - DAY) });
    const favourite = await createFictive(ctx, { gender: 'man', createDate: new Date(now - DAY) });
    await createFictive(ctx, { gender: 'man', createDate: new Date(now - 30 * DAY) }); // old, not featured
    await call('POST', '/api/match/swipe', m.headers, { toUserId: swiped.id, actionType: 'dislike' });
    await fav(m, { favourite: favourite.id });
    const proposals = (await call('GET', '/api/interests/proposals', m.headers)).body;
    expect(ids(proposals)).toEqual([featured.id, fresh.id]);
  });

  it('paging, unknown lists and bad paging', async () => {
    const m = await createMember(ctx);
    expect((await call('GET', '/api/interests/nope', m.headers)).status).toBe(404);
    expect((await call('GET', '/api/interests/viewed?limit=0', m.headers)).status).toBe(400);
    expect((await call('GET', '/api/interests/viewed?page=-1', m.headers)).status).toBe(400);
    expect((await call('GET', '/api/interests/viewed', {})).status).toBe(401);
    for (let i = 0; i < 3; i++) await call('GET', `/api/profile/${(await createFictive(ctx)).id}`, m.headers);
    const page2 = (await call('GET', '/api/interests/viewed?limit=2&page=2', m.headers)).body;
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.data).toHaveLength(1);
  });
});

describe('staff endpoints', () => {
  it('need an agent in scope; members get 403; unknown ids 404; bad bodies 400', async () => {
    const m = await createMember(ctx);
    const p = await createFictive(ctx);
    expect((await call('POST', `/api/profile/${p.id}/view-member`, m.headers, { userId: m.id })).status).toBe(403);
    const outOfScope = await agentToken({ scope: ['US-elsewhere.example'] });
    expect((await call('POST', `/api/profile/${p.id}/view-member`, outOfScope, { userId: m.id })).status).toBe(403);
    const admin = await agentToken({ role: 'admin', scope: [] });
    expect((await call('POST', `/api/profile/${p.id}/view-member`, admin, { userId: m.id })).status).toBe(200);
    const agent = await agentToken();
    expect((await call('POST', `/api/profile/${p.id}/view-member`, agent, {})).status).toBe(400);
    expect((await call('POST', `/api/profile/${p.id}/view-member`, agent, { userId: 'x' })).status).toBe(404);
    expect((await call('POST', `/api/profile/${m.profileId}/view-member`, agent, { userId: m.id })).status).toBe(404);
  });
});

describe('user state lists', () => {
  it('memberInterestIds answers favourited and viewed profile ids, newest first', async () => {
    const { memberInterestIds } = await import('./user-lists.js');
    const vip = await createMember(ctx, { isPremium: true });
    const [a, b] = [await createFictive(ctx), await createFictive(ctx)];
    await fav(vip, { favourite: a.id });
    await call('GET', `/api/profile/${a.id}`, vip.headers);
    ctx.clock.advance(1000);
    await call('GET', `/api/profile/${b.id}`, vip.headers);
    expect(await memberInterestIds(ctx.deps.db, vip.id)).toEqual({ favourites: [a.id], viewed: [b.id, a.id] });
  });
});
