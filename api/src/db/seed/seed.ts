import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { defaultAgeRange } from '@sync/contract/profile-edit';
import type { AppDeps } from '../../context.js';
import { hashPassword } from '../../lib/password.js';
import { invalidateBrandCache } from '../../modules/brands/resolve.js';
import { IMAGE_VARIANTS, IMAGE_VARIANT_NAMES, generatedVariantKey, parseGeneratedKey } from '../../modules/media/generated-image.js';
import type { PortraitSpec } from '../../modules/media/portrait-svg.js';
import { drawGenerated, mediaUrl } from '../../modules/media/service.js';
import type { Executor } from '../client.js';
import { agents, brands, creditLedger, images, products, profiles, users } from '../schema/index.js';
import type { ImageVariant } from '../schema/profiles.js';
import { bulkInsert } from './bulk-insert.js';
import { DEMO_BRANDS, DEMO_BRAND_DOMAIN, demoProducts } from './demo-brands.js';
import { insertDemoConversations } from './demo-conversations.js';
import { makeFictiveProfiles, type FictiveProfileDraft } from './fictive-profiles.js';

/** The demo sign-ins; README lists them and start-up prints them. */
export const DEMO_ACCOUNTS = {
  member: { username: 'demo', email: 'demo@example.com', password: 'demo-pass-123' },
  agent: { email: 'agent@example.com', password: 'agent-pass-123' },
  admin: { email: 'admin@example.com', password: 'admin-pass-123' },
} as const;
export const DEMO_MEMBER_CREDITS = 20;
export const DEMO_MEMBER_LIKES = 10;

export interface SeedOptions {
  log: (line: string) => void;
  /**
   * Draw every avatar in the card sizes in the background so the first visit finds them ready (default true);
   * a number draws only the first that many of each gender's list.
   */
  warmImages?: boolean | number;
}

export interface SeedResult {
  seeded: boolean;
  profiles: number;
  images: number;
  ms: number;
  /** Settles when the background drawing is done (at once when there is none). */
  warmed: Promise<void>;
}

const SEED_LOCK = 0x616d6f72; // "amor": one seeding process at a time across API processes.
const DAY = 86_400_000;

/**
 * Demo data for an empty database: brands and products, fictive profiles with generated photos, and the
 * demo member, agent and admin. Does nothing when the demo brand exists, and never in production.
 * Photos are rows here; a background job draws the avatars in the card sizes right after (warmAvatars), and the
 * media route draws any other file on its first request (modules/media).
 */
export async function seedDemoData(deps: AppDeps, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const none = (seeded = false): SeedResult => ({ seeded, profiles: 0, images: 0, ms: 0, warmed: Promise.resolve() });
  if (deps.config.isProduction) {
    opts.log('[seed] NODE_ENV=production: demo data is never seeded');
    return none();
  }
  if (await demoBrandExists(deps.db)) {
    printAccounts(opts.log, 'Demo data already present');
    return none();
  }

  const [memberHash, agentHash, adminHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.member.password),
    hashPassword(DEMO_ACCOUNTS.agent.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
  ]);
  const now = deps.clock.now();

  const counts = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    // Another process may have seeded while this one waited for the lock.
    if (await demoBrandExists(tx)) return null;

    let profileCount = 0;
    let imageCount = 0;
    const brandIds = new Map<string, string>();
    for (const [index, demo] of DEMO_BRANDS.entries()) {
      const [brand] = await tx
        .insert(brands)
        .values({
          domain: demo.domain,
          aliases: demo.aliases,
          company: demo.company,
          brand: demo.brand,
          timezone: demo.timezone,
          countries: demo.countries,
          defaultCountry: demo.defaultCountry,
          legacyMode: demo.legacyMode,
          customerSupport: demo.customerSupport,
          defaultDescriptor: demo.defaultDescriptor,
          apiKey: demo.apiKey,
          // Older first: the brand resolver falls back to the oldest brand, which should be the demo one.
          createDate: new Date(now.getTime() - (DEMO_BRANDS.length - index) * 1000),
        })
        .returning({ id: brands.id });
      brandIds.set(demo.domain, brand!.id);
      await tx.insert(products).values(demoProducts(demo).map((p) => ({ ...p, brandId: brand!.id })));

      if (demo.profiles > 0) {
        const drafts = makeFictiveProfiles({ count: demo.profiles, countries: demo.countries, now, seed: 1000 + index });
        const written = await insertFictiveProfiles(tx, brand!.id, drafts);
        profileCount += drafts.length;
        imageCount += written;
      }
    }

    const demoBrandId = brandIds.get(DEMO_BRAND_DOMAIN)!;
    imageCount += await insertDemoMember(tx, demoBrandId, memberHash, now);
    await insertDemoConversations(tx, demoBrandId, now);

    const localScopes = DEMO_BRANDS.filter((b) => b.domain === DEMO_BRAND_DOMAIN).flatMap((b) => b.countries.map((c) => `${c}-${b.domain}`));
    const allScopes = DEMO_BRANDS.filter((b) => !b.legacyMode).flatMap((b) => b.countries.map((c) => `${c}-${b.domain}`));
    await tx.insert(agents).values([
      { email: DEMO_ACCOUNTS.agent.email, passwordHash: agentHash, firstName: 'Alice', lastName: 'Agent', role: 'agent', scope: localScopes },
      { email: DEMO_ACCOUNTS.admin.email, passwordHash: adminHash, firstName: 'Adam', lastName: 'Admin', role: 'admin', scope: allScopes },
    ]);
    return { profiles: profileCount, images: imageCount, demoBrandId };
  });

  invalidateBrandCache();
  if (!counts) {
    printAccounts(opts.log, 'Demo data already present');
    return none();
  }
  const ms = Math.round(performance.now() - started);
  printAccounts(opts.log, `Demo data seeded: ${counts.profiles} profiles, ${counts.images} images in ${(ms / 1000).toFixed(1)} s`);
  const warmed = opts.warmImages === false ? Promise.resolve() : warmAvatars(deps, counts.demoBrandId, opts.log, opts.warmImages === true || opts.warmImages === undefined ? Infinity : opts.warmImages);
  return { seeded: true, profiles: counts.profiles, images: counts.images, ms, warmed };
}

