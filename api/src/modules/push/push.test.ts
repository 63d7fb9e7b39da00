import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, pushSubscriptions, users } from '../../db/schema/index.js';
import type { Providers } from '../../providers/index.js';
import { MemoryPushSender } from '../../providers/push/memory.js';
import type { SocketLike } from '../../realtime/hub.js';
import { createFictive, createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, TEST_API_KEY, type TestContext } from '../../test/harness.js';
import { createAgent } from '../auth/test-helpers.js';
import { sendNewMessagePushes } from './new-message-push.js';

let ctx: TestContext;
let push: MemoryPushSender;
let agentId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  push = new MemoryPushSender();
  (ctx.deps.providers as Providers).push = push;
  agentId = (await createAgent(ctx)).id;
});
afterAll(() => ctx.close());

/** A subscription as a browser makes one: a P-256 public key and a 16-byte auth secret, base64url. */
function deviceSubscription(endpoint = `https://push.example.test/send/${crypto.randomUUID()}`) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') } };
}

const call = (m: MemberFixture, method: string, path: string, body?: unknown) =>
  ctx.app.request(`/api${path}`, jsonRequest(method, body, { ...m.headers, 'x-api-key': TEST_API_KEY }));

async function chat(m: MemberFixture) {
  const profile = await createFictive(ctx, { username: `bea_${Math.random().toString(36).slice(2, 8)}` });
  const now = ctx.clock.now();
  const [c] = await ctx.deps.db.insert(conversations).values({ brandId: ctx.brand.id, userId: m.id, profileId: profile.id, createDate: now, updateDate: now }).returning();
  return { id: c!.id, username: profile.username };
}

async function reply(conversationId: string, text: string) {
  ctx.clock.advance(1000);
  await ctx.deps.db.insert(messages).values({ conversationId, senderType: 'profile', agentId, messageType: 'text', message: text, dateSent: ctx.clock.now() });
}

const pushesTo = (endpoint: string) => push.sent.filter((p) => p.target.endpoint === endpoint);

describe('push subscriptions', () => {
  it('the key is the VAPID public key, to members only', async () => {
    const m = await createMember(ctx);
    const res = await call(m, 'GET', '/push/key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: push.publicKey });
    expect((await ctx.app.request('/api/push/key', { headers: { 'x-api-key': TEST_API_KEY } })).status).toBe(401);
  });

  it('a device subscribes once: subscribing again (another account on the same browser) moves the row', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    const device = deviceSubscription();
    const first = await call(a, 'POST', '/push/subscriptions', device);
    expect(first.status).toBe(201);
    expect(await call(b, 'POST', '/push/subscriptions', device)).toHaveProperty('status', 201);
    const rows = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([b.id]);
    // A's unsubscribe of B's device changes nothing; B's removes it.
    expect((await call(a, 'POST', '/push/unsubscribe', { endpoint: device.endpoint })).status).toBe(204);
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(1);
    expect((await call(b, 'POST', '/push/unsubscribe', { endpoint: device.endpoint })).status).toBe(204);
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(0);
  });

  it('hostile subscriptions answer 400 and store nothing', async () => {
    const m = await createMember(ctx);
    const good = deviceSubscription();
    const bad = [
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: 'file:///etc/passwd' },
      { ...good, endpoint: `https://push.example.test/\u0000` },
      { ...good, endpoint: `https://push.example.test/${'a'.repeat(3000)}` },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: crypto.randomBytes(32).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: '\ud800\ud800\ud800\ud800\ud800\ud800\ud800\ud800\ud800\ud800\ud800' } },
      { endpoint: good.endpoint },
      [],
      'not json',
    ];
    for (const body of bad) {
      const res = await call(m, 'POST', '/push/subscriptions', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id))).toHaveLength(0);
  });
});

