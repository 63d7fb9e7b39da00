import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { conversations, matches, messages, swipes, users } from '../../db/schema/index.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { DAILY_LIKES } from './likes-allowance.js';
import { likeBecomesMatch, pairDraw } from './match-rule.js';

let ctx: TestContext;
const DAY = 86_400_000;

async function call(method: string, path: string, who: MemberFixture, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, who.headers));
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}
const swipeCall = (who: MemberFixture, toUserId: string, actionType: 'like' | 'dislike' = 'like') =>
  call('POST', '/api/match/swipe', who, { toUserId, actionType });
const likesOf = async (id: string) => (await ctx.deps.db.select({ likes: users.likes }).from(users).where(eq(users.id, id)))[0]!.likes;

beforeAll(async () => {
  // Every willing profile likes back here, so each case below decides a match by matchOnLike alone.
  ctx = await createTestContext({ LIKE_BACK_RATE: '1' });
});
afterAll(() => ctx.close());

describe('match rule', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it('a like on a fictive profile with matchOnLike can match; nothing else does', () => {
    expect(likeBecomesMatch({ id, kind: 'fictive', matchOnLike: true }, id, 1)).toBe(true);
    expect(likeBecomesMatch({ id, kind: 'fictive', matchOnLike: true }, id, 0)).toBe(false);
    expect(likeBecomesMatch({ id, kind: 'fictive', matchOnLike: false }, id, 1)).toBe(false);
    expect(likeBecomesMatch({ id, kind: 'member', matchOnLike: true }, id, 1)).toBe(false);
  });

  it('a willing profile likes back about LIKE_BACK_RATE of members, the same answer for the same pair', () => {
    const member = crypto.randomUUID();
    const profilesIds = Array.from({ length: 2_000 }, () => crypto.randomUUID());
    const matched = profilesIds.filter((p) => likeBecomesMatch({ id: p, kind: 'fictive', matchOnLike: true }, member, 0.3));
    expect(matched.length / profilesIds.length).toBeGreaterThan(0.25);
    expect(matched.length / profilesIds.length).toBeLessThan(0.35);
    expect(profilesIds.map((p) => pairDraw(member, p))).toEqual(profilesIds.map((p) => pairDraw(member, p)));
  });

  it('through the API at the default rate: some likes match, most do not, and an undo cannot reroll one', async () => {
    const rated = await createTestContext();
    try {
      expect(rated.config.matching.likeBackRate).toBe(0.3);
      const m = await createMember(rated, { isPremium: true });
      const targets = await Promise.all(Array.from({ length: 20 }, () => createFictive(rated, { matchOnLike: true })));
      const answers: boolean[] = [];
      for (const target of targets) {
        const res = await rated.app.request('/api/match/swipe', jsonRequest('POST', { toUserId: target.id, actionType: 'like' }, m.headers));
        answers.push(((await res.json()) as { match: boolean }).match);
      }
      expect(answers).toEqual(targets.map((target) => pairDraw(m.id, target.id) < 0.3));
      const misses = targets.filter((_, i) => !answers[i]);
      expect(misses.length).toBeGreaterThan(0);
      const retry = misses[0]!;
      await rated.app.request('/api/match/undo', jsonRequest('POST', { toUserId: retry.id }, m.headers));
      const again = await rated.app.request('/api/match/swipe', jsonRequest('POST', { toUserId: retry.id, actionType: 'like' }, m.headers));
      expect(((await again.json()) as { match: boolean }).match).toBe(false);
    } finally {
      await rated.close();
    }
  });
});

