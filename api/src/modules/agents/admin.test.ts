import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, authSessions, messages } from '../../db/schema/index.js';
import { createFictive } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { PASSWORD } from '../auth/test-helpers.js';
import { rates } from './admin.js';
import { claimExpiryJob } from './jobs.js';
import { callApi, goOnline, staffWithToken, stockConversations } from './test-helpers.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof staffWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await staffWithToken(ctx, { role: 'admin', firstName: 'Adam', lastName: 'Admin' });
});
afterAll(() => ctx?.close());

describe('agent management (admin)', () => {
  it('creates an agent who can sign in, lists and edits it, and refuses bad or duplicate input without changes', async () => {
    const created = await callApi(ctx, 'POST', '/api/agent', admin.headers, {
      email: 'New.Agent@Staff.local',
      password: 'long-enough-1',
      firstName: 'Nina',
      lastName: 'New',
      scope: ['US-localhost', 'GB-localhost'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'new.agent@staff.local', role: 'agent', status: 'offline', maxClaims: 3, type: 'agent' });
    expect(created.body).not.toHaveProperty('passwordHash');
    const login = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: 'new.agent@staff.local', password: 'long-enough-1', type: 'agent' }));
    expect(login.status).toBe(200);

    const dup = await callApi(ctx, 'POST', '/api/agent', admin.headers, { email: 'new.agent@staff.local', password: 'long-enough-1', firstName: 'A', lastName: 'B' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('An agent with this email already exists');
    const bad = await callApi(ctx, 'POST', '/api/agent', admin.headers, { email: 'x@y.z', password: 'short', firstName: 'A', lastName: 'B' });
    expect(bad.status).toBe(400);
    expect((await callApi(ctx, 'POST', '/api/agent', admin.headers, { email: 'a@b.c', password: 'long-enough-1', firstName: 'A', lastName: 'B', scope: ['localhost'] })).status).toBe(400);
    // An address past 254 characters is refused, not handed to the unique index that cannot hold it (the fuzz test's 500).
    const long = await callApi(ctx, 'POST', '/api/agent', admin.headers, { email: `${'a'.repeat(60)}@${'b'.repeat(3000)}.com`, password: 'long-enough-1', firstName: 'A', lastName: 'B' });
    expect(long.status).toBe(400);

    const list = await callApi(ctx, 'GET', '/api/agents', admin.headers);
    expect(list.body.data.map((a: { email: string }) => a.email)).toContain('new.agent@staff.local');

    const id = created.body._id as string;
    const patched = await callApi(ctx, 'PATCH', `/api/agent/${id}`, admin.headers, { role: 'admin', scope: ['DE-localhost'], maxClaims: 5, lastName: 'Newer' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ role: 'admin', scope: ['DE-localhost'], maxClaims: 5, lastName: 'Newer' });
    expect((await callApi(ctx, 'PATCH', `/api/agent/${id}`, admin.headers, { status: 'online' })).status).toBe(400);
    // A scope no brand has, or a cap outside 1–100, is refused with a message that says why; nothing changes.
    const nowhere = await callApi(ctx, 'PATCH', `/api/agent/${id}`, admin.headers, { scope: ['DE-localhost', 'XX-nowhere'] });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error).toMatchObject({ code: 'invalid-scope', message: 'No brand has the scope XX-nowhere. Choose scopes from the list.' });
    const zero = await callApi(ctx, 'PATCH', `/api/agent/${id}`, admin.headers, { maxClaims: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.message).toMatch(/Max claims must be a whole number from 1 to 100/);
    const unknownScope = await callApi(ctx, 'POST', '/api/agent', admin.headers, { email: 'q@b.c', password: 'long-enough-1', firstName: 'A', lastName: 'B', scope: ['XX-nowhere'] });
    expect(unknownScope.status).toBe(400);
    expect((await callApi(ctx, 'GET', '/api/agents', admin.headers)).body.data.map((a: { email: string }) => a.email)).not.toContain('q@b.c');
    expect((await callApi(ctx, 'PATCH', `/api/agent/${id}`, admin.headers, { unknown: 1 })).status).toBe(400);
    expect((await callApi(ctx, 'PATCH', `/api/agent/${admin.id}`, admin.headers, { email: 'new.agent@staff.local' })).status).toBe(409);
    expect((await callApi(ctx, 'PATCH', '/api/agent/00000000-0000-4000-8000-000000000000', admin.headers, { lastName: 'X' })).status).toBe(404);
    const [row] = await ctx.deps.db.select().from(agents).where(eq(agents.id, id));
    expect(row).toMatchObject({ lastName: 'Newer', scope: ['DE-localhost'], maxClaims: 5 });
  });

  it('sets an agent offline (its shift ends) and a new password signs it out everywhere', async () => {
    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    const off = await callApi(ctx, 'PATCH', `/api/agent/${agent.id}`, admin.headers, { status: 'offline' });
    expect(off.body.status).toBe('offline');
    expect((await callApi(ctx, 'GET', '/api/event', agent.headers)).body.session).toBeNull();
    await callApi(ctx, 'PATCH', `/api/agent/${agent.id}`, admin.headers, { password: `${PASSWORD}-new` });
    expect((await callApi(ctx, 'GET', '/api/queue', agent.headers)).status).toBe(401);
    const sessions = await ctx.deps.db.select().from(authSessions).where(eq(authSessions.agentId, agent.id));
    expect(sessions.every((s) => s.revokedDate)).toBe(true);
  });
});

