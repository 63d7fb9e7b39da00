import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image as imageSchema } from '@sync/contract/entities';
import { agentClaims, conversations, images } from '../../db/schema/index.js';
import { PASSWORD, bearer, createAgent } from '../auth/test-helpers.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let adminHeaders: Record<string, string>;
let agentHeaders: Record<string, string>;
let agentId: string;

async function signIn(email: string) {
  const res = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: email, password: PASSWORD, type: 'agent' }));
  expect(res.status).toBe(200);
  return bearer(((await res.json()) as { access_token: string }).access_token);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAgent(ctx, { role: 'admin' });
  const agent = await createAgent(ctx);
  agentId = agent.id;
  adminHeaders = await signIn(admin.email);
  agentHeaders = await signIn(agent.email);
});
afterAll(() => ctx?.close());

const jpeg = (width = 800, height = 600) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();

function form(files: { data: Buffer; name?: string }[], type?: string) {
  const body = new FormData();
  if (type) body.set('type', type);
  for (const [i, f] of files.entries()) body.append('files', new File([new Uint8Array(f.data)], f.name ?? `pic-${i}.jpg`, { type: 'image/jpeg' }));
  return body;
}

async function send(url: string, headers: Record<string, string> | null, body: FormData) {
  const res = await ctx.app.request(url, { method: 'POST', body, headers: headers ?? {} });
  return { status: res.status, body: await res.json() };
}

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await ctx.app.request(url, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const attachmentRows = (profileId: string) =>
  ctx.deps.db.select().from(images).where(and(eq(images.profileId, profileId), eq(images.type, 'attachment')));
function filesUnder(profileId: string): string[] {
  const dir = path.join(ctx.config.dataDir, 'media', 'u', profileId);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name) : [];
}

/** The attachment redirect lands on the stored jpeg. */
async function expectServed(imageId: string) {
  const res = await ctx.app.request(`/api/attachment/${imageId}/medium`);
  expect(res.status).toBe(302);
  const file = await ctx.app.request(res.headers.get('location')!);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/jpeg');
}

async function conversationWith(m: MemberFixture) {
  const profile = await createFictive(ctx);
  const res = await call('POST', `/api/conversation/${profile.id}`, m.headers, { messageType: 'text', message: 'hello' });
  expect(res.status).toBe(201);
  return { profile, conversation: res.body };
}

/** A claim of this conversation as agent_claim writes one: the claim columns and the open history row. */
async function claim(conversationId: string, minutes: number) {
  const now = ctx.clock.now();
  const expiry = new Date(now.getTime() + minutes * 60_000);
  await ctx.deps.db.transaction(async (tx) => {
    await tx.update(conversations).set({ claimAgentId: agentId, claimDate: now, claimExpiryDate: expiry }).where(eq(conversations.id, conversationId));
    await tx.insert(agentClaims).values({ agentId, conversationId, stock: 'message', claimDate: now, expiryDate: expiry });
  });
}

describe('member attachments', () => {
  it('a message image uploaded with type message is sent as an attachment message and shown through its id', async () => {
    const m = await createMemberWithCredits(ctx, 2);
    const { conversation } = await conversationWith(m);
    const up = await send('/api/user/upload', m.headers, form([{ data: await jpeg() }], 'message'));
    expect(up.status).toBe(200);
    const imageId = up.body.images[0]._id;
    const sent = await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { messageType: 'attachment', message: '', attachment: imageId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toMatchObject({ messageType: 'attachment', attachment: imageId, senderType: 'user' });
    expect(sent.body.user.credits).toBe(0);
    await expectServed(imageId);
    await expectLedgerBalanced(ctx.deps.db, m.id);
  });

  it("refuses another member's image as an attachment, charging nothing", async () => {
    const m = await createMemberWithCredits(ctx, 2);
    const other = await createMemberWithCredits(ctx, 0);
    const { conversation } = await conversationWith(m);
    const up = await send('/api/user/upload', other.headers, form([{ data: await jpeg() }], 'message'));
    const res = await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { messageType: 'attachment', message: '', attachment: up.body.images[0]._id });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('attachment-not-found');
    await expectLedgerBalanced(ctx.deps.db, m.id);
  });

  it('the attachment address knows only message images, in the four sizes', async () => {
    const m = await createMemberWithCredits(ctx, 0);
    const photo = await send('/api/user/upload', m.headers, form([{ data: await jpeg() }], 'photo'));
    expect((await ctx.app.request(`/api/attachment/${photo.body.images[0]._id}/medium`)).status).toBe(404);
    const msg = await send('/api/user/upload', m.headers, form([{ data: await jpeg() }], 'message'));
    expect((await ctx.app.request(`/api/attachment/${msg.body.images[0]._id}/huge`)).status).toBe(404);
    expect((await ctx.app.request('/api/attachment/not-an-id/medium')).status).toBe(404);
  });
});

