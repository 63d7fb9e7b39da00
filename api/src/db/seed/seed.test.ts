import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.js';
import { generatedVariantKey, parseGeneratedKey } from '../../modules/media/generated-image.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  agents,
  bodyTypeEnum,
  brands,
  conversations,
  creditLedger,
  ethnicityEnum,
  eyeColorEnum,
  hairColorEnum,
  images,
  products,
  profiles,
  relationshipStatusEnum,
  users,
} from '../schema/index.js';
import { stockEntryJob } from '../../modules/agents/jobs.js';
import { makeFictiveProfiles } from './fictive-profiles.js';
import { DEMO_ACCOUNTS, DEMO_MEMBER_CREDITS, seedDemoData, type SeedResult } from './seed.js';

let ctx: TestContext;
let first: SeedResult;
const logged: string[] = [];
const DAY = 86_400_000;
const WARMED_PER_GENDER = 2;

beforeAll(async () => {
  ctx = await createTestContext();
  // The harness makes a 'localhost' brand for other tests; the seed starts from an empty database.
  await ctx.deps.db.delete(brands);
  first = await seedDemoData(ctx.deps, { log: (l) => logged.push(l), warmImages: WARMED_PER_GENDER });
}, 120_000);
afterAll(() => ctx.close());

async function localhost() {
  const [b] = await ctx.deps.db.select().from(brands).where(eq(brands.domain, 'localhost'));
  return b!;
}

const count = (table: PgTable) => ctx.deps.db.$count(table);

