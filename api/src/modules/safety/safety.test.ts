import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_KEY, conversationKey } from '@sync/engine/keys';
import type { PatchOp, PullResponse, PushResponse } from '@sync/engine/mutations';
import { conversations, favourites, matches, profileBlocks, profileReports, profiles, users } from '../../db/schema/index.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { callApi, staffWithToken } from '../agents/test-helpers.js';
import { createMemberWithCredits } from '../credits/test-helpers.js';

let ctx: TestContext;
let admin: Record<string, string>;
let agent: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await staffWithToken(ctx, { role: 'admin' })).headers;
  agent = (await staffWithToken(ctx, { role: 'agent' })).headers;
});
afterAll(() => ctx?.close());

const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => callApi(ctx, method, path, headers, body);
const ids = (body: { data: { _id: string }[] }) => body.data.map((p) => p._id);

async function pullAll(m: MemberFixture, clientId: string, cursor: number) {
  const patch: PatchOp[] = [];
  let body: PullResponse = { cursor, lastMutationId: 0, patch: [], more: true };
  for (let pages = 0; body.more; pages++) {
    expect(pages).toBeLessThan(50);
    const res = await call('POST', '/api/sync/pull', m.headers, { clientId, cursor: body.cursor, snapshot: body.snapshot });
    expect(res.status).toBe(200);
    body = res.body as PullResponse;
    patch.push(...body.patch);
  }
  return { ...body, patch };
}

/** A premium member who wrote to the profile, favourited it and matched it: it is in every list they have. */
async function memberEverywhere(p: { id: string }) {
  const m = await createMemberWithCredits(ctx, 10);
  await ctx.deps.db.update(users).set({ isPremium: true }).where(eq(users.id, m.id));
  expect((await call('POST', `/api/conversation/${p.id}`, m.headers, { message: 'Hello there', messageType: 'text' })).status).toBe(201);
  expect((await call('PATCH', `/api/user/${m.id}`, m.headers, { favourite: p.id })).status).toBe(200);
  await ctx.deps.db.insert(matches).values({ userId: m.id, profileId: p.id });
  // The profile looked at the member and favourited them back (the "likes" lists).
  await ctx.deps.db.insert(favourites).values({ fromProfileId: p.id, toProfileId: m.profileId });
  return m;
}

async function listsOf(m: MemberFixture, username: string) {
  const [search, favs, favMe, matched, conv] = await Promise.all([
    call('GET', `/api/profiles?search=${username}`, m.headers),
    call('GET', '/api/interests/favorites', m.headers),
    call('GET', '/api/interests/favorited-me', m.headers),
    call('GET', '/api/matches', m.headers),
    call('GET', '/api/conversations', m.headers),
  ]);
  return {
    search: ids(search.body),
    favourites: ids(favs.body),
    favouritedMe: ids(favMe.body),
    matches: ids(matched.body),
    conversations: conv.body.data.map((c: { profileId: string }) => c.profileId),
  };
}

