/**
 * The console calls the mock answers that the real console needs besides the queue and the reply: an admin's
 * token carries the role, a claim is given back, global memos are edited and removed, reply images and fictive
 * profile photos upload. Each as the API answers it (docs/api.md#agents).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenRole } from '@web/lib/token';
import { resetAgentMocks } from './agents';

const API = 'http://localhost/api';
const json = { 'content-type': 'application/json' };

async function signIn(username: string, password: string): Promise<string> {
  const response = await fetch(`${API}/authenticate`, { method: 'POST', headers: json, body: JSON.stringify({ username, password, type: 'agent', force: true }) });
  return ((await response.json()) as { access_token: string }).access_token;
}
const call = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${API}${path}`, { ...init, headers: { ...(init.body instanceof FormData ? {} : json), authorization: `Bearer ${token}` } });
const post = (token: string, path: string, body: unknown) => call(token, path, { method: 'POST', body: JSON.stringify(body) });

async function claimOne(token: string) {
  await post(token, '/event', { message: { status: 'online' } });
  return (await (await call(token, '/claim')).json()) as { conversation: { _id: string; user: { _id: string }; profile: { _id: string } } };
}

beforeEach(() => resetAgentMocks());

describe('staff tokens', () => {
  it("carry the role, so an admin sees the admin screens and an agent is refused them", async () => {
    const admin = await signIn('admin@example.com', 'admin-pass-123');
    const agent = await signIn('agent@example.com', 'agent-pass-123');
    expect(tokenRole(admin)).toBe('admin');
    expect(tokenRole(agent)).toBe('agent');
    expect((await call(admin, '/agents')).status).toBe(200);
    expect((await call(agent, '/agents')).status).toBe(403);
  });
});

describe('giving a claim back', () => {
  it('returns the conversation to the front of its stock once; a second release is 404 claim-not-found', async () => {
    const agent = await signIn('agent@example.com', 'agent-pass-123');
    const { conversation } = await claimOne(agent);
    const released = await call(agent, `/claims/${conversation._id}/release`, { method: 'POST' });
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ status: 'success' });
    expect(((await (await call(agent, '/queue')).json()) as { total: number }).total).toBe(2);
    const again = await call(agent, `/claims/${conversation._id}/release`, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'claim-not-found' } });
    expect(((await (await call(agent, '/claim')).json()) as { conversation: { _id: string } }).conversation._id).toBe(conversation._id);
  });
});

describe('the report', () => {
  it("counts what the agents did in the days asked: claims, replies with the member's wait, breaks", async () => {
    const agent = await signIn('agent@example.com', 'agent-pass-123');
    const { conversation } = await claimOne(agent);
    const full = (await (await call(agent, `/conversation/${conversation._id}`)).json()) as { messages: { _id: string; dateSent: string }[] };
    const sent = await post(agent, `/conversation/${conversation._id}/message`, { message: 'Hi!', messageType: 'text', lastMessageId: full.messages[0]!._id });
    expect(sent.status).toBe(200);
    const admin = await signIn('admin@example.com', 'admin-pass-123');
    const today = new Date().toISOString().slice(0, 10);
    const report = (await (await call(admin, `/admin/report?from=${today}&to=${today}`)).json()) as { agents: Record<string, unknown>[] };
    const row = report.agents.find((r) => r.agentId === 'a-agent')!;
    expect(row).toMatchObject({ messagesSent: 1, claims: 1, claimsExpired: 0, breaks: 0, breakMs: 0 });
    // The seeded member wrote a minute before the world began.
    expect(row.replyTimeMedianMs).toBeGreaterThanOrEqual(60_000);
    expect(row.replyTimeP90Ms).toBe(row.replyTimeMedianMs);
    expect(report.agents.find((r) => r.agentId === 'a-admin')).toMatchObject({ messagesSent: 0, replyTimeMedianMs: null, claims: 0 });
    const past = (await (await call(admin, '/admin/report?from=2020-01-01&to=2020-01-31')).json()) as { agents: Record<string, unknown>[] };
    expect(past.agents.every((r) => r.claims === 0 && r.messagesSent === 0)).toBe(true);
    expect((await call(admin, '/admin/report?from=nope&to=2020-01-31')).status).toBe(400);
  });
});

describe('global memos', () => {
  it('are edited and removed everywhere they show; an unknown memo is 404', async () => {
    const agent = await signIn('agent@example.com', 'agent-pass-123');
    const { conversation } = await claimOne(agent);
    const memo = (await (await post(agent, `/user/${conversation.user._id}/note`, { note: 'Prefers mornings' })).json()) as { _id: string };
    const edited = await call(agent, `/user/${conversation.user._id}/note/${memo._id}`, { method: 'PATCH', body: JSON.stringify({ note: 'Prefers evenings' }) });
    expect(await edited.json()).toMatchObject({ note: 'Prefers evenings', global: true });
    const shown = (await (await call(agent, `/conversation/${conversation._id}`)).json()) as { userNotes: { _id: string; note: string }[] };
    expect(shown.userNotes.find((m) => m._id === memo._id)?.note).toBe('Prefers evenings');
    expect((await call(agent, `/user/${conversation.user._id}/note/${memo._id}`, { method: 'DELETE' })).status).toBe(200);
    const after = (await (await call(agent, `/conversation/${conversation._id}`)).json()) as { userNotes: { _id: string }[] };
    expect(after.userNotes.some((m) => m._id === memo._id)).toBe(false);
    expect((await call(agent, `/user/${conversation.user._id}/note/${memo._id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('images', () => {
  const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });

  it("a reply image needs the claim on the profile's conversation", async () => {
    const agent = await signIn('agent@example.com', 'agent-pass-123');
    const form = () => {
      const data = new FormData();
      data.append('file', image());
      return data;
    };
    expect((await call(agent, '/profile/p-nobody/upload', { method: 'POST', body: form() })).status).toBe(403);
    const { conversation } = await claimOne(agent);
    const uploaded = await call(agent, `/profile/${conversation.profile._id}/upload`, { method: 'POST', body: form() });
    expect(uploaded.status).toBe(200);
    const { images } = (await uploaded.json()) as { images: { _id: string }[] };
    const shown = await fetch(`${API}/attachment/${images[0]!._id}/medium`);
    expect(shown.headers.get('content-type')).toBe('image/svg+xml');
  });

  it("a fictive profile's new avatar turns the old one into a photo; a photo is removed by id", async () => {
    const admin = await signIn('admin@example.com', 'admin-pass-123');
    const created = (await (await post(admin, '/admin/profile', { username: 'nova_x', gender: 'woman', birthday: '1995-01-01' })).json()) as { _id: string };
    const upload = async (type: string, count = 1) => {
      const data = new FormData();
      data.append('type', type);
      for (let i = 0; i < count; i += 1) data.append('files', image());
      return call(admin, `/admin/profile/${created._id}/photos`, { method: 'POST', body: data });
    };
    expect((await upload('avatar')).status).toBe(200);
    const second = (await (await upload('avatar')).json()) as { images: { _id: string; type: string }[] };
    expect(second.images.map((i) => i.type)).toEqual(['avatar', 'photo']);
    expect((await upload('avatar', 2)).status).toBe(400);
    expect((await upload('banner')).status).toBe(400);
    const removed = await call(admin, `/admin/profile/${created._id}/photos/${second.images[1]!._id}`, { method: 'DELETE' });
    expect(((await removed.json()) as { images: unknown[] }).images).toHaveLength(1);
    expect((await call(admin, `/admin/profile/${created._id}/photos/${second.images[1]!._id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