describe('admin report', () => {
  it('counts messages, reply times (median, p90), claims expired and breaks per agent over the day range', async () => {
    const profile = await createFictive(ctx);
    const agent = await staffWithToken(ctx, { firstName: 'Rita', lastName: 'Report', maxClaims: 10 });
    await goOnline(ctx, agent.headers);
    const day = ctx.clock.now().toISOString().slice(0, 10);
    // Three members waited 60 s, 120 s and 600 s for their answers; a fourth claim lapses.
    const waits = [60_000, 120_000, 600_000];
    const stocked = await stockConversations(ctx, profile.id, 4, { since: new Date(ctx.clock.now().getTime() - 1000), stepMs: 1 });
    for (const [i, wait] of waits.entries()) {
      const claim = await callApi(ctx, 'GET', '/api/claim', agent.headers);
      expect(claim.status).toBe(200);
      const c = stocked.find((s) => s.id === claim.body.conversation._id)!;
      await ctx.deps.db.update(messages).set({ dateSent: new Date(ctx.clock.now().getTime() - wait) }).where(eq(messages.id, c.messageId));
      const res = await callApi(ctx, 'POST', `/api/stock/${c.id}/reply`, agent.headers, { message: `answer ${i}`, lastMessageId: c.messageId });
      expect(res.status).toBe(200);
    }
    expect((await callApi(ctx, 'GET', '/api/claim', agent.headers)).status).toBe(200);
    ctx.clock.advance(300_000);
    await claimExpiryJob.run(ctx.deps);
    await callApi(ctx, 'POST', '/api/event', agent.headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'paused', reason: 'lunch' } });
    ctx.clock.advance(15 * 60_000);
    await callApi(ctx, 'POST', '/api/event', agent.headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'online' } });

    const report = await callApi(ctx, 'GET', `/api/admin/report?from=${day}&to=${ctx.clock.now().toISOString().slice(0, 10)}`, admin.headers);
    expect(report.status).toBe(200);
    const row = report.body.agents.find((a: { agentId: string }) => a.agentId === agent.id);
    expect(row).toMatchObject({
      name: 'Rita Report',
      messagesSent: 3,
      replyTimeMedianMs: 120_000,
      replyTimeP90Ms: 504_000,
      claims: 4,
      claimsExpired: 1,
      breaks: 1,
      breakMs: 15 * 60_000,
    });
    expect((await callApi(ctx, 'GET', '/api/admin/report?from=2026-13-01&to=2026-01-02', admin.headers)).status).toBe(400);
    expect((await callApi(ctx, 'GET', '/api/admin/report?from=2026-02-01&to=2026-01-02', admin.headers)).status).toBe(400);
    // Days PostgreSQL cannot take (year 0; the day after 9999-12-31) are the caller's mistake, not a 500.
    for (const [from, to] of [['0000-12-01', '0000-12-31'], ['9999-12-01', '9999-12-31']]) {
      const res = await callApi(ctx, 'GET', `/api/admin/report?from=${from}&to=${to}`, admin.headers);
      expect(res.status, `${from}..${to}`).toBe(400);
      expect(res.body.error.code).toBe('invalid-query');
    }
  });
});