describe('blocking a profile', () => {
  it('takes it out of every list, hides the conversation, refuses sends, and unblocking brings all back', async () => {
    const p = await createFictive(ctx);
    const m = await memberEverywhere(p);
    const listed = await listsOf(m, p.username);
    expect(listed).toEqual({ search: [p.id], favourites: [p.id], favouritedMe: [p.id], matches: [p.id], conversations: [p.id] });
    const [conv] = await ctx.deps.db.select().from(conversations).where(eq(conversations.userId, m.id));

    const block = await call('POST', `/api/profile/${p.id}/block`, m.headers);
    expect(block).toEqual({ status: 200, body: { profileId: p.id, blocked: true } });
    expect((await call('POST', `/api/profile/${p.id}/block`, m.headers)).status).toBe(200);
    expect(await listsOf(m, p.username)).toEqual({ search: [], favourites: [], favouritedMe: [], matches: [], conversations: [] });
    expect((await call('GET', `/api/profile/${p.id}`, m.headers)).status).toBe(404);
    expect((await call('GET', `/api/conversation/${conv!.id}`, m.headers)).status).toBe(404);
    expect((await call('POST', '/api/match/swipe', m.headers, { toUserId: p.id, actionType: 'like' })).status).toBe(404);
    expect((await call('GET', '/api/conversations/unread', m.headers)).body.total).toBe(0);

    const refused = await call('POST', `/api/conversation/${conv!.id}/message`, m.headers, { message: 'still there?', messageType: 'text' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'profile-blocked', message: 'You blocked this profile. Unblock it in Settings to write again.' });
    expect((await call('POST', `/api/conversation/${p.id}`, m.headers, { message: 'new start', messageType: 'text' })).body.error.code).toBe('profile-blocked');
    // The agents' queue lets it go.
    const [after] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conv!.id));
    expect(after).toMatchObject({ blocked: true, stock: null });

    const blocks = await call('GET', '/api/blocks', m.headers);
    expect(blocks.body.data).toEqual([{ profileId: p.id, username: p.username, avatar: expect.any(String), blockDate: expect.any(String) }]);

    expect(await call('DELETE', `/api/profile/${p.id}/block`, m.headers)).toEqual({ status: 200, body: { profileId: p.id, blocked: false } });
    expect(await listsOf(m, p.username)).toEqual({ search: [p.id], favourites: [p.id], favouritedMe: [p.id], matches: [p.id], conversations: [p.id] });
    expect((await call('POST', `/api/conversation/${conv!.id}/message`, m.headers, { message: 'back', messageType: 'text' })).status).toBe(200);
    expect((await call('DELETE', `/api/profile/${p.id}/block`, m.headers)).status).toBe(404);
  });

  it('reaches the devices: the conversation leaves the mirror, sends queued offline are refused, unblock brings it back', async () => {
    const p = await createFictive(ctx);
    const m = await memberEverywhere(p);
    const device = `c-${randomUUID().slice(0, 18)}`;
    const first = await pullAll(m, device, 0);
    const [conv] = await ctx.deps.db.select().from(conversations).where(eq(conversations.userId, m.id));
    expect(first.patch).toContainEqual(expect.objectContaining({ op: 'put', key: conversationKey(conv!.id) }));
    expect(first.patch).toContainEqual({ op: 'put', key: BLOCKED_KEY, value: [] });

    await call('POST', `/api/profile/${p.id}/block`, m.headers);
    const next = await pullAll(m, device, first.cursor);
    expect(next.patch).toContainEqual({ op: 'del', key: conversationKey(conv!.id) });
    expect(next.patch).toContainEqual({ op: 'put', key: BLOCKED_KEY, value: [p.id] });
    expect(next.patch.some((op) => op.op === 'put' && op.key.startsWith('message/'))).toBe(false);
    // A new device never gets it.
    const fresh = await pullAll(m, `c-${randomUUID().slice(0, 18)}`, 0);
    expect(fresh.patch.some((op) => 'key' in op && op.key.includes(conv!.id))).toBe(false);

    const pushed = await call('POST', '/api/sync/push', m.headers, {
      clientId: device,
      mutations: [
        { clientId: device, mutationId: 1, name: 'sendMessage', args: { conversationId: conv!.id, profileId: p.id, messageId: randomUUID(), messageType: 'text', message: 'queued offline' } },
        { clientId: device, mutationId: 2, name: 'sendMessage', args: { conversationId: 'blank', profileId: p.id, messageId: randomUUID(), messageType: 'text', message: 'again' } },
      ],
    });
    expect(pushed.status).toBe(200);
    const results = (pushed.body as PushResponse).results;
    expect(results.map((r) => (r.ok ? 'ok' : r.error?.code))).toEqual(['profile-blocked', 'profile-blocked']);

    await call('DELETE', `/api/profile/${p.id}/block`, m.headers);
    const back = await pullAll(m, device, next.cursor);
    expect(back.patch).toContainEqual(expect.objectContaining({ op: 'put', key: conversationKey(conv!.id) }));
    expect(back.patch).toContainEqual({ op: 'put', key: BLOCKED_KEY, value: [] });
    // The device holds no messages of it any more: the checksum tells it to fetch them again.
    expect(back.checksums).toContainEqual(expect.objectContaining({ conversationId: conv!.id, count: 1 }));
  });

  it('is each member’s own: others cannot see or undo it, and unknown or foreign profiles are 404', async () => {
    const p = await createFictive(ctx);
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    await call('POST', `/api/profile/${p.id}/block`, a.headers);
    expect((await call('GET', '/api/blocks', b.headers)).body.data).toEqual([]);
    expect((await call('DELETE', `/api/profile/${p.id}/block`, b.headers)).status).toBe(404);
    expect(await ctx.deps.db.select().from(profileBlocks).where(eq(profileBlocks.profileId, p.id))).toHaveLength(1);
    expect(ids((await call('GET', `/api/profiles?search=${p.username}`, b.headers)).body)).toEqual([p.id]);

    const other = await ctx.deps.db.insert(profiles).values({ kind: 'fictive', brandId: ctx.brand.id, username: `off_${randomUUID().slice(0, 6)}`, gender: 'woman', birthDate: '1995-01-01', active: false }).returning();
    for (const id of [randomUUID(), 'not-an-id', other[0]!.id, a.profileId, '%00']) {
      expect((await call('POST', `/api/profile/${id}/block`, a.headers)).status, id).toBe(404);
      expect((await call('POST', `/api/profile/${id}/report`, a.headers, { reason: 'other' })).status, id).toBe(404);
    }
    for (const headers of [{}, agent, admin]) {
      const status = Object.keys(headers).length ? 403 : 401;
      expect((await call('POST', `/api/profile/${p.id}/block`, headers)).status).toBe(status);
      expect((await call('GET', '/api/blocks', headers)).status).toBe(status);
      expect((await call('POST', `/api/profile/${p.id}/report`, headers, { reason: 'other' })).status).toBe(status);
    }
  });
});

