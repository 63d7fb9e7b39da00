import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '@sync/contract/entities';
import { authSessions, favourites, images, profiles, users } from '../../db/schema/index.js';
import { createFictive, createMember } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import type { MemoryMailer } from '../../providers/mail/memory.js';
import { PASSWORD, bearer, registerMember, useMemoryMailer } from '../auth/test-helpers.js';

let ctx: TestContext;
let mailer: MemoryMailer;
beforeAll(async () => {
  ctx = await createTestContext();
  mailer = useMemoryMailer(ctx);
});
afterAll(() => ctx.close());

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function addImage(profileId: string, type: 'avatar' | 'photo' | 'message', moderation: 'pending' | 'approved' | 'rejected', sortOrder = 0) {
  const key = `test/${profileId}/${crypto.randomUUID()}`;
  const [row] = await ctx.deps.db
    .insert(images)
    .values({
      profileId,
      type,
      processed: true,
      moderation,
      variants: { medium: { url: `/api/media/${key}/medium.jpg`, width: 480, height: 600 } },
      storageKey: `${key}/original.jpg`,
      mime: 'image/jpeg',
      width: 800,
      height: 600,
      bytes: 100,
      sortOrder,
      createDate: new Date(ctx.clock.now().getTime() + sortOrder),
    })
    .returning();
  return row!;
}

const COMPLETE = {
  lookingFor: ['travel', 'music'],
  aboutMe: 'I like long walks.',
  height: 180,
  bodyType: 'fit',
  hairColor: 'brown',
  eyeColor: 'blue',
  relationshipStatus: 'single',
};

describe('GET /api/user/{id}: everything the edit screen needs', () => {
  it('refills the day’s likes, lists favourites and views, own images without rejected or message ones', async () => {
    const m = await createMember(ctx, { likes: 0 }, { heightCm: 175, bodyType: 'curvy', aboutMe: 'hello', lookingForTags: ['a'] });
    const fictive = await createFictive(ctx);
    await ctx.deps.db.insert(favourites).values({ fromProfileId: m.profileId, toProfileId: fictive.id });
    const avatar = await addImage(m.profileId, 'avatar', 'approved');
    const pending = await addImage(m.profileId, 'photo', 'pending', 1);
    await addImage(m.profileId, 'photo', 'rejected', 2);
    await addImage(m.profileId, 'message', 'approved', 3);

    const res = await call('GET', `/api/user/${m.id}`, m.headers);
    expect(res.status).toBe(200);
    expect(userSchema.parse(res.body)).toBeTruthy();
    expect(res.body.likes).toBe(10);
    expect(res.body.profile.favourites).toEqual([fictive.id]);
    expect(res.body.profile).toMatchObject({ height: 175, bodyType: 'curvy', aboutMe: 'hello', lookingFor: ['a'] });
    expect(res.body.profile.settings.measurement).toBe('imperial');
    expect(res.body.images.map((i: { _id: string }) => i._id)).toEqual([avatar.id, pending.id]);
    expect(res.body.images[0]).toMatchObject({ type: 'avatar', processed: true, under_moderation: false, medium: expect.stringMatching(/medium\.jpg$/) });
    expect(res.body.images[1]).toMatchObject({ type: 'photo', under_moderation: true });
  });
});