describe('admin report: online time and replies per hour', () => {
  const MIN = 60_000;
  const status = (headers: Record<string, string>, to: 'online' | 'paused' | 'offline', reason?: string) =>
    callApi(ctx, 'POST', '/api/event', headers, { queue: 'agents', message: { event: 'agentStatusUpdate', status: to, ...(reason ? { reason } : {}) } });
  async function claimAndReply(headers: Record<string, string>) {
    const claim = await callApi(ctx, 'GET', '/api/claim', headers);
    expect(claim.status).toBe(200);
    const c = claim.body.conversation as { _id: string; messages: { _id: string }[] };
    expect((await callApi(ctx, 'POST', `/api/stock/${c._id}/reply`, headers, { message: 'Here I am', lastMessageId: c.messages[0]!._id })).status).toBe(200);
  }
  const rowFor = async (from: string, to: string, agentId: string) => {
    const res = await callApi(ctx, 'GET', `/api/admin/report?from=${from}&to=${to}`, admin.headers);
    expect(res.status).toBe(200);
    return res.body.agents.find((a: { agentId: string }) => a.agentId === agentId);
  };

  it('counts time in a session and not on a break, cut at the range, open ones up to now, and replies per online hour', async () => {
    const profile = await createFictive(ctx);
    const olive = await staffWithToken(ctx, { firstName: 'Olive', lastName: 'Online', maxClaims: 10 });
    const owen = await staffWithToken(ctx, { firstName: 'Owen', lastName: 'Open' });
    const never = await staffWithToken(ctx, { firstName: 'Nell', lastName: 'Never' });
    // A shift across midnight UTC: 23:00 → 00:30 with a 15-minute break, three replies (two before midnight).
    ctx.clock.set(Date.UTC(2026, 2, 10, 23, 0, 0));
    await stockConversations(ctx, profile.id, 3, { since: new Date(ctx.clock.now().getTime() - MIN) });
    await goOnline(ctx, olive.headers);
    ctx.clock.advance(10 * MIN);
    await claimAndReply(olive.headers);
    await claimAndReply(olive.headers);
    ctx.clock.advance(20 * MIN);
    await status(olive.headers, 'paused', 'tea');
    ctx.clock.advance(15 * MIN);
    await status(olive.headers, 'online');
    ctx.clock.advance(30 * MIN);
    await claimAndReply(olive.headers);
    ctx.clock.advance(15 * MIN);
    await status(olive.headers, 'offline');
    // Owen's shift is still open: it counts up to now.
    await goOnline(ctx, owen.headers);
    ctx.clock.advance(20 * MIN);

    expect(await rowFor('2026-03-10', '2026-03-11', olive.id)).toMatchObject({ messagesSent: 3, onlineMs: 75 * MIN, repliesPerHour: 2.4, breaks: 1, breakMs: 15 * MIN });
    // The first day: 23:00 → 24:00 less the break, two replies: 2 / 0.75 h.
    expect(await rowFor('2026-03-10', '2026-03-10', olive.id)).toMatchObject({ messagesSent: 2, onlineMs: 45 * MIN, repliesPerHour: 2.67 });
    expect(await rowFor('2026-03-11', '2026-03-11', olive.id)).toMatchObject({ messagesSent: 1, onlineMs: 30 * MIN, repliesPerHour: 2 });
    expect(await rowFor('2026-03-11', '2026-03-11', owen.id)).toMatchObject({ messagesSent: 0, onlineMs: 20 * MIN, repliesPerHour: 0 });
    expect(await rowFor('2026-03-11', '2026-03-11', never.id)).toMatchObject({ messagesSent: 0, onlineMs: 0, repliesPerHour: null });
    expect(await rowFor('2026-03-09', '2026-03-09', olive.id)).toMatchObject({ onlineMs: 0, repliesPerHour: null });
    // Later, the open shift has grown with the clock.
    ctx.clock.advance(10 * MIN);
    expect(await rowFor('2026-03-11', '2026-03-11', owen.id)).toMatchObject({ onlineMs: 30 * MIN });
    await status(owen.headers, 'offline');
  });

  it('rates: replies per online hour to two decimals, none without online time', () => {
    expect(rates(3, 75 * MIN)).toEqual({ onlineMs: 75 * MIN, repliesPerHour: 2.4 });
    expect(rates(1, 45 * MIN)).toEqual({ onlineMs: 45 * MIN, repliesPerHour: 1.33 });
    expect(rates(4, 0)).toEqual({ onlineMs: 0, repliesPerHour: null });
  });
});