async function demoBrandExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.domain, DEMO_BRAND_DOMAIN)).limit(1);
  return row !== undefined;
}

/** The images row of one generated portrait; its file is drawn when first asked for. */
function generatedImageRow(profileId: string, spec: PortraitSpec, sortOrder: number, createDate: Date) {
  const variants: Record<string, ImageVariant> = {};
  for (const name of IMAGE_VARIANT_NAMES) {
    variants[name] = { url: mediaUrl(generatedVariantKey(spec, name)), ...IMAGE_VARIANTS[name] };
  }
  return {
    profileId,
    type: sortOrder === 0 ? ('avatar' as const) : ('photo' as const),
    processed: true,
    moderation: 'approved' as const,
    variants,
    storageKey: generatedVariantKey(spec, 'large'),
    mime: 'image/jpeg',
    width: IMAGE_VARIANTS.large.width,
    height: IMAGE_VARIANTS.large.height,
    // Unknown until the file is first drawn; nothing counts bytes of generated pictures.
    bytes: 0,
    sortOrder,
    createDate,
  };
}

async function insertFictiveProfiles(tx: Executor, brandId: string, drafts: FictiveProfileDraft[]): Promise<number> {
  // Ids are made here rather than returned, so the images can name their profile without a round trip.
  const ids = drafts.map(() => randomUUID());
  await bulkInsert(
    tx,
    profiles,
    drafts.map((d, i) => ({
      id: ids[i]!,
      kind: 'fictive' as const,
      brandId,
      username: d.username,
      gender: d.gender,
      birthDate: d.birthDate,
      bodyType: d.bodyType,
      ethnicity: d.ethnicity,
      hairColor: d.hairColor,
      eyeColor: d.eyeColor,
      heightCm: d.heightCm,
      relationshipStatus: d.relationshipStatus,
      aboutMe: d.aboutMe,
      lookingForTags: d.lookingForTags,
      lookingForAgeMin: d.lookingForAgeMin,
      lookingForAgeMax: d.lookingForAgeMax,
      location: d.location,
      country: d.country,
      isFeatured: d.isFeatured,
      isPremium: d.isPremium,
      matchOnLike: d.matchOnLike,
      active: true,
      activityDate: d.activityDate,
      createDate: d.createDate,
      updateDate: d.createDate,
    })),
  );
  const imageRows = drafts.flatMap((d, i) => d.photos.map((spec, order) => generatedImageRow(ids[i]!, spec, order, d.createDate)));
  await bulkInsert(tx, images, imageRows);
  return imageRows.length;
}

