import crypto from 'node:crypto';
import { images, profiles, users } from '../db/schema/index.js';
import { issueSession } from '../modules/auth/sessions.js';
import type { TestContext } from './harness.js';

/**
 * Members and fictive profiles made straight in the database, for tests that are not about sign-up.
 * Members get a real session and access token from the auth module, so routes see them as signed in.
 */

const tag = () => crypto.randomBytes(5).toString('hex');

export interface MemberFixture {
  id: string;
  profileId: string;
  username: string;
  token: string;
  headers: { authorization: string };
}

export async function createMember(
  ctx: TestContext,
  overrides: Partial<typeof users.$inferInsert> = {},
  profileOverrides: Partial<typeof profiles.$inferInsert> = {},
): Promise<MemberFixture> {
  const now = ctx.clock.now();
  const username = overrides.username ?? `member_${tag()}`;
  const [user] = await ctx.deps.db
    .insert(users)
    .values({
      brandId: ctx.brand.id,
      username,
      email: `${username}@example.com`,
      gender: 'man',
      lookingFor: 'woman',
      birthDate: '1990-04-12',
      emailValidated: true,
      activityDate: now,
      createDate: now,
      updateDate: now,
      ...overrides,
    })
    .returning();
  const [profile] = await ctx.deps.db
    .insert(profiles)
    .values({
      kind: 'member',
      userId: user!.id,
      brandId: user!.brandId,
      username: user!.username,
      gender: user!.gender,
      birthDate: user!.birthDate,
      activityDate: now,
      createDate: now,
      ...profileOverrides,
    })
    .returning();
  const { access_token } = await issueSession(ctx.deps, { type: 'user', id: user!.id });
  return { id: user!.id, profileId: profile!.id, username, token: access_token, headers: { authorization: `Bearer ${access_token}` } };
}

export type FictiveOverrides = Partial<typeof profiles.$inferInsert> & {
  /** Approved gallery images to attach (the first is the avatar); default 2. */
  imageCount?: number;
  /** Extra images still waiting for moderation (never shown). */
  pendingImages?: number;
};

export async function createFictive(ctx: TestContext, overrides: FictiveOverrides = {}) {
  const { imageCount = 2, pendingImages = 0, ...values } = overrides;
  const now = ctx.clock.now();
  const [profile] = await ctx.deps.db
    .insert(profiles)
    .values({
      kind: 'fictive',
      brandId: ctx.brand.id,
      username: `fictive_${tag()}`,
      gender: 'woman',
      birthDate: '1995-06-01',
      location: { country: 'US', city: 'Austin', state: 'TX' },
      createDate: new Date(now.getTime() - 30 * 86_400_000),
      activityDate: new Date(now.getTime() - 5 * 3_600_000),
      ...values,
    })
    .returning();
  const rows: (typeof images.$inferInsert)[] = [];
  for (let i = 0; i < imageCount + pendingImages; i++) {
    const key = `test/${profile!.id}/${i}`;
    rows.push({
      profileId: profile!.id,
      type: i === 0 ? 'avatar' : 'photo',
      processed: true,
      moderation: i < imageCount ? 'approved' : 'pending',
      variants: {
        small: { url: `/api/media/${key}/small.jpg`, width: 200, height: 250 },
        medium: { url: `/api/media/${key}/medium.jpg`, width: 480, height: 600 },
      },
      storageKey: `${key}/large.jpg`,
      mime: 'image/jpeg',
      width: 960,
      height: 1200,
      bytes: 1000,
      sortOrder: i,
    });
  }
  if (rows.length) await ctx.deps.db.insert(images).values(rows);
  return profile!;
}
