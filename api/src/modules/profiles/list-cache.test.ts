import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../../app.js';
import { images, profiles, users } from '../../db/schema/index.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { ProfileListCache } from './list-cache.js';
import type { ProfileLists } from './shared-pages.js';
import { profileListQuery } from '@sync/contract/query';
import { listProfiles } from './service.js';
import { loadViewer } from './viewer.js';

let ctx: TestContext;
/** A second API process on the same database: its own kept pages and overlays, told of changes only by NOTIFY. */
let other: ReturnType<typeof createApp>;
let otherLists: ProfileLists;
let member: MemberFixture;
let premium: MemberFixture;
let premium2: MemberFixture;
let women: { id: string; username: string }[];

type Card = { _id: string; username: string; favorite: boolean; images: { _id: string }[]; activityDate: string };
type Page = { data: Card[]; total: number };

async function list(who: MemberFixture, query = '', app = ctx.app): Promise<Page> {
  const res = await app.request(`/api/profiles?${query}`, { headers: who.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
/** Query parameters as Hono's c.req.queries() gives them. */
function rawQuery(query: string) {
  const params = new URLSearchParams(query);
  return Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)]));
}
const names = (page: Page) => page.data.map((card) => card.username);
const cardOf = (page: Page, id: string) => page.data.find((card) => card._id === id);

beforeAll(async () => {
  ctx = await createTestContext({ PROFILE_LIST_CACHE_SECONDS: '60' });
  otherLists = new ProfileListCache(60_000);
  await otherLists.start(ctx.deps.database);
  other = createApp({ ...ctx.deps, profileLists: otherLists });
  member = await createMember(ctx);
  premium = await createMember(ctx, { isPremium: true });
  premium2 = await createMember(ctx, { isPremium: true });
  women = [];
  for (let i = 0; i < 6; i++) women.push(await createFictive(ctx, { username: `cached_${i}`, activityDate: new Date(ctx.clock.now().getTime() - (i + 1) * 60_000) }));
});
afterAll(async () => {
  await otherLists.stop();
  await ctx.close();
});

describe('kept pages of the member profile list (decision 0042)', () => {
  it('answers byte for byte what the list read for the member alone answers, favourites and photo policy included', async () => {
    await ctx.app.request(`/api/user/${premium.id}`, jsonRequest('PATCH', { favourite: women[2]!.id }, premium.headers));
    for (const [who, query] of [
      [member, 'sortBy=username-asc&limit=4'],
      [premium, 'sortBy=recent'],
      [premium, 'sortBy=age-desc&limit=2&page=2'],
    ] as const) {
      const res = await ctx.app.request(`/api/profiles?${query}`, { headers: who.headers });
      const expected = await listProfiles(ctx.deps, ctx.deps.db, await loadViewer(ctx.deps.db, who.id), profileListQuery.parse(rawQuery(query)));
      expect(await res.text()).toBe(JSON.stringify(expected));
    }
    expect(cardOf(await list(premium), women[2]!.id)?.favorite).toBe(true);
  });

  it('keeps a page: a change of activity alone is not announced, and the page stands until its lifetime', async () => {
    const before = cardOf(await list(member), women[0]!.id)!.activityDate;
    await ctx.deps.db.update(profiles).set({ activityDate: ctx.clock.now() }).where(eq(profiles.id, women[0]!.id));
    expect(cardOf(await list(member), women[0]!.id)!.activityDate).toBe(before);
  });

  it('drops the brand’s pages in every process when a listed profile is edited, gets a photo or is deactivated', async () => {
    for (const app of [ctx.app, other]) await list(member, '', app);
    await ctx.deps.db.update(profiles).set({ username: 'renamed_1' }).where(eq(profiles.id, women[1]!.id));
    for (const app of [ctx.app, other]) await expect.poll(async () => names(await list(member, '', app))).toContain('renamed_1');

    const photos = cardOf(await list(premium, '', other), women[3]!.id)!.images.length;
    const [avatar] = await ctx.deps.db.select().from(images).where(eq(images.profileId, women[3]!.id)).limit(1);
    const { id: _id, ...copy } = avatar!;
    await ctx.deps.db.insert(images).values({ ...copy, storageKey: `${copy.storageKey}-new`, sortOrder: 9 });
    await expect.poll(async () => cardOf(await list(premium, '', other), women[3]!.id)?.images.length).toBe(photos + 1);

    await ctx.deps.db.update(profiles).set({ active: false }).where(eq(profiles.id, women[4]!.id));
    for (const app of [ctx.app, other]) await expect.poll(async () => names(await list(member, '', app))).not.toContain('cached_4');
    await ctx.deps.db.update(profiles).set({ active: true }).where(eq(profiles.id, women[4]!.id));
    await expect.poll(async () => names(await list(member))).toContain('cached_4');
  });

  it('leaves a blocked profile out for the member who blocked it at once, and for nobody else', async () => {
    const blocked = women[5]!;
    await list(member);
    await list(premium);
    expect((await ctx.app.request(`/api/profile/${blocked.id}/block`, { method: 'POST', headers: member.headers })).status).toBe(200);
    const mine = await list(member);
    expect(names(mine)).not.toContain(blocked.username);
    expect(names(await list(premium))).toContain(blocked.username);
    // In another process the member's overlay goes on the trigger's NOTIFY.
    await expect.poll(async () => names(await list(member, '', other))).not.toContain(blocked.username);
    expect((await ctx.app.request(`/api/profile/${blocked.id}/block`, { method: 'DELETE', headers: member.headers })).status).toBe(200);
    expect(names(await list(member))).toContain(blocked.username);
    await expect.poll(async () => names(await list(member, '', other))).toContain(blocked.username);
  });

  it('marks a favourite for the member who made it, at once, and never for another member sharing the page', async () => {
    const target = women[0]!.id;
    expect(cardOf(await list(premium2), target)?.favorite).toBe(false);
    expect(cardOf(await list(premium2, '', other), target)?.favorite).toBe(false);
    const res = await ctx.app.request(`/api/user/${premium2.id}`, jsonRequest('PATCH', { favourite: target }, premium2.headers));
    expect(res.status).toBe(200);
    expect(cardOf(await list(premium2), target)?.favorite).toBe(true);
    expect(cardOf(await list(premium), target)?.favorite).toBe(false);
    await expect.poll(async () => cardOf(await list(premium2, '', other), target)?.favorite).toBe(true);
  });

  it('gives a member who lost premium the standard photo policy once their subscription or flag changes', async () => {
    const sub = await createMember(ctx);
    const hidden = (page: Page) => cardOf(page, women[0]!.id)!.images.filter((image) => 'blocked' in image).length;
    expect(hidden(await list(sub, '', other))).toBeGreaterThan(0);
    await ctx.deps.db.update(users).set({ isPremium: true }).where(eq(users.id, sub.id));
    await expect.poll(async () => hidden(await list(sub, '', other))).toBe(0);
    await ctx.deps.db.update(users).set({ isPremium: false }).where(eq(users.id, sub.id));
    await expect.poll(async () => hidden(await list(sub, '', other))).toBeGreaterThan(0);
  });
});