describe('PATCH /api/user/{id}: the edit form', () => {
  it('saves every edit field and answers the user state; a later GET agrees', async () => {
    const m = await createMember(ctx, { birthDate: '1990-04-12' });
    const body = {
      firstName: ' Ann ',
      lastName: 'Lee',
      gender: 'woman',
      location: { city: 'Austin', state: 'TX', zip: '73301', country: 'US' },
      lookingForAge: { min: 30, max: 45 },
      keepLocationPrivate: true,
      showOnline: false,
      notifyByEmail: false,
      measurement: 'metric',
      timeFormat: '24h',
      ethnicity: 'asian',
      ...COMPLETE,
    };
    const res = await call('PATCH', `/api/user/${m.id}`, m.headers, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      profileCompleted: false, // no image yet
      emailVerificationSent: false,
      profile: {
        gender: 'woman',
        location: { city: 'Austin', state: 'TX', zip: '73301', country: 'US' },
        settings: { keepLocationPrivate: true, showOnline: false, notifyByEmail: false, lookingForAge: { min: 30, max: 45 }, measurement: 'metric', timeFormat: '24h' },
        lookingFor: ['travel', 'music'],
        aboutMe: 'I like long walks.',
        height: 180,
        bodyType: 'fit',
        ethnicity: 'asian',
        hairColor: 'brown',
        eyeColor: 'blue',
        relationshipStatus: 'single',
      },
    });
    const again = await call('GET', `/api/user/${m.id}`, m.headers);
    expect(again.body.profile).toEqual(res.body.profile);
    const [p] = await ctx.deps.db.select().from(profiles).where(eq(profiles.id, m.profileId));
    expect(p).toMatchObject({ gender: 'woman', country: 'US', heightCm: 180 });
  });

  it('flips promotions.complete_profile once, answering profileCompleted: true only on that save', async () => {
    const m = await createMember(ctx);
    await addImage(m.profileId, 'avatar', 'pending');
    const first = await call('PATCH', `/api/user/${m.id}`, m.headers, COMPLETE);
    expect(first.status).toBe(200);
    expect(first.body.profileCompleted).toBe(true);
    expect(first.body.promotions.complete_profile).toBe(true);
    const second = await call('PATCH', `/api/user/${m.id}`, m.headers, { aboutMe: 'Still me.' });
    expect(second.body.profileCompleted).toBe(false);
    expect(second.body.promotions.complete_profile).toBe(true);
    const undone = await call('PATCH', `/api/user/${m.id}`, m.headers, { height: null });
    expect(undone.body.promotions.complete_profile).toBe(false);
  });

  it('requires tags and about me with the documented texts, refuses bad values with 400 and writes nothing', async () => {
    const m = await createMember(ctx, {}, { aboutMe: 'before', lookingForTags: ['x'] });
    const cases: [unknown, string][] = [
      [{ lookingFor: [], aboutMe: 'new' }, 'Information is required, please fill in some tags'],
      [{ lookingFor: null }, 'Information is required, please fill in some tags'],
      [{ aboutMe: '   ', firstName: 'New' }, 'Information is required, please fill the about me field'],
      [{ aboutMe: null }, 'Information is required, please fill the about me field'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PATCH', `/api/user/${m.id}`, m.headers, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const bad: unknown[] = [
      { lookingForAge: { min: 17, max: 40 } },
      { lookingForAge: { min: 50, max: 40 } },
      { lookingForAge: { min: 30, max: 101 } },
      { gender: 'other' },
      { bodyType: 'huge', firstName: 'Changed' },
      { height: 90 },
      { height: 300 },
      { height: 'tall' },
      { showOnline: 'yes' },
      { measurement: 'cubits' },
      { ethnicity: 'martian' },
      { firstName: 'x'.repeat(51) },
      { firstName: 'a\u0000b' },
      { location: { city: 'A', state: 'B', country: 'USA' } },
      { location: { city: 'x'.repeat(101), state: 'B' } },
      { aboutMe: 'x'.repeat(2001) },
      { lookingFor: ['x'.repeat(41)] },
    ];
    for (const body of bad) {
      const res = await call('PATCH', `/api/user/${m.id}`, m.headers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    for (const raw of ['not json', '[]', 'null', '42']) {
      const res = await ctx.app.request(`/api/user/${m.id}`, { method: 'PATCH', headers: { ...m.headers, 'content-type': 'application/json' }, body: raw });
      expect(res.status, raw).toBe(400);
    }
    const [p] = await ctx.deps.db.select().from(profiles).where(eq(profiles.id, m.profileId));
    expect(p).toMatchObject({ aboutMe: 'before', lookingForTags: ['x'], bodyType: null });
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u!.firstName).toBe('');
  });

  it('refuses a birth date change with 400 and keeps the stored one', async () => {
    const m = await createMember(ctx, { birthDate: '1990-04-12' });
    const res = await call('PATCH', `/api/user/${m.id}`, m.headers, { birthDate: '2000-01-01', firstName: 'Bo' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('birth-date-locked');
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u).toMatchObject({ birthDate: '1990-04-12', firstName: '' });
  });

  it("refuses another member's id with 403 and needs a member token", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    expect((await call('PATCH', `/api/user/${b.id}`, a.headers, { firstName: 'X' })).status).toBe(403);
    expect((await call('PATCH', `/api/user/${b.id}`, {}, { firstName: 'X' })).status).toBe(401);
  });

  it('an email change keeps the address, mails a verification link to the new one, and the link sets it', async () => {
    const m = await registerMember(ctx);
    mailer.clear();
    const tokenOnly = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { email: 'New.Address@Example.com' });
    expect(tokenOnly.status).toBe(400);
    expect(tokenOnly.body.error.code).toBe('current-password-required');
    expect(mailer.sent).toHaveLength(0);
    const res = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { email: 'New.Address@Example.com', currentPassword: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The address being replaced hears of it, with a link that keeps it.
    const notice = mailer.last(m.email.toLowerCase())!;
    expect(notice.text).toContain('new.address@example.com');
    expect(notice.links.some((l) => l.includes('/api/undo-email-change?token='))).toBe(true);
    expect(res.body).toMatchObject({ email: m.email.toLowerCase(), emailVerificationSent: true, pendingEmail: 'new.address@example.com' });
    const mail = mailer.last('new.address@example.com');
    expect(mail).toBeTruthy();
    const link = mail!.links.find((l) => l.includes('/api/verify-email'))!;
    const verify = await ctx.app.request(new URL(link).pathname + new URL(link).search);
    expect(verify.status).toBe(302);
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u).toMatchObject({ email: 'new.address@example.com', emailValidated: true });

    const same = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { email: 'NEW.address@example.com' });
    expect(same.body.emailVerificationSent).toBe(false);
  });

  it('a taken or invalid email answers 422 with the documented text and changes nothing', async () => {
    const m = await registerMember(ctx);
    const other = await registerMember(ctx);
    mailer.clear();
    for (const email of [other.email.toUpperCase(), 'not an email', '', 42]) {
      const res = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { email, firstName: 'Changed' });
      expect(res.status, String(email)).toBe(422);
      expect(res.body.error).toEqual({ code: 'invalid-email', message: 'Invalid email or email already in use. Please try again' });
    }
    expect(mailer.sent).toHaveLength(0);
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u).toMatchObject({ email: m.email.toLowerCase(), firstName: '' });
  });

  it('a password change needs the current password, ends the other sessions and keeps this one', async () => {
    const m = await registerMember(ctx);
    const login = await call('POST', '/api/authenticate', {}, { username: m.username, password: PASSWORD });
    const otherToken = login.body.access_token as string;
    expect((await call('GET', `/api/user/${m.id}`, bearer(otherToken))).status).toBe(200);

    const missing = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { password: 'a new password 2' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('current-password-required');
    const wrong = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { password: 'a new password 2', currentPassword: 'nope nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid-current-password');
    const short = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { password: 'short', currentPassword: PASSWORD });
    expect(short.status).toBe(400);
    expect((await call('GET', `/api/user/${m.id}`, bearer(otherToken))).status).toBe(200);

    const ok = await call('PATCH', `/api/user/${m.id}`, bearer(m.token), { password: 'a new password 2', currentPassword: PASSWORD });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(JSON.stringify(ok.body)).not.toMatch(/argon2|a new password/);
    expect((await call('GET', `/api/user/${m.id}`, bearer(otherToken))).status).toBe(401);
    expect((await call('GET', `/api/user/${m.id}`, bearer(m.token))).status).toBe(200);
    const sessions = await ctx.deps.db.select().from(authSessions).where(eq(authSessions.userId, m.id));
    expect(sessions.filter((s) => s.revokedDate === null).map((s) => s.id)).toEqual([m.sid]);
    expect((await call('POST', '/api/authenticate', {}, { username: m.username, password: PASSWORD })).status).toBe(401);
    expect((await call('POST', '/api/authenticate', {}, { username: m.username, password: 'a new password 2' })).status).toBe(200);
  });
});