describe('fictive profiles (admin)', () => {
  it('creates and edits a fictive profile with every field, on a brand, with gallery photos through the upload processing', async () => {
    const created = await callApi(ctx, 'POST', '/api/admin/profile', admin.headers, {
      brandId: ctx.brand.id,
      username: 'sunny_sara',
      gender: 'woman',
      birthDate: '1994-05-06',
      bodyType: 'fit',
      ethnicity: 'hispanic',
      hairColor: 'brown',
      eyeColor: 'green',
      height: 168,
      relationshipStatus: 'single',
      aboutMe: 'Sunsets and salsa.',
      lookingFor: ['dancing', 'travel'],
      lookingForAgeMin: 28,
      lookingForAgeMax: 45,
      location: { country: 'US', city: 'Miami', state: 'FL' },
      isFeatured: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'sunny_sara', domain: 'localhost', height: 168, lookingFor: ['dancing', 'travel'], isFeatured: true, active: true, images: [] });
    const id = created.body._id as string;

    const edited = await callApi(ctx, 'PATCH', `/api/admin/profile/${id}`, admin.headers, { aboutMe: 'Salsa first.', height: null, active: false });
    expect(edited.body).toMatchObject({ aboutMe: 'Salsa first.', height: null, active: false, hairColor: 'brown' });
    expect((await callApi(ctx, 'PATCH', `/api/admin/profile/${id}`, admin.headers, { lookingForAgeMin: 50 })).status).toBe(400);
    expect((await callApi(ctx, 'PATCH', `/api/admin/profile/${id}`, admin.headers, { height: 300 })).status).toBe(400);
    expect((await callApi(ctx, 'POST', '/api/admin/profile', admin.headers, { ...created.body, brandId: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);

    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 120 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('type', 'avatar');
    form.append('files', new File([new Uint8Array(jpeg)], 'a.jpg', { type: 'image/jpeg' }));
    const up = await ctx.app.request(`/api/admin/profile/${id}/photos`, { method: 'POST', body: form, headers: admin.headers });
    expect(up.status).toBe(200);
    const withPhoto = (await up.json()) as { images: { _id: string; type: string; medium?: string }[] };
    expect(withPhoto.images).toHaveLength(1);
    expect(withPhoto.images[0]).toMatchObject({ type: 'avatar', processed: true, under_moderation: false });
    expect(withPhoto.images[0]!.medium).toMatch(/^\/api\/media\//);

    const text = new FormData();
    text.append('files', new File([new Uint8Array(Buffer.from('not an image'))], 'x.jpg', { type: 'image/jpeg' }));
    expect((await ctx.app.request(`/api/admin/profile/${id}/photos`, { method: 'POST', body: text, headers: admin.headers })).status).toBe(400);

    const removed = await callApi(ctx, 'DELETE', `/api/admin/profile/${id}/photos/${withPhoto.images[0]!._id}`, admin.headers);
    expect(removed.body.images).toEqual([]);
    const list = await callApi(ctx, 'GET', '/api/admin/profiles?search=sunny', admin.headers);
    expect(list.body).toMatchObject({ total: 1, data: [{ _id: id }] });
  });
});