describe('reporting a profile', () => {
  it('refuses hostile bodies with 400 and stores nothing', async () => {
    const p = await createFictive(ctx);
    const m = await createMember(ctx);
    for (const body of [
      {},
      { reason: 'mean' },
      { reason: 'other', details: 'a\u0000b' },
      { reason: 'other', details: '\ud800' },
      { reason: 'other', details: 'x'.repeat(1001) },
      { reason: 'other', details: 12 },
      { reason: 'other', admin: true },
      { reason: ['other'] },
      [],
      'other',
    ]) {
      const res = await call('POST', `/api/profile/${p.id}/report`, m.headers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await ctx.app.request(`/api/profile/${p.id}/report`, { method: 'POST', body: '{"reason":', headers: { ...m.headers, 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect(await ctx.deps.db.select().from(profileReports).where(eq(profileReports.profileId, p.id))).toHaveLength(0);
  });

  it('reaches the admins with the reason, the words, the reporter and the profile; one open report per member and profile', async () => {
    const p = await createFictive(ctx);
    const m = await createMember(ctx);
    const res = await call('POST', `/api/profile/${p.id}/report`, m.headers, { reason: 'spam-or-scam', details: '  asks for gift cards <script>  ', block: true });
    expect(res).toEqual({ status: 201, body: { _id: expect.any(String), status: 'open', blocked: true } });
    const again = await call('POST', `/api/profile/${p.id}/report`, m.headers, { reason: 'harassment' });
    expect(again.body._id).toBe(res.body._id);
    expect((await call('GET', '/api/blocks', m.headers)).body.data.map((b: { profileId: string }) => b.profileId)).toEqual([p.id]);

    const open = await call('GET', '/api/moderation/reports?status=open&limit=100', admin);
    expect(open.status).toBe(200);
    const mine = open.body.data.find((r: { _id: string }) => r._id === res.body._id);
    expect(mine).toMatchObject({
      reason: 'spam-or-scam',
      details: 'asks for gift cards <script>',
      status: 'open',
      outcome: null,
      reporter: { userId: m.id, username: m.username },
      profile: { _id: p.id, username: p.username, kind: 'fictive', active: true },
    });
    for (const headers of [m.headers, agent]) {
      expect((await call('GET', '/api/moderation/reports', headers)).status).toBe(403);
      expect((await call('POST', `/api/moderation/reports/${res.body._id}/resolve`, headers, { outcome: 'dismissed' })).status).toBe(403);
    }
    expect((await call('GET', '/api/moderation/reports', {})).status).toBe(401);
    for (const q of ['status=closed', 'page=0', 'limit=1000']) expect((await call('GET', `/api/moderation/reports?${q}`, admin)).status, q).toBe(400);
  });

  it('an admin resolves it once; deactivating the profile takes it out of every member’s lists and closes its other reports', async () => {
    const p = await createFictive(ctx);
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const ra = (await call('POST', `/api/profile/${p.id}/report`, a.headers, { reason: 'fake-profile' })).body._id;
    const rb = (await call('POST', `/api/profile/${p.id}/report`, b.headers, { reason: 'underage', details: 'says 16' })).body._id;
    for (const body of [{}, { outcome: 'ban' }, { outcome: 'dismissed', note: '\u0000' }, { outcome: 'dismissed', extra: 1 }]) {
      expect((await call('POST', `/api/moderation/reports/${ra}/resolve`, admin, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', `/api/moderation/reports/${randomUUID()}/resolve`, admin, { outcome: 'dismissed' })).status).toBe(404);
    const done = await call('POST', `/api/moderation/reports/${ra}/resolve`, admin, { outcome: 'profile-deactivated', note: 'stolen photos' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'resolved', outcome: 'profile-deactivated', note: 'stolen photos', resolvedBy: expect.any(String), profile: { active: false } });
    expect((await call('POST', `/api/moderation/reports/${ra}/resolve`, admin, { outcome: 'dismissed' })).status).toBe(409);
    const [other] = await ctx.deps.db.select().from(profileReports).where(eq(profileReports.id, rb));
    expect(other).toMatchObject({ status: 'resolved', outcome: 'profile-deactivated' });
    expect(ids((await call('GET', `/api/profiles?search=${p.username}`, b.headers)).body)).toEqual([]);
    const resolved = await call('GET', '/api/moderation/reports?status=resolved&limit=100', admin);
    expect(resolved.body.data.map((r: { _id: string }) => r._id)).toEqual(expect.arrayContaining([ra, rb]));
  });
});
