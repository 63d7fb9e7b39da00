import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, users } from '../../db/schema/index.js';
import type { SocketLike } from '../../realtime/hub.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { PASSWORD, bearer, createAgent } from '../auth/test-helpers.js';

let ctx: TestContext;
let adminHeaders: Record<string, string>;
let agentHeaders: Record<string, string>;

async function staffToken(role: 'admin' | 'agent') {
  const agent = await createAgent(ctx, { role });
  const res = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: agent.email, password: PASSWORD, type: 'agent' }));
  expect(res.status).toBe(200);
  return bearer((await res.json()).access_token);
}

beforeAll(async () => {
  ctx = await createTestContext();
  adminHeaders = await staffToken('admin');
  agentHeaders = await staffToken('agent');
});
afterAll(() => ctx.close());

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function uploadPhoto(m: MemberFixture, type: 'avatar' | 'photo' = 'photo') {
  const form = new FormData();
  form.set('type', type);
  const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  form.append('files', new File([new Uint8Array(data)], 'me.jpg', { type: 'image/jpeg' }));
  const res = await ctx.app.request('/api/user/upload', { method: 'POST', body: form, headers: m.headers });
  expect(res.status).toBe(200);
  return (await res.json()).images[0] as { _id: string; medium: string };
}

/** A socket in the member's room, as the websocket route would join it. */
function listen(userId: string) {
  const frames: { event: string; payload?: Record<string, unknown> }[] = [];
  const socket: SocketLike = { send: (data) => frames.push(JSON.parse(data)), close: () => undefined };
  ctx.deps.realtime.join(socket, [`user:${userId}`]);
  return {
    frames,
    async next(event: string) {
      for (let i = 0; i < 100; i++) {
        const found = frames.find((f) => f.event === event);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${event} frame`);
    },
    stop: () => ctx.deps.realtime.leave(socket),
  };
}

describe('image moderation', () => {
  it('lists pending images newest first with the member username and the medium URL', async () => {
    const m = await createMember(ctx);
    const older = await uploadPhoto(m);
    ctx.clock.advance(1000);
    const newer = await uploadPhoto(m);
    const res = await call('GET', '/api/moderation/images?status=pending&limit=100', adminHeaders);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 100, total: expect.any(Number) });
    const mine = res.body.data.filter((i: { userId: string }) => i.userId === m.id);
    expect(mine.map((i: { _id: string }) => i._id)).toEqual([newer._id, older._id]);
    expect(mine[0]).toMatchObject({ username: m.username, status: 'pending', under_moderation: true, medium: newer.medium, profileKind: 'member' });

    const paged = await call('GET', '/api/moderation/images?page=2&limit=1', adminHeaders);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBe(res.body.total);
  });

  it('approving flips under_moderation and tells the member live with userUpdate', async () => {
    const m = await createMember(ctx);
    const img = await uploadPhoto(m, 'avatar');
    const socket = listen(m.id);
    const res = await call('POST', `/api/moderation/images/${img._id}/approve`, adminHeaders);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: img._id, status: 'approved', under_moderation: false });
    const frame = await socket.next('userUpdate');
    socket.stop();
    expect(frame.payload).toMatchObject({ images: [{ _id: img._id, under_moderation: false, type: 'avatar' }] });
    expect(JSON.stringify(frame).length).toBeLessThan(7500);

    const state = await call('GET', `/api/user/${m.id}`, m.headers);
    expect(state.body.images[0]).toMatchObject({ _id: img._id, under_moderation: false });
    const pending = await call('GET', '/api/moderation/images', adminHeaders);
    expect(pending.body.data.some((i: { _id: string }) => i._id === img._id)).toBe(false);
    const approved = await call('GET', '/api/moderation/images?status=approved', adminHeaders);
    expect(approved.body.data.some((i: { _id: string }) => i._id === img._id)).toBe(true);
  });

  it('rejecting hides the image from the member, hands the avatar on and recomputes completion', async () => {
    const m = await createMember(ctx, {}, { lookingForTags: ['a'], aboutMe: 'hi', heightCm: 170, hairColor: 'red', eyeColor: 'blue', relationshipStatus: 'single', bodyType: 'fit' });
    const photo = await uploadPhoto(m, 'photo');
    await call('POST', `/api/moderation/images/${photo._id}/approve`, adminHeaders);
    const avatar = await uploadPhoto(m, 'avatar');
    const socket = listen(m.id);
    const res = await call('POST', `/api/moderation/images/${avatar._id}/reject`, adminHeaders);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    const frame = await socket.next('userUpdate');
    socket.stop();
    expect(frame.payload).toMatchObject({ images: [{ _id: photo._id, type: 'avatar' }], promotions: { complete_profile: true } });
    const state = await call('GET', `/api/user/${m.id}`, m.headers);
    expect(state.body.images.map((i: { _id: string }) => i._id)).toEqual([photo._id]);

    await call('POST', `/api/moderation/images/${photo._id}/reject`, adminHeaders);
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(u!.promotions.complete_profile).toBe(false);
  });

  it('works on fictive profiles’ images too, without a member to tell', async () => {
    const p = await createFictive(ctx, { imageCount: 0, pendingImages: 1 });
    const [row] = await ctx.deps.db.select().from(images).where(eq(images.profileId, p.id));
    const res = await call('POST', `/api/moderation/images/${row!.id}/approve`, adminHeaders);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profileKind: 'fictive', userId: null, username: p.username });

    const q = await createFictive(ctx, { imageCount: 2 });
    const gallery = await ctx.deps.db.select().from(images).where(eq(images.profileId, q.id)).orderBy(images.sortOrder);
    expect((await call('POST', `/api/moderation/images/${gallery[0]!.id}/reject`, adminHeaders)).status).toBe(200);
    const [next] = await ctx.deps.db.select().from(images).where(eq(images.id, gallery[1]!.id));
    expect(next!.type).toBe('avatar');
  });

  it('is for admins only: members and plain agents get 403, no token 401', async () => {
    const m = await createMember(ctx);
    const img = await uploadPhoto(m);
    for (const headers of [m.headers, agentHeaders]) {
      expect((await call('GET', '/api/moderation/images', headers)).status).toBe(403);
      expect((await call('POST', `/api/moderation/images/${img._id}/approve`, headers)).status).toBe(403);
      expect((await call('POST', `/api/moderation/images/${img._id}/reject`, headers)).status).toBe(403);
    }
    expect((await call('GET', '/api/moderation/images', {})).status).toBe(401);
    const [row] = await ctx.deps.db.select().from(images).where(eq(images.id, img._id));
    expect(row!.moderation).toBe('pending');
  });

  it('answers 400 for bad queries and 404 for unknown images', async () => {
    for (const q of ['status=maybe', 'page=-1', 'limit=0', 'limit=10000', 'page=abc']) {
      expect((await call('GET', `/api/moderation/images?${q}`, adminHeaders)).status, q).toBe(400);
    }
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expect((await call('POST', `/api/moderation/images/${id}/approve`, adminHeaders)).status).toBe(404);
    }
  });
});