describe('POST /api/profile/:id/upload (staff)', () => {
  it('an agent with the live claim stores an approved attachment owned by the profile, and replies with it', async () => {
    const m = await createMemberWithCredits(ctx, 1);
    const { profile, conversation } = await conversationWith(m);
    // The reply comes a second later: threads order by date, then id, so one instant would leave the order to chance.
    ctx.clock.advance(1_000);
    await claim(conversation._id, 5);
    const up = await send(`/api/profile/${profile.id}/upload`, agentHeaders, form([{ data: await jpeg(1280, 720) }]));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.images).toHaveLength(1);
    const [img] = up.body.images;
    expect(imageSchema.parse(img)).toBeTruthy();
    expect(img.medium).toMatch(new RegExp(`^/api/media/u/${profile.id}/`));
    const [row] = await attachmentRows(profile.id);
    expect(row).toMatchObject({ id: img._id, moderation: 'approved', type: 'attachment' });

    const reply = await call('POST', `/api/conversation/${conversation._id}/message`, agentHeaders, {
      messageType: 'attachment',
      message: '',
      attachment: img._id,
      lastMessageId: conversation.messages[0]._id,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const thread = await call('GET', `/api/conversation/${conversation._id}`, m.headers);
    expect(thread.body.messages[0]).toMatchObject({ senderType: 'profile', messageType: 'attachment', attachment: img._id });
    await expectServed(img._id);
    // The profile's gallery does not show reply images.
    const card = await call('GET', `/api/profile/${profile.id}`, m.headers);
    expect(JSON.stringify(card.body)).not.toContain(img._id);
  });

  it('an admin needs no claim', async () => {
    const profile = await createFictive(ctx);
    const up = await send(`/api/profile/${profile.id}/upload`, adminHeaders, form([{ data: await jpeg() }]));
    expect(up.status).toBe(200);
    expect(await attachmentRows(profile.id)).toHaveLength(1);
  });

  it('refuses without the live claim (none, expired, or on another profile), members, and no token; nothing is stored', async () => {
    const m = await createMemberWithCredits(ctx, 1);
    const { profile, conversation } = await conversationWith(m);
    const other = await conversationWith(await createMemberWithCredits(ctx, 1));
    const file = await jpeg();

    const none = await send(`/api/profile/${profile.id}/upload`, agentHeaders, form([{ data: file }]));
    expect(none.status).toBe(403);
    expect(none.body.error).toMatchObject({ code: 'claim-required' });
    await claim(other.conversation._id, 5);
    expect((await send(`/api/profile/${profile.id}/upload`, agentHeaders, form([{ data: file }]))).status).toBe(403);
    await claim(conversation._id, 5);
    ctx.clock.advance(6 * 60_000);
    expect((await send(`/api/profile/${profile.id}/upload`, agentHeaders, form([{ data: file }]))).status).toBe(403);

    const member = await send(`/api/profile/${profile.id}/upload`, m.headers, form([{ data: file }]));
    expect(member.status).toBe(403);
    expect(member.body.error.code).toBe('forbidden');
    expect((await send(`/api/profile/${profile.id}/upload`, null, form([{ data: file }]))).status).toBe(401);
    // A member's own profile is not a fictive one: not found even for an admin.
    expect((await send(`/api/profile/${m.profileId}/upload`, adminHeaders, form([{ data: file }]))).status).toBe(404);
    expect((await send('/api/profile/nope/upload', adminHeaders, form([{ data: file }]))).status).toBe(404);

    expect(await attachmentRows(profile.id)).toHaveLength(0);
    expect(await attachmentRows(m.profileId)).toHaveLength(0);
    expect(filesUnder(profile.id)).toEqual([]);
  });

  it('checks files like the member upload: bad type, too small, too big, two files, none — 4xx and nothing stored', async () => {
    const profile = await createFictive(ctx);
    const cases: [FormData, number, string][] = [
      [form([{ data: Buffer.from('plain text, not a picture') }]), 400, 'invalid-file-type'],
      [form([{ data: await jpeg(320, 200) }]), 400, 'image-too-small'],
      [form([{ data: Buffer.concat([await jpeg(), Buffer.alloc(6 * 1024 * 1024, 1)]) }]), 413, 'file-too-large'],
      [form([{ data: await jpeg() }, { data: await jpeg() }]), 400, 'too-many-files'],
      [form([]), 400, 'no-files'],
    ];
    for (const [body, status, code] of cases) {
      const res = await send(`/api/profile/${profile.id}/upload`, adminHeaders, body);
      expect(res.status, code).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(typeof res.body.error.message).toBe('string');
    }
    const notMultipart = await call('POST', `/api/profile/${profile.id}/upload`, adminHeaders, { file: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(await attachmentRows(profile.id)).toHaveLength(0);
    expect(filesUnder(profile.id)).toEqual([]);
  });
});