describe('ProfileListCache', () => {
  const deferred = <T,>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('shares one read among concurrent misses and keeps its answer', async () => {
    const cache = new ProfileListCache<{ bytes: number; n: number }, object>(60_000);
    let reads = 0;
    const gate = deferred<{ bytes: number; n: number }>();
    const read = () => {
      reads += 1;
      return gate.promise;
    };
    const both = Promise.all([cache.page('b1', 'b1|k', read), cache.page('b1', 'b1|k', read)]);
    gate.resolve({ bytes: 10, n: 1 });
    expect((await both).map((p) => p.n)).toEqual([1, 1]);
    expect((await cache.page('b1', 'b1|k', read)).n).toBe(1);
    expect(reads).toBe(1);
  });

  it('never keeps a read that a change of its brand overtook, and drops only that brand’s pages', async () => {
    const cache = new ProfileListCache<{ bytes: number; n: number }, object>(60_000);
    await cache.page('b2', 'b2|other', async () => ({ bytes: 1, n: 7 }));
    const gate = deferred<{ bytes: number; n: number }>();
    const inFlight = cache.page('b1', 'b1|k', () => gate.promise);
    cache.changed('brand:b1');
    // A request after the change does not join the read that started before it.
    const fresh = cache.page('b1', 'b1|k', async () => ({ bytes: 1, n: 2 }));
    gate.resolve({ bytes: 1, n: 1 });
    expect((await inFlight).n).toBe(1);
    expect((await fresh).n).toBe(2);
    expect((await cache.page('b1', 'b1|k', async () => ({ bytes: 1, n: 3 }))).n).toBe(2);
    expect((await cache.page('b2', 'b2|other', async () => ({ bytes: 1, n: 8 }))).n).toBe(7);
    cache.changed('brand:b2');
    expect((await cache.page('b2', 'b2|other', async () => ({ bytes: 1, n: 9 }))).n).toBe(9);
  });

  it('answers a page past its lifetime while one read replaces it, but never a page a change dropped', async () => {
    const cache = new ProfileListCache<{ bytes: number; n: number }, object>(20);
    await cache.page('b', 'b|k', async () => ({ bytes: 1, n: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 40));
    const gate = deferred<{ bytes: number; n: number }>();
    let reads = 0;
    const read = () => {
      reads += 1;
      return gate.promise;
    };
    expect((await cache.page('b', 'b|k', read)).n).toBe(1);
    expect((await cache.page('b', 'b|k', read)).n).toBe(1);
    expect(reads).toBe(1);
    gate.resolve({ bytes: 1, n: 2 });
    await gate.promise;
    expect((await cache.page('b', 'b|k', read)).n).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, 40));
    cache.changed('brand:b');
    expect((await cache.page('b', 'b|k', async () => ({ bytes: 1, n: 3 }))).n).toBe(3);
  });

  it('keeps nothing with a lifetime of 0', async () => {
    const cache = new ProfileListCache<{ bytes: number; n: number }, object>(0);
    let n = 0;
    const read = async () => ({ bytes: 1, n: ++n });
    await cache.page('b', 'b|k', read);
    expect((await cache.page('b', 'b|k', read)).n).toBe(2);
  });
});
