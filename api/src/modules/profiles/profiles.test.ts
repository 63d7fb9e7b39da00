import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { listEnvelope } from '@sync/contract/errors';
import { profile as profileSchema } from '@sync/contract/entities';
import { ageFromDateString } from '@sync/rules/age';
import { brands, favourites, profileViews, profiles } from '../../db/schema/index.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, TEST_API_KEY, type TestContext } from '../../test/harness.js';
import { TOTAL_LOOKAHEAD } from './service.js';
import { invalidateBrandCache } from '../brands/resolve.js';

let ctx: TestContext;
let member: MemberFixture;
let premium: MemberFixture;
let womenSeeker: MemberFixture;
const DAY = 86_400_000;
type Card = { _id: string; username: string; age: number; gender: string; bodyType: string; ethnicity: string; hairColor: string; eyeColor: string; height: number; relationshipStatus: string; badges: string[]; isOnline: boolean; favorite: boolean; images: Record<string, unknown>[] };
type Page = { data: Card[]; total: number; page: number; limit: number; nextCursor: string | null; totalExact: boolean };

const bodies = ['fit', 'average', 'curvy'] as const;
const ethnicities = ['asian', 'black', 'hispanic', 'middle-eastern', 'white', 'other'] as const;
const hairs = ['black', 'brown', 'blond', 'red', 'gray', 'other'] as const;
const statuses = ['married', 'single', 'divorced', 'in-relationship', 'complicated', 'separated', 'widowed', 'open-relationship'] as const;
const eyes = ['amber', 'blue', 'brown', 'gray', 'green', 'hazel'] as const;
const WOMEN = 24;

async function get(path: string, who: MemberFixture | null = member, headers: Record<string, string> = {}) {
  const res = await ctx.app.request(path, { headers: { ...(who ? who.headers : {}), ...headers } });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}
async function list(query: string, who: MemberFixture = member): Promise<Page> {
  const { status, body } = await get(`/api/profiles?${query}`, who);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Page;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now();
  member = await createMember(ctx);
  premium = await createMember(ctx, { isPremium: true });
  womenSeeker = await createMember(ctx, { gender: 'woman', lookingFor: 'man' });
  // 24 women with every attribute value cycled, ages 20..43, heights 150..196, created one day apart.
  for (let i = 0; i < WOMEN; i++) {
    const year = now.getUTCFullYear() - 20 - i;
    await createFictive(ctx, {
      username: `${String.fromCharCode(97 + ((i * 7) % 26))}_woman_${String(i).padStart(2, '0')}`,
      birthDate: `${year}-01-01`,
      bodyType: bodies[i % bodies.length],
      ethnicity: ethnicities[i % ethnicities.length],
      hairColor: hairs[i % hairs.length],
      relationshipStatus: statuses[i % statuses.length],
      eyeColor: eyes[i % eyes.length],
      heightCm: 150 + i * 2,
      location: { country: 'US', city: i === 3 ? 'Springfield' : 'Austin', state: 'TX' },
      createDate: new Date(now.getTime() - (i + 1) * DAY),
      // Activity runs against creation (the newest profile was active longest ago) so "Recently active" is told apart.
      activityDate: new Date(now.getTime() - (i === 0 ? 10 * 60_000 : 2 * 3_600_000 + (WOMEN - i) * 60_000)),
      isFeatured: i === 1,
      isPremium: i === 2,
      imageCount: 3,
      pendingImages: i === 0 ? 1 : 0,
    });
  }
  await createFictive(ctx, { username: 'man_one', gender: 'man' });
  await createFictive(ctx, { username: 'man_two', gender: 'man' });
  await createFictive(ctx, { username: 'inactive_woman', active: false });
  // Another brand's woman is never listed.
  const [other] = await ctx.deps.db
    .insert(brands)
    .values({ domain: 'other.example', company: 'O', brand: 'O', customerSupport: { email: 'o@o' }, defaultDescriptor: 'O', apiKey: 'other-key' })
    .returning();
  invalidateBrandCache();
  await createFictive(ctx, { username: 'other_brand_woman', brandId: other!.id });
});
afterAll(() => ctx.close());