describe('new-message pushes', () => {
  it('the newest unread reply goes to every device of a member with no socket, once, and opens the chat', async () => {
    const m = await createMember(ctx);
    const [phone, laptop] = [deviceSubscription(), deviceSubscription()];
    await call(m, 'POST', '/push/subscriptions', phone);
    await call(m, 'POST', '/push/subscriptions', laptop);
    const bea = await chat(m);
    await reply(bea.id, 'Hey you 👋');
    await reply(bea.id, 'Are you there?');
    await sendNewMessagePushes(ctx.deps);
    await sendNewMessagePushes(ctx.deps);
    for (const device of [phone, laptop]) {
      const sent = pushesTo(device.endpoint);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.data).toEqual({ title: `New message from ${bea.username}`, body: 'Are you there?', icon: expect.stringMatching(/^\/api\/media\/.+\.jpg$/), url: `/messages/chat/${bea.id}`, tag: `conversation-${bea.id}` });
      expect(sent[0]!.message.ttlSeconds).toBe(3600);
    }
    // A later reply is news again.
    await reply(bea.id, 'Hello?');
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(phone.endpoint).map((p) => p.data.body)).toEqual(['Are you there?', 'Hello?']);
  });

  it('a member with the app open (a socket) gets the toast, not a push, and that message is not pushed later', async () => {
    const m = await createMember(ctx);
    const device = deviceSubscription();
    await call(m, 'POST', '/push/subscriptions', device);
    const bea = await chat(m);
    const socket: SocketLike = { send: () => undefined, close: () => undefined };
    ctx.deps.realtime.join(socket, [`user:${m.id}`]);
    await reply(bea.id, 'Seen in the app');
    await sendNewMessagePushes(ctx.deps);
    ctx.deps.realtime.leave(socket);
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(device.endpoint)).toHaveLength(0);
  });

  it('read, member-sent and old messages are not pushed; a gone device is removed, a failing one keeps the others', async () => {
    const m = await createMember(ctx);
    const [gone, failing, ok] = [deviceSubscription(), deviceSubscription(), deviceSubscription()];
    for (const d of [gone, failing, ok]) await call(m, 'POST', '/push/subscriptions', d);
    push.gone.add(gone.endpoint);
    push.failing.add(failing.endpoint);
    const bea = await chat(m);
    await ctx.deps.db.insert(messages).values({ conversationId: bea.id, senderType: 'user', messageType: 'text', message: 'mine', dateSent: ctx.clock.now() });
    await reply(bea.id, 'already read');
    await ctx.deps.db.update(messages).set({ isRead: true }).where(eq(messages.conversationId, bea.id));
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(ok.endpoint)).toHaveLength(0);

    await reply(bea.id, 'too old by the time the job runs');
    ctx.clock.advance(2 * 3_600_000);
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(ok.endpoint)).toHaveLength(0);

    await reply(bea.id, 'fresh');
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(ok.endpoint).map((p) => p.data.body)).toEqual(['fresh']);
    const left = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(left.map((r) => r.endpoint).sort()).toEqual([failing.endpoint, ok.endpoint].sort());
    expect(left.find((r) => r.endpoint === ok.endpoint)?.lastPushDate).not.toBeNull();
  });

  it('a lock screen shows contacts masked; a blocked conversation and an account awaiting deletion get no push', async () => {
    const m = await createMember(ctx);
    const device = deviceSubscription();
    await call(m, 'POST', '/push/subscriptions', device);
    const bea = await chat(m);
    await reply(bea.id, 'Call me on 0176 1234 5678');
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(device.endpoint).map((p) => p.data.body)).toEqual(['Call me on **** **** ****']);

    await ctx.deps.db.update(conversations).set({ blocked: true }).where(eq(conversations.id, bea.id));
    await reply(bea.id, 'from a blocked profile');
    await sendNewMessagePushes(ctx.deps);
    const cleo = await chat(m);
    await ctx.deps.db.update(users).set({ deletionRequestDate: ctx.clock.now(), deletionDueDate: new Date(ctx.clock.now().getTime() + 14 * 86_400_000) }).where(eq(users.id, m.id));
    await reply(cleo.id, 'to an account being deleted');
    await sendNewMessagePushes(ctx.deps);
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it('a member without a subscription is not looked at, and the VAPID keys stay the same across restarts of one data dir', async () => {
    const m = await createMember(ctx);
    const bea = await chat(m);
    await reply(bea.id, 'nobody listens');
    const before = push.sent.length;
    await sendNewMessagePushes(ctx.deps);
    expect(push.sent.length).toBe(before);
    const { resolveVapidKeys } = await import('../../providers/push/vapid.js');
    const first = resolveVapidKeys({ dataDir: ctx.config.dataDir, subject: 'mailto:a@b.c' });
    const again = resolveVapidKeys({ dataDir: ctx.config.dataDir, subject: 'mailto:a@b.c' });
    expect(again).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  });
});