describe('DELETE /api/user/{id}/image/{imageId}', () => {
  it('deletes an own image; deleting the avatar makes the next approved photo the avatar', async () => {
    const m = await createMember(ctx);
    const avatar = await addImage(m.profileId, 'avatar', 'approved');
    await addImage(m.profileId, 'photo', 'pending', 1);
    const approved = await addImage(m.profileId, 'photo', 'approved', 2);
    const res = await call('DELETE', `/api/user/${m.id}/image/${avatar.id}`, m.headers);
    expect(res.status).toBe(200);
    expect(res.body.images[0]).toMatchObject({ _id: approved.id, type: 'avatar' });
    expect(res.body.images).toHaveLength(2);
    expect(await ctx.deps.db.select().from(images).where(eq(images.id, avatar.id))).toHaveLength(0);

    const again = await call('DELETE', `/api/user/${m.id}/image/${approved.id}`, m.headers);
    expect(again.body.images.map((i: { type: string }) => i.type)).toEqual(['photo']); // a pending photo never becomes the avatar
  });

  it("answers 404 for another member's image or an unknown id, 403 for another member's path", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const theirs = await addImage(b.profileId, 'photo', 'approved');
    for (const id of [theirs.id, crypto.randomUUID(), 'nope']) {
      expect((await call('DELETE', `/api/user/${a.id}/image/${id}`, a.headers)).status).toBe(404);
    }
    expect((await call('DELETE', `/api/user/${b.id}/image/${theirs.id}`, a.headers)).status).toBe(403);
    expect(await ctx.deps.db.select().from(images).where(eq(images.id, theirs.id))).toHaveLength(1);
  });
});