describe('GET /api/profiles (member)', () => {
  it('answers the list envelope (docs/api.md#general) of profiles of the member brand, women by default (lookingFor)', async () => {
    const page = await list('');
    expect(listEnvelope(profileSchema.passthrough()).safeParse({ ...page, data: page.data.map((p) => ({ ...p, images: [] })) }).success).toBe(true);
    expect(page.total).toBe(WOMEN);
    expect(page.page).toBe(1);
    expect(page.limit).toBe(36);
    expect(page.data.every((p) => p.gender === 'woman')).toBe(true);
    expect(page.data.map((p) => p.username)).not.toContain('inactive_woman');
    expect(page.data.map((p) => p.username)).not.toContain('other_brand_woman');
    for (const p of page.data) {
      for (const key of ['_id', 'username', 'age', 'gender', 'bodyType', 'ethnicity', 'hairColor', 'eyeColor', 'height', 'relationshipStatus', 'aboutMe', 'lookingFor', 'location', 'images', 'badges', 'isOnline', 'activityDate', 'favorite']) {
        expect(p).toHaveProperty(key);
      }
    }
  });

  it('a member looking for men sees men; gender=women overrides the default', async () => {
    const men = await list('', womenSeeker);
    expect(men.data.map((p) => p.username).sort()).toEqual(['man_one', 'man_two']);
    expect((await list('gender=women', womenSeeker)).total).toBe(WOMEN);
    expect((await list('gender=men')).total).toBe(2);
  });

  it('gender=everyone shows women and men alike', async () => {
    const everyone = await list('gender=everyone&limit=100');
    expect(everyone.total).toBe(WOMEN + 2);
    expect(new Set(everyone.data.map((p) => p.gender))).toEqual(new Set(['woman', 'man']));
    expect((await list('gender=everyone', womenSeeker)).total).toBe(WOMEN + 2);
  });

  it('each filter narrows to exactly the matching profiles', async () => {
    const all = (await list('limit=100')).data;
    const cases: [string, (p: Card) => boolean][] = [
      ['bodyType=curvy', (p) => p.bodyType === 'curvy'],
      ['bodyType=fit,average', (p) => p.bodyType === 'fit' || p.bodyType === 'average'],
      ['bodyType=fit&bodyType=curvy', (p) => p.bodyType === 'fit' || p.bodyType === 'curvy'],
      ['ethnicity=middle-eastern', (p) => p.ethnicity === 'middle-eastern'],
      ['hairColor=blond,red', (p) => p.hairColor === 'blond' || p.hairColor === 'red'],
      ['relationshipStatus=open-relationship', (p) => p.relationshipStatus === 'open-relationship'],
      ['relationshipStatus=in-relationship,single', (p) => ['in-relationship', 'single'].includes(p.relationshipStatus)],
      ['eyeColor=hazel', (p) => p.eyeColor === 'hazel'],
      ['ageMin=30', (p) => p.age >= 30],
      ['ageMax=25', (p) => p.age <= 25],
      ['ageMin=25&ageMax=30', (p) => p.age >= 25 && p.age <= 30],
      ['heightMin=170', (p) => p.height >= 170],
      ['heightMax=160', (p) => p.height <= 160],
      ['heightMin=160&heightMax=170', (p) => p.height >= 160 && p.height <= 170],
      ['search=spring', (p) => p.username === all.find((x) => x.username.endsWith('_03'))!.username],
      ['search=WOMAN_1', (p) => p.username.includes('woman_1')],
      ['bodyType=fit&eyeColor=amber&ageMin=20', (p) => p.bodyType === 'fit' && p.eyeColor === 'amber' && p.age >= 20],
    ];
    for (const [query, pred] of cases) {
      const page = await list(`limit=100&${query}`);
      const expected = all.filter(pred).map((p) => p._id).sort();
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(WOMEN);
      expect(page.data.map((p) => p._id).sort(), query).toEqual(expected);
      expect(page.total, query).toBe(expected.length);
    }
    expect((await list('search=%25')).total).toBe(0);
  });

  it('computes age from the birth date on the clock day', async () => {
    const page = await list('limit=100');
    const rows = await ctx.deps.db.select().from(profiles).where(eq(profiles.kind, 'fictive'));
    for (const card of page.data) {
      const row = rows.find((r) => r.id === card._id)!;
      expect(card.age).toBe(ageFromDateString(row.birthDate, ctx.clock.now()));
    }
  });

  it('sorts by every option', async () => {
    const by = async (sortBy: string) => (await list(`limit=100&sortBy=${sortBy}`)).data;
    const recent = await by('recent');
    // "Recently active": by last activity, not by creation.
    expect(recent.map((p) => p.username.slice(-2))).toEqual(['00', ...Array.from({ length: WOMEN - 1 }, (_, i) => String(WOMEN - 1 - i).padStart(2, '0'))]);
    const ages = (await by('age-asc')).map((p) => p.age);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    const agesDesc = (await by('age-desc')).map((p) => p.age);
    expect(agesDesc).toEqual([...agesDesc].sort((a, b) => b - a));
    const names = (await by('username-asc')).map((p) => p.username);
    expect(names).toEqual([...names].sort());
    const namesDesc = (await by('username-desc')).map((p) => p.username);
    expect(namesDesc).toEqual([...names].reverse());
  });

  it('pages without repeating or skipping and reports the total', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(`limit=10&page=${page}&sortBy=age-asc`);
      expect(res.total).toBe(WOMEN);
      expect(res.limit).toBe(10);
      expect(res.page).toBe(page);
      expect(res.data.length).toBe(page < 3 ? 10 : 4);
      seen.push(...res.data.map((p) => p._id));
    }
    expect(new Set(seen).size).toBe(WOMEN);
    const beyond = await list('limit=10&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(WOMEN);
  });

  it('"Load more" by cursor walks every sort in the same order as pages do, with or without filters', async () => {
    for (const sortBy of ['recent', 'age-asc', 'age-desc', 'username-asc', 'username-desc']) {
      for (const filter of ['', '&bodyType=fit,curvy&heightMin=160']) {
        const whole = await list(`limit=100&sortBy=${sortBy}${filter}`);
        const walked: string[] = [];
        let cursor: string | null = null;
        for (let page = 1; page <= 10; page++) {
          const res: Page = await list(`limit=5&page=${page}&sortBy=${sortBy}${filter}${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.total, `${sortBy}${filter}`).toBe(whole.total);
          expect(res.totalExact).toBe(true);
          walked.push(...res.data.map((p) => p._id));
          cursor = res.nextCursor;
          if (!cursor) break;
        }
        expect(walked, `${sortBy}${filter}`).toEqual(whole.data.map((p) => p._id));
      }
    }
  });

  it('a cursor continues after its row even when profiles are added before it', async () => {
    const first = await list('limit=5&sortBy=username-asc');
    // Sorts first by name: an offset would repeat the fifth card on page 2, the cursor does not.
    const early = await createFictive(ctx, { username: '0_early_bird' });
    const second = await list(`limit=5&page=2&sortBy=username-asc&cursor=${first.nextCursor}`);
    const offset = await list('limit=5&page=2&sortBy=username-asc');
    expect(second.data.map((p) => p._id)).not.toContain(first.data.at(-1)!._id);
    expect(offset.data[0]!._id).toBe(first.data.at(-1)!._id);
    await ctx.deps.db.delete(profiles).where(eq(profiles.id, early.id));
  });

  it('rejects a cursor it did not give, or one of another sort, with 400 naming it', async () => {
    const recent = await list('limit=5&sortBy=recent');
    for (const [query, fragment] of [
      [`sortBy=age-asc&cursor=${recent.nextCursor}`, 'another sort'],
      ['cursor=not-a-cursor', 'not a cursor'],
      [`cursor=${Buffer.from('["recent","x","nope"]').toString('base64url')}`, 'not a cursor'],
      [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'not a cursor'],
      [`cursor=${Buffer.from('["recent","not a date","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`, 'not a cursor'],
      [`sortBy=recent&cursor=${Buffer.from('["recent","2026-11-25 99:00:00+00","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`, 'not a cursor'],
      [`sortBy=age-asc&cursor=${Buffer.from('["age-asc","2001-02-30","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`, 'not a cursor'],
      [`cursor=${'A'.repeat(500)}`, 'not a cursor'],
    ] as const) {
      const res = await get(`/api/profiles?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe('invalid-query');
      expect(res.body.error.message, query).toContain(fragment);
      expect(res.body.error.fields, query).toHaveProperty('cursor');
    }
  });

  it('badges: FEATURED, PREMIUM, NEW within 14 days by the clock; online within 1 hour', async () => {
    const page = await list('limit=100&sortBy=recent');
    const byName = (suffix: string) => page.data.find((p) => p.username.endsWith(suffix))!;
    expect(byName('_00').badges).toEqual(['NEW']);
    expect(byName('_00').isOnline).toBe(true);
    expect(byName('_01').badges).toEqual(['FEATURED', 'NEW']);
    expect(byName('_02').badges).toEqual(['PREMIUM', 'NEW']);
    expect(byName('_12').badges).toEqual(['NEW']); // created 13 days ago
    expect(byName('_13').badges).toEqual([]); // created 14 days ago
    expect(byName('_05').isOnline).toBe(false);
    ctx.clock.advance(3 * DAY);
    try {
      // Tokens live 2 hours: three days on, sign a member in afresh.
      const later = await list('limit=100', await createMember(ctx));
      const find = (suffix: string) => later.data.find((p) => p.username.endsWith(suffix))!;
      expect(find('_09').badges).toEqual(['NEW']);
      expect(find('_10').badges).toEqual([]);
      expect(find('_00').isOnline).toBe(false);
    } finally {
      ctx.clock.advance(-3 * DAY);
    }
  });

  it('standard members get the first image and blocked placeholders; premium members every approved image', async () => {
    const std = (await list('sortBy=recent&limit=1')).data[0]!;
    expect(std.images).toHaveLength(3);
    expect(std.images[0]).toMatchObject({ type: 'avatar', processed: true, under_moderation: false });
    expect(std.images[0]!.medium).toMatch(/medium\.jpg$/);
    expect(std.images[1]).toEqual({ _id: expect.any(String), type: 'photo', blocked: true });
    const vip = (await list('sortBy=recent&limit=1', premium)).data[0]!;
    expect(vip.images).toHaveLength(3);
    expect(vip.images.every((i) => !('blocked' in i) && typeof i.small === 'string')).toBe(true);
  });

  it('a member whose client takes br or gzip gets the shared page compressed, the same JSON; a favourite on the page makes it their own', async () => {
    const raw = async (who: MemberFixture, encoding?: string) => {
      const res = await ctx.app.request('/api/profiles?limit=24', { headers: { ...who.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
      expect(res.status).toBe(200);
      return { encoding: res.headers.get('content-encoding'), vary: res.headers.get('vary'), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const plain = await raw(member);
    expect(plain.encoding).toBeNull();
    const expected = JSON.parse(plain.bytes.toString('utf8')) as Page;
    expect(expected.data).toHaveLength(24);
    const br = await raw(member, 'gzip, deflate, br, zstd');
    expect([br.encoding, br.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(br.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(expected);
    const gzip = await raw(member, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.bytes).toString('utf8'))).toEqual(expected);

    // Another member shares the compressed page; one who favours a card on it gets an answer of their own.
    const vip = await createMember(ctx, { isPremium: true });
    const first = expected.data[0]!._id;
    const plainVip = await raw(vip);
    expect(JSON.parse(plainVip.bytes.toString('utf8')).data.every((card: Card) => card.favorite === false)).toBe(true);
    await ctx.deps.db.insert(favourites).values({ fromProfileId: vip.profileId, toProfileId: first });
    ctx.deps.profileLists.dropViewer(vip.id);
    const own = await raw(vip, 'br');
    const ownPage = JSON.parse((own.encoding === 'br' ? zlib.brotliDecompressSync(own.bytes) : own.bytes).toString('utf8')) as Page;
    expect(ownPage.data.find((card) => card._id === first)?.favorite).toBe(true);
    expect(ownPage.data.filter((card) => card.favorite)).toHaveLength(1);
    expect(JSON.parse(zlib.brotliDecompressSync((await raw(member, 'br')).bytes).toString('utf8'))).toEqual(expected);
  });

  it('rejects bad input with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['bodyType=skinny', 'bodyType'],
      ['bodyType=fit,skinny', 'bodyType'],
      ['ethnicity=martian', 'ethnicity'],
      ['hairColor=blonde', 'hairColor'],
      ['relationshipStatus=it-is-complicated', 'relationshipStatus'],
      ['eyeColor=purple', 'eyeColor'],
      ['gender=woman', 'gender'],
      ['gender=women,men', 'gender'],
      ['limit=0', 'limit'],
      ['limit=10000', 'limit'],
      ['limit=abc', 'limit'],
      ['page=-1', 'page'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['ageMin=17', 'ageMin'],
      ['ageMax=101', 'ageMax'],
      ['ageMin=40&ageMax=30', 'ageMin'],
      ['heightMin=20', 'heightMin'],
      ['heightMax=9999', 'heightMax'],
      ['sortBy=random', 'sortBy'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['page=1&page=2', 'page'],
      ['search=%00', 'search'],
      ['ageMin=1e3', 'ageMin'],
    ];
    for (const [query, param] of cases) {
      const { status, body } = await get(`/api/profiles?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toBe('invalid-query');
      expect(body.error.message, query).toContain(param);
      expect(body.error.fields[param], query).toBeTruthy();
    }
  });

  it('odd but harmless input never answers 500', async () => {
    for (const query of ['search=%FF', 'search=%E2%28%A1', 'search=%5C', `search=${encodeURIComponent("'; drop table profiles; --")}`, 'page=1000000&limit=100']) {
      const { status } = await get(`/api/profiles?${query}`);
      expect(status, query).toBe(200);
    }
    for (const id of ['%00', '%FF', 'a'.repeat(300)]) expect((await get(`/api/profile/${id}`)).status).toBe(404);
  });

  it('401 without a token or API key, and for a bad token even with a key', async () => {
    expect((await get('/api/profiles', null)).status).toBe(401);
    expect((await get('/api/profiles', null, { authorization: 'Bearer nope', 'x-api-key': TEST_API_KEY })).status).toBe(401);
    expect((await get('/api/profiles', null, { 'x-api-key': 'wrong' })).status).toBe(401);
  });
});

describe('GET /api/profiles (public, x-api-key)', () => {
  it('answers up to 24 cards with the first photo only', async () => {
    const { status, body } = await get('/api/profiles?limit=5', null, { 'x-api-key': TEST_API_KEY });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(5);
    expect(body.data.every((p: Card) => p.images.length === 1 && p.favorite === false)).toBe(true);
    expect((await get('/api/profiles?limit=25', null, { 'x-api-key': TEST_API_KEY })).status).toBe(400);
  });

  it('filters by type and premium, and never shows another brand', async () => {
    const key = { 'x-api-key': TEST_API_KEY };
    const featured = (await get('/api/profiles?type=featured', null, key)).body as Page;
    expect(featured.data.map((p) => p.username)).toEqual([expect.stringMatching(/_01$/)]);
    const online = (await get('/api/profiles?type=online&limit=24', null, key)).body as Page;
    expect(online.data.every((p) => p.isOnline)).toBe(true);
    expect(online.data.map((p) => p.username)).toEqual([expect.stringMatching(/_00$/)]);
    const fresh = (await get('/api/profiles?type=new&limit=24&gender=women', null, key)).body as Page;
    expect(fresh.data.every((p) => p.badges.includes('NEW'))).toBe(true);
    const prem = (await get('/api/profiles?premium=true', null, key)).body as Page;
    expect(prem.data.map((p) => p.badges.includes('PREMIUM'))).toEqual([true]);
    expect((await get('/api/profiles?type=weird', null, key)).status).toBe(400);
    expect((await get('/api/profiles?premium=yes', null, key)).status).toBe(400);
    const other = (await get('/api/profiles?limit=24', null, { 'x-api-key': 'other-key' })).body as Page;
    expect(other.data.map((p) => p.username)).toEqual(['other_brand_woman']);
  });
});

describe('GET /api/profile/:id', () => {
  it('answers one profile and records the view, counting visits', async () => {
    const target = (await list('sortBy=recent&limit=1')).data[0]!;
    const first = await get(`/api/profile/${target._id}`);
    expect(first.status).toBe(200);
    expect(first.body._id).toBe(target._id);
    expect(first.body.images[1]).toEqual({ _id: expect.any(String), type: 'photo', blocked: true });
    expect(first.body.images).toHaveLength(3); // the pending one never shows
    await get(`/api/profile/${target._id}`);
    const [view] = await ctx.deps.db
      .select()
      .from(profileViews)
      .where(and(eq(profileViews.viewerProfileId, member.profileId), eq(profileViews.viewedProfileId, target._id)));
    expect(view!.count).toBe(2);
    expect(view!.lastViewDate.getTime()).toBe(ctx.clock.now().getTime());
    const vip = await get(`/api/profile/${target._id}`, premium);
    expect(vip.body.images.every((i: Record<string, unknown>) => !i.blocked)).toBe(true);
  });

  it('404 for unknown ids, another brand, inactive profiles and members', async () => {
    const [otherBrand] = await ctx.deps.db.select().from(profiles).where(eq(profiles.username, 'other_brand_woman'));
    const [inactive] = await ctx.deps.db.select().from(profiles).where(eq(profiles.username, 'inactive_woman'));
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', otherBrand!.id, inactive!.id, premium.profileId]) {
      const res = await get(`/api/profile/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('not-found');
    }
    expect((await get(`/api/profile/${otherBrand!.id}`, null)).status).toBe(401);
  });
});

describe('GET /api/profiles at scale', () => {
  it('counts exactly up to well past the page, and says when the total is only a lower bound', async () => {
    const many = TOTAL_LOOKAHEAD + 60;
    const base = ctx.clock.now().getTime();
    await ctx.deps.db.insert(profiles).values(
      Array.from({ length: many }, (_, i) => ({
        kind: 'fictive' as const,
        brandId: ctx.brand.id,
        username: `bulk_man_${i}`,
        gender: 'man' as const,
        birthDate: '1990-01-01',
        createDate: new Date(base - i * 1000),
      })),
    );
    const first = await list('gender=men&limit=10');
    expect(first.totalExact).toBe(false);
    expect(first.total).toBe(10 + TOTAL_LOOKAHEAD);
    expect(first.data).toHaveLength(10);
    // Deep enough that the rest is counted in full: exact again.
    const deep = await list('gender=men&limit=10&page=10');
    expect(deep.total).toBe(many + 2);
    expect(deep.totalExact).toBe(true);
  });
});