describe('seedDemoData', () => {
  it('draws the avatars of each gender\'s list in the card sizes, JPEG and WebP, right after seeding, in the lists\' default order (the last activity, newest first)', async () => {
    await first.warmed;
    const b = await localhost();
    for (const gender of ['woman', 'man'] as const) {
      const avatars = await ctx.deps.db
        .select({ storageKey: images.storageKey })
        .from(images)
        .innerJoin(profiles, eq(images.profileId, profiles.id))
        .where(and(eq(profiles.brandId, b.id), eq(profiles.kind, 'fictive'), eq(profiles.gender, gender), eq(images.sortOrder, 0)))
        .orderBy(desc(profiles.activityDate), desc(profiles.id))
        .limit(WARMED_PER_GENDER + 1);
      const stored = async (storageKey: string) => {
        const spec = parseGeneratedKey(storageKey)!.spec;
        const keys = (['medium', 'small'] as const).flatMap((variant) => (['jpg', 'webp'] as const).map((format) => generatedVariantKey(spec, variant, format)));
        return Promise.all(keys.map(async (key) => (await ctx.deps.providers.storage.get(key)) !== null));
      };
      for (const avatar of avatars.slice(0, WARMED_PER_GENDER)) expect(await stored(avatar.storageKey), gender).toEqual([true, true, true, true]);
      // Past the limit the test set, nothing is drawn ahead.
      expect(await stored(avatars[WARMED_PER_GENDER]!.storageKey), gender).toEqual([false, false, false, false]);
    }
  });

  it('seeds an empty database and prints the demo accounts', () => {
    expect(first.seeded).toBe(true);
    expect(first.profiles).toBeGreaterThanOrEqual(360);
    const text = logged.join('\n');
    expect(text).toContain('demo / demo-pass-123');
    expect(text).toContain('agent@example.com / agent-pass-123');
    expect(text).toContain('admin@example.com / admin-pass-123');
  });

  it('creates the localhost brand, a second brand and a legacy one', async () => {
    const all = await ctx.deps.db.select().from(brands);
    const b = await localhost();
    expect(b).toMatchObject({ brand: 'Amora', company: 'Amora Entertainment Ltd', aliases: ['127.0.0.1'], legacyMode: false });
    expect(b.countries).toEqual(['US', 'GB', 'DE']);
    expect(b.customerSupport.email).toMatch(/@/);
    expect(all.filter((x) => !x.legacyMode).length).toBeGreaterThanOrEqual(2);
    expect(all.some((x) => x.legacyMode)).toBe(true);
  });

  it('prices credit packages and memberships for US, GB and DE with their VAT', async () => {
    const b = await localhost();
    const list = await ctx.deps.db.select().from(products).where(eq(products.brandId, b.id));
    for (const p of list) {
      expect(p.name).toBe('localhost');
      expect(p.pricing.US).toMatchObject({ currency: 'USD', vat: 0 });
      expect(p.pricing.GB).toMatchObject({ currency: 'GBP', vat: 20 });
      expect(p.pricing.DE).toMatchObject({ currency: 'EUR', vat: 19 });
    }
    const days = list.map((p) => p.pricing.US!.intervals[0]!.days);
    expect(days.filter((d) => d === 0).length).toBeGreaterThanOrEqual(4);
    expect([30, 90, 180].every((d) => days.includes(d))).toBe(true);
    expect(list.some((p) => p.tags.includes('mostPopular'))).toBe(true);
    expect(list.some((p) => p.tags.includes('limitedOffer'))).toBe(true);
    expect(list.some((p) => p.packageType.includes('firstPurchaseOnly'))).toBe(true);
    // Memberships carry complimentary credits.
    expect(list.filter((p) => p.pricing.US!.intervals[0]!.days > 0).every((p) => p.pricing.US!.intervals[0]!.credits > 0)).toBe(true);

    const [second] = await ctx.deps.db.select().from(brands).where(eq(brands.domain, 'flirtaway.com'));
    const own = await ctx.deps.db.select().from(products).where(eq(products.brandId, second!.id));
    expect(own.length).toBeGreaterThan(0);
    expect(Object.keys(own[0]!.pricing).sort()).toEqual(['GB', 'US']);
  });

  it('makes 300+ fictive profiles on localhost with every filter value present', async () => {
    const b = await localhost();
    const rows = await ctx.deps.db.select().from(profiles).where(and(eq(profiles.brandId, b.id), eq(profiles.kind, 'fictive')));
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const seen = (key: keyof (typeof rows)[number]) => new Set(rows.map((r) => r[key]));
    for (const [key, values] of [
      ['bodyType', bodyTypeEnum.enumValues],
      ['ethnicity', ethnicityEnum.enumValues],
      ['hairColor', hairColorEnum.enumValues],
      ['eyeColor', eyeColorEnum.enumValues],
      ['relationshipStatus', relationshipStatusEnum.enumValues],
      ['gender', ['man', 'woman']],
      ['country', ['US', 'GB', 'DE']],
    ] as const) {
      expect([...seen(key)].sort(), key).toEqual([...values].sort());
    }
    // Every value among the women too, whom the demo member looks for.
    const women = rows.filter((r) => r.gender === 'woman');
    expect(women.length).toBeGreaterThan(rows.length / 2);
    for (const values of [hairColorEnum.enumValues, eyeColorEnum.enumValues, relationshipStatusEnum.enumValues]) {
      for (const v of values) expect(women.some((w) => Object.values(w).includes(v)), v).toBe(true);
    }
    const now = ctx.clock.now().getTime();
    const ages = rows.map((r) => Math.floor((now - Date.parse(r.birthDate)) / (365.25 * DAY)));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(65);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(30);
    expect(rows.every((r) => r.heightCm! >= 150 && r.heightCm! <= 200)).toBe(true);
    expect(rows.every((r) => r.location.city && r.location.state && r.aboutMe.length > 20 && r.lookingForTags.length >= 3)).toBe(true);
    expect(new Set(rows.map((r) => r.aboutMe)).size).toBeGreaterThan(rows.length / 2);
    expect(rows.some((r) => now - r.createDate.getTime() < 14 * DAY)).toBe(true);
    expect(rows.some((r) => now - r.createDate.getTime() > 30 * DAY)).toBe(true);
    expect(rows.some((r) => now - r.activityDate.getTime() < 3_600_000)).toBe(true);
    expect(rows.some((r) => r.isFeatured) && rows.some((r) => r.isPremium)).toBe(true);
    expect(rows.filter((r) => r.matchOnLike).length).toBeGreaterThan(rows.length / 2);
    expect(rows.every((r) => /^\w+$/.test(r.username))).toBe(true);
  });

  it('gives every fictive profile an avatar and at least one more photo, drawn to match it', async () => {
    const rows = await ctx.deps.db
      .select({ profile: profiles, image: images })
      .from(images)
      .innerJoin(profiles, eq(images.profileId, profiles.id))
      .where(eq(profiles.kind, 'fictive'));
    const byProfile = new Map<string, typeof rows>();
    for (const r of rows) byProfile.set(r.profile.id, [...(byProfile.get(r.profile.id) ?? []), r]);
    const fictive = await ctx.deps.db.$count(profiles, eq(profiles.kind, 'fictive'));
    expect(byProfile.size).toBe(fictive);
    for (const list of byProfile.values()) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      const sorted = [...list].sort((a, b) => a.image.sortOrder - b.image.sortOrder);
      expect(sorted.map((x) => x.image.type)).toEqual(['avatar', ...sorted.slice(1).map(() => 'photo')]);
      for (const { image, profile } of sorted) {
        expect(image).toMatchObject({ processed: true, moderation: 'approved', mime: 'image/jpeg' });
        expect(Object.keys(image.variants).sort()).toEqual(['large', 'medium', 'small']);
        expect(image.variants.small).toMatchObject({ width: 200, height: 250 });
        const parsed = parseGeneratedKey(image.variants.small!.url.replace('/api/media/', ''));
        expect(parsed?.spec).toMatchObject({ gender: profile.gender, hairColor: profile.hairColor, eyeColor: profile.eyeColor, ethnicity: profile.ethnicity });
      }
    }
  });

  it('creates the demo member with verified email, 20 credits explained by the ledger, likes and a member profile', async () => {
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.username, DEMO_ACCOUNTS.member.username));
    expect(user).toMatchObject({ email: 'demo@example.com', emailValidated: true, credits: DEMO_MEMBER_CREDITS, gender: 'man', lookingFor: 'woman' });
    expect(user!.likes).toBeGreaterThan(0);
    expect(user!.brandId).toBe((await localhost()).id);
    expect(await verifyPassword(user!.passwordHash, DEMO_ACCOUNTS.member.password)).toBe(true);
    const [sum] = await ctx.deps.db
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, user!.id));
    expect(sum!.total).toBe(user!.credits);
    const [own] = await ctx.deps.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(own).toMatchObject({ kind: 'member', username: 'demo' });
    const age = (ctx.clock.now().getTime() - Date.parse(user!.birthDate)) / (365.25 * DAY);
    expect(Math.floor(age)).toBe(35);
  });

  it('creates the agent with localhost scopes and the admin', async () => {
    const [agent] = await ctx.deps.db.select().from(agents).where(eq(agents.email, DEMO_ACCOUNTS.agent.email));
    expect(agent).toMatchObject({ role: 'agent' });
    expect(agent!.scope.sort()).toEqual(['DE-localhost', 'GB-localhost', 'US-localhost']);
    expect(await verifyPassword(agent!.passwordHash, DEMO_ACCOUNTS.agent.password)).toBe(true);
    const [admin] = await ctx.deps.db.select().from(agents).where(eq(agents.email, DEMO_ACCOUNTS.admin.email));
    expect(admin).toMatchObject({ role: 'admin' });
    expect(await verifyPassword(admin!.passwordHash, DEMO_ACCOUNTS.admin.password)).toBe(true);
  });

  it('does nothing when run again', async () => {
    const before = await Promise.all([brands, products, profiles, images, users, agents, creditLedger].map((t) => count(t)));
    const again = await seedDemoData(ctx.deps, { log: () => undefined, warmImages: false });
    expect(again.seeded).toBe(false);
    const after = await Promise.all([brands, products, profiles, images, users, agents, creditLedger].map((t) => count(t)));
    expect(after).toEqual(before);
  });

  it('never seeds in production', async () => {
    const lines: string[] = [];
    const res = await seedDemoData({ ...ctx.deps, config: { ...ctx.deps.config, isProduction: true, env: 'production' } }, { log: (l) => lines.push(l) });
    expect(res.seeded).toBe(false);
    expect(lines.join(' ')).toMatch(/production/);
  });

  it('reports how long it took', () => {
    // Kept loose: the machine is shared. The real target (< 15 s on two cores) is measured in the report.
    expect(first.ms).toBeLessThan(60_000);
  });
});