async function insertDemoMember(tx: Executor, brandId: string, passwordHash: string, now: Date): Promise<number> {
  const birth = new Date(now.getTime() - (35 * 365.25 + 40) * DAY).toISOString().slice(0, 10);
  const [user] = await tx
    .insert(users)
    .values({
      brandId,
      username: DEMO_ACCOUNTS.member.username,
      email: DEMO_ACCOUNTS.member.email,
      passwordHash,
      firstName: 'Alex',
      lastName: 'Demo',
      gender: 'man',
      lookingFor: 'woman',
      birthDate: birth,
      country: 'US',
      timezone: 'America/New_York',
      emailValidated: true,
      isDOI: true,
      credits: DEMO_MEMBER_CREDITS,
      likes: DEMO_MEMBER_LIKES,
      activityDate: now,
      createDate: new Date(now.getTime() - 3 * DAY),
    })
    .returning({ id: users.id });
  // The ledger explains every credit: sum(delta) = users.credits.
  await tx.insert(creditLedger).values({
    userId: user!.id,
    delta: DEMO_MEMBER_CREDITS,
    reason: 'signup',
    balanceAfter: DEMO_MEMBER_CREDITS,
    note: 'Demo account starting credits',
    createDate: new Date(now.getTime() - 3 * DAY),
  });
  const range = defaultAgeRange(35);
  const [profile] = await tx
    .insert(profiles)
    .values({
      kind: 'member',
      userId: user!.id,
      brandId,
      username: DEMO_ACCOUNTS.member.username,
      gender: 'man',
      birthDate: birth,
      bodyType: 'fit',
      ethnicity: 'white',
      hairColor: 'brown',
      eyeColor: 'blue',
      heightCm: 182,
      relationshipStatus: 'single',
      aboutMe: 'Demo member exploring the site. I like travel, cooking and a good movie night.',
      lookingForTags: ['travel', 'cooking', 'movies'],
      lookingForAgeMin: range.min,
      lookingForAgeMax: range.max,
      location: { country: 'US', city: 'New York', state: 'NY', zip: '10001' },
      country: 'US',
      activityDate: now,
      createDate: new Date(now.getTime() - 3 * DAY),
    })
    .returning({ id: profiles.id });
  const avatar: PortraitSpec = { gender: 'man', ethnicity: 'white', hairColor: 'brown', eyeColor: 'blue', bodyType: 'fit', age: 35, scene: 'studio', seed: 0x00de0001 };
  await tx.insert(images).values(generatedImageRow(profile!.id, avatar, 0, now));
  return 1;
}

/**
 * Draws every seeded avatar in the sizes the cards ask for (medium, then small; each in JPEG and WebP), in
 * the default list's order per gender, so the first page of either gender is ready within seconds of the
 * seed and the rest follows. One drawing at a time keeps a start on a small machine responsive; a card
 * asked for sooner is drawn on request as before (modules/media, which draws each picture once).
 */
async function warmAvatars(deps: AppDeps, brandId: string, log: (line: string) => void, perGender: number): Promise<void> {
  try {
    // In the order of the lists' default sort ('recent': the last activity, newest first), so that the first page
    // a member or a visitor opens is the first drawn.
    const rank = sql<number>`row_number() over (partition by ${profiles.gender} order by ${profiles.activityDate} desc, ${profiles.id} desc)`;
    const rows = await deps.db
      .select({ storageKey: images.storageKey, rank: rank.as('rank') })
      .from(images)
      .innerJoin(profiles, eq(images.profileId, profiles.id))
      .where(sql`${profiles.brandId} = ${brandId} AND ${profiles.kind} = 'fictive' AND ${images.sortOrder} = 0`)
      .orderBy(rank, profiles.gender);
    const specs = rows.filter((row) => Number(row.rank) <= perGender).flatMap((row) => parseGeneratedKey(row.storageKey)?.spec ?? []);
    for (const variant of ['medium', 'small'] as const) {
      for (const spec of specs) await drawGenerated(deps, spec, variant);
    }
  } catch (err) {
    log(`[seed] drawing the avatars failed: ${(err as Error).message}`);
  }
}

function printAccounts(log: (line: string) => void, headline: string) {
  const lines = [
    headline,
    '',
    `member  ${DEMO_ACCOUNTS.member.username} / ${DEMO_ACCOUNTS.member.password}  (${DEMO_ACCOUNTS.member.email})`,
    `agent   ${DEMO_ACCOUNTS.agent.email} / ${DEMO_ACCOUNTS.agent.password}`,
    `admin   ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
    '',
    'Agents and admins sign in with the agent login kind.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  log(`┌─${'─'.repeat(width)}─┐`);
  for (const line of lines) log(`│ ${line.padEnd(width)} │`);
  log(`└─${'─'.repeat(width)}─┘`);
}