describe('swipe', () => {
  it('a like that matches opens a conversation; a dislike does not; the same profile twice live is 409', async () => {
    const m = await createMember(ctx);
    const hot = await createFictive(ctx, { matchOnLike: true });
    const coy = await createFictive(ctx, { matchOnLike: false });
    const meh = await createFictive(ctx);
    const liked = await swipeCall(m, hot.id);
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ match: true, conversationId: expect.any(String), likes: DAILY_LIKES.standard - 1 });
    const [conv] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, liked.body.conversationId));
    expect(conv).toMatchObject({ userId: m.id, profileId: hot.id, brandId: ctx.brand.id });
    expect((await swipeCall(m, coy.id)).body).toEqual({ match: false, conversationId: null, likes: DAILY_LIKES.standard - 2 });
    expect((await swipeCall(m, meh.id, 'dislike')).body).toEqual({ match: false, conversationId: null, likes: DAILY_LIKES.standard - 2 });
    const again = await swipeCall(m, hot.id, 'dislike');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already-swiped');
    expect(await likesOf(m.id)).toBe(DAILY_LIKES.standard - 2);

    const listed = await call('GET', '/api/matches', m);
    expect(listed.body.total).toBe(1);
    expect(listed.body.data[0]).toMatchObject({ _id: hot.id, conversationId: liked.body.conversationId, matchDate: expect.any(String) });
  });

  it('likes run out: 402 no-likes with the profile, never below 0, dislikes still work', async () => {
    const m = await createMember(ctx);
    const targets = await Promise.all(Array.from({ length: DAILY_LIKES.standard + 2 }, () => createFictive(ctx, { matchOnLike: false })));
    for (let i = 0; i < DAILY_LIKES.standard; i++) expect((await swipeCall(m, targets[i]!.id)).status).toBe(200);
    const out = await swipeCall(m, targets[DAILY_LIKES.standard]!.id);
    expect(out.status).toBe(402);
    expect(out.body.error).toMatchObject({ code: 'no-likes', profileId: targets[DAILY_LIKES.standard]!.id, feature: 'like' });
    expect(await likesOf(m.id)).toBe(0);
    // Nothing of the refused like was stored.
    const live = await ctx.deps.db.select().from(swipes).where(and(eq(swipes.userId, m.id), isNull(swipes.undoDate)));
    expect(live).toHaveLength(DAILY_LIKES.standard);
    expect((await swipeCall(m, targets[DAILY_LIKES.standard]!.id, 'dislike')).status).toBe(200);
  });

  it('the allowance refills at the next midnight of the brand, premium members get more', async () => {
    const m = await createMember(ctx);
    const vip = await createMember(ctx, { isPremium: true });
    expect((await call('GET', '/api/match/likes', vip)).body).toMatchObject({ likes: DAILY_LIKES.premium, dailyLikes: DAILY_LIKES.premium });
    await ctx.deps.db.update(users).set({ likes: 0, likesRefillDate: ctx.clock.now() }).where(eq(users.id, m.id));
    const status = (await call('GET', '/api/match/likes', m)).body;
    expect(status.likes).toBe(0);
    const refill = new Date(status.nextRefillDate).getTime();
    expect(refill).toBeGreaterThan(ctx.clock.now().getTime());
    expect(refill - ctx.clock.now().getTime()).toBeLessThanOrEqual(DAY);
    const saved = ctx.clock.now().getTime();
    ctx.clock.set(refill);
    try {
      const fresh = await createMember(ctx); // tokens last 2 hours
      await ctx.deps.db.update(users).set({ likes: 0, likesRefillDate: new Date(refill - 1) }).where(eq(users.id, fresh.id));
      expect((await call('GET', '/api/match/likes', fresh)).body.likes).toBe(DAILY_LIKES.standard);
      // Once per day: spending after the refill is not undone by another read.
      await ctx.deps.db.update(users).set({ likes: 3 }).where(eq(users.id, fresh.id));
      expect((await call('GET', '/api/match/likes', fresh)).body.likes).toBe(3);
    } finally {
      ctx.clock.set(saved);
    }
  });

  it('concurrent likes with one like left: exactly one succeeds', async () => {
    const m = await createMember(ctx);
    await call('GET', '/api/match/likes', m); // today's refill done
    await ctx.deps.db.update(users).set({ likes: 1 }).where(eq(users.id, m.id));
    const targets = await Promise.all(Array.from({ length: 6 }, () => createFictive(ctx, { matchOnLike: false })));
    const results = await Promise.all(targets.map((p) => swipeCall(m, p.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 402)).toHaveLength(5);
    expect(await likesOf(m.id)).toBe(0);
    const live = await ctx.deps.db.select().from(swipes).where(and(eq(swipes.userId, m.id), isNull(swipes.undoDate)));
    expect(live).toHaveLength(1);
  });

  it('concurrent likes of the same profile: one swipe, one like spent, the rest 409', async () => {
    const m = await createMember(ctx);
    const p = await createFictive(ctx);
    const results = await Promise.all(Array.from({ length: 4 }, () => swipeCall(m, p.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await likesOf(m.id)).toBe(DAILY_LIKES.standard - 1);
    expect(await ctx.deps.db.select().from(matches).where(eq(matches.userId, m.id))).toHaveLength(1);
  });

  it('bad bodies and unknown profiles answer 4xx and store nothing', async () => {
    const m = await createMember(ctx);
    const p = await createFictive(ctx);
    const bad: unknown[] = [{}, { toUserId: p.id }, { toUserId: p.id, actionType: 'love' }, { actionType: 'like' }, { toUserId: 5, actionType: 'like' }, 'not json', []];
    for (const body of bad) expect((await call('POST', '/api/match/swipe', m, body)).status, JSON.stringify(body)).toBe(400);
    expect((await swipeCall(m, 'nope')).status).toBe(404);
    expect((await swipeCall(m, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await swipeCall(m, m.profileId)).status).toBe(404);
    expect(await ctx.deps.db.select().from(swipes).where(eq(swipes.userId, m.id))).toHaveLength(0);
    const res = await ctx.app.request('/api/match/swipe', jsonRequest('POST', { toUserId: p.id, actionType: 'like' }));
    expect(res.status).toBe(401);
  });
});

describe('undo', () => {
  it('undoing a like gives the like back and removes a match without messages', async () => {
    const m = await createMember(ctx);
    const p = await createFictive(ctx);
    const liked = await swipeCall(m, p.id);
    expect(await likesOf(m.id)).toBe(DAILY_LIKES.standard - 1);
    const undone = await call('POST', '/api/match/undo', m);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ toUserId: p.id, actionType: 'like', matchRemoved: true, likes: DAILY_LIKES.standard, undoDate: expect.any(String) });
    expect(await likesOf(m.id)).toBe(DAILY_LIKES.standard);
    expect(await ctx.deps.db.select().from(matches).where(eq(matches.userId, m.id))).toHaveLength(0);
    expect(await ctx.deps.db.select().from(conversations).where(eq(conversations.id, liked.body.conversationId))).toHaveLength(0);
    // The profile comes round again and can be liked anew.
    expect((await swipeCall(m, p.id)).body.match).toBe(true);
    expect((await call('POST', '/api/match/undo', m, { toUserId: '00000000-0000-0000-0000-000000000000' })).status).toBe(404);
  });

  it('keeps a match whose conversation has messages', async () => {
    const m = await createMember(ctx);
    const p = await createFictive(ctx);
    const liked = await swipeCall(m, p.id);
    await ctx.deps.db.insert(messages).values({ conversationId: liked.body.conversationId, senderType: 'user', messageType: 'text', message: 'hi' });
    const undone = await call('POST', '/api/match/undo', m, { toUserId: p.id });
    expect(undone.body.matchRemoved).toBe(false);
    expect(await ctx.deps.db.select().from(matches).where(eq(matches.userId, m.id))).toHaveLength(1);
    expect(await ctx.deps.db.select().from(conversations).where(eq(conversations.id, liked.body.conversationId))).toHaveLength(1);
    // Liking again reuses the match and the conversation.
    expect((await swipeCall(m, p.id)).body.conversationId).toBe(liked.body.conversationId);
  });

  it('dislikes are listed and any can be undone; without a body the newest swipe is undone', async () => {
    const m = await createMember(ctx);
    const [a, b, c] = await Promise.all([createFictive(ctx), createFictive(ctx), createFictive(ctx)]);
    await swipeCall(m, a!.id, 'dislike');
    ctx.clock.advance(1000);
    await swipeCall(m, b!.id, 'dislike');
    ctx.clock.advance(1000);
    await swipeCall(m, c!.id, 'dislike');
    const listed = await call('GET', '/api/match/dislikes?limit=2', m);
    expect(listed.body.total).toBe(3);
    expect(listed.body.data.map((p: { _id: string }) => p._id)).toEqual([c!.id, b!.id]);
    expect((await call('POST', '/api/match/undo', m, { toUserId: a!.id })).body).toMatchObject({ toUserId: a!.id, actionType: 'dislike', likes: DAILY_LIKES.standard });
    expect((await call('POST', '/api/match/undo', m)).body.toUserId).toBe(c!.id);
    expect((await call('GET', '/api/match/dislikes', m)).body.data.map((p: { _id: string }) => p._id)).toEqual([b!.id]);
    expect((await call('POST', '/api/match/undo', m, { toUserId: 42 })).status).toBe(400);
    expect((await call('GET', '/api/match/dislikes?limit=0', m)).status).toBe(400);
  });
});

describe('next', () => {
  it('answers unswiped profiles of the sought gender, featured first, then 204', async () => {
    const woman = await createMember(ctx, { gender: 'woman', lookingFor: 'man' });
    // Only the men made here are new to this member: men from other tests do not exist.
    const [plain, featured] = [await createFictive(ctx, { gender: 'man' }), await createFictive(ctx, { gender: 'man', isFeatured: true })];
    const first = await call('GET', '/api/match/next', woman);
    expect(first.status).toBe(200);
    expect(first.body._id).toBe(featured.id);
    expect(first.body.gender).toBe('man');
    await swipeCall(woman, featured.id, 'dislike');
    expect((await call('GET', '/api/match/next', woman)).body._id).toBe(plain.id);
    await swipeCall(woman, plain.id);
    expect((await call('GET', '/api/match/next', woman)).status).toBe(204);
    await call('POST', '/api/match/undo', woman, { toUserId: featured.id });
    expect((await call('GET', '/api/match/next', woman)).body._id).toBe(featured.id);
  });
});