describe('demo conversations for the agent console', () => {
  it('leaves conversations waiting in the message stock of the demo agent, and one each for the follow-up and meet-up jobs', async () => {
    const brand = await localhost();
    const waiting = await ctx.deps.db
      .select({ country: users.country, isPremium: users.isPremium })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId))
      .where(and(eq(conversations.brandId, brand.id), eq(conversations.stock, 'message')));
    expect(waiting.map((w) => w.country).sort()).toEqual(['DE', 'GB', 'US', 'US']);
    expect(waiting.some((w) => w.isPremium)).toBe(true);
    expect(await stockEntryJob.run(ctx.deps)).toBe(2);
    const stocks = await ctx.deps.db.select({ stock: conversations.stock }).from(conversations).where(eq(conversations.brandId, brand.id));
    expect(stocks.map((s) => s.stock).sort()).toEqual(['follow-up', 'meet-up', 'message', 'message', 'message', 'message']);
  });
});

describe('makeFictiveProfiles', () => {
  it('makes the same profiles for the same seed and different ones for another', () => {
    const now = new Date(Date.UTC(2026, 0, 15));
    const a = makeFictiveProfiles({ count: 40, countries: ['US', 'GB'], now, seed: 7 });
    const b = makeFictiveProfiles({ count: 40, countries: ['US', 'GB'], now, seed: 7 });
    const c = makeFictiveProfiles({ count: 40, countries: ['US', 'GB'], now, seed: 8 });
    expect(a).toEqual(b);
    expect(a.map((p) => p.username)).not.toEqual(c.map((p) => p.username));
    expect(new Set(a.map((p) => p.username.toLowerCase())).size).toBe(40);
  });
});
