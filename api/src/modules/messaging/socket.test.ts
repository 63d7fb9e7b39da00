import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFictive } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { type LiveServer, startLiveServer } from '../../test/live-server.js';
import { PASSWORD, bearer, createAgent } from '../auth/test-helpers.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';
import type { PullResponse } from '@sync/engine/mutations';
import { pullState } from '@sync/engine/pull-all';

let ctx: TestContext;
let live: LiveServer;
let app: LiveServer['app'];

beforeAll(async () => {
  ctx = await createTestContext();
  live = await startLiveServer(ctx);
  app = live.app;
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

const listen = (token: string) => live.client(`/api/ws?token=${token}`);

describe('realtime for messaging', () => {
  it("an agent's reply reaches the member's socket as newMessage (masked) and unreadMessageCount once it committed, a refused one never, and the mirror through a pull", async () => {
    const member = await createMemberWithCredits(ctx, 2);
    const profile = await createFictive(ctx);
    const created = await app.request(`/api/conversation/${profile.id}`, jsonRequest('POST', { message: 'hello?' }, member.headers));
    const conversation = (await created.json()) as { _id: string; messages: { _id: string }[] };
    const agent = await createAgent(ctx);
    const login = await app.request('/api/authenticate', jsonRequest('POST', { username: agent.email, password: PASSWORD, type: 'agent' }));
    const agentHeaders = bearer(((await login.json()) as { access_token: string }).access_token);
    // Only the agent holding the live claim may reply (issue D).
    await app.request('/api/event', jsonRequest('POST', { queue: 'agents', message: { event: 'agentStatusUpdate', status: 'online' } }, agentHeaders));
    const claim = await app.request('/api/claim', { headers: agentHeaders });
    expect(((await claim.json()) as { conversation: { _id: string } }).conversation._id).toBe(conversation._id);

    const socket = await listen(member.token);
    // A refused reply (the agent had not loaded the member's message) stores and announces nothing.
    const early = await app.request(`/api/conversation/${conversation._id}/message`, jsonRequest('POST', { messageType: 'text', message: 'too early' }, agentHeaders));
    expect(early.status).toBe(409);
    const res = await app.request(
      `/api/conversation/${conversation._id}/message`,
      jsonRequest('POST', { messageType: 'text', message: 'Hi! mail me at lena@example.com', lastMessageId: conversation.messages[0]!._id }, agentHeaders),
    );
    expect(res.status).toBe(200);
    const event = await socket.next('newMessage');
    expect(event).toMatchObject({
      event: 'newMessage',
      conversation: { _id: conversation._id, profileId: profile.id, unread: 1, type: 'conversations' },
      message: { conversationId: conversation._id, senderType: 'profile' },
      profile: { _id: profile.id, username: profile.username },
    });
    expect((event.message as { message: string }).message).not.toContain('lena@example.com');
    expect(await socket.next('unreadMessageCount')).toMatchObject({ count: 1, total: 1, conversation: 1 });
    expect(socket.frames.filter((f) => f.event === 'newMessage')).toHaveLength(1);

    // The poke-and-pull path: the reply is in the member's next pull (every page of it).
    const state = await pullState(async (req) => (await app.request('/api/sync/pull', jsonRequest('POST', req, member.headers))).json() as Promise<PullResponse>, `c-${randomUUID().slice(0, 12)}`);
    const held = Object.entries(state).filter(([key]) => key.startsWith(`message/${conversation._id}/`));
    expect(held.map(([, value]) => (value as { senderType: string }).senderType).sort()).toEqual(['profile', 'user']);
    socket.ws.close();
    await expectLedgerBalanced(ctx.deps.db, member.id);
  });

  it('a reply retried with its Idempotency-Key is stored and announced once; a long one arrives as a masked preview', async () => {
    const member = await createMemberWithCredits(ctx, 2);
    const profile = await createFictive(ctx);
    const created = await app.request(`/api/conversation/${profile.id}`, jsonRequest('POST', { message: 'still there?' }, member.headers));
    const conversation = (await created.json()) as { _id: string; messages: { _id: string }[] };
    const admin = await createAgent(ctx, { role: 'admin' });
    const login = await app.request('/api/authenticate', jsonRequest('POST', { username: admin.email, password: PASSWORD, type: 'agent' }));
    const adminHeaders = bearer(((await login.json()) as { access_token: string }).access_token);
    const socket = await listen(member.token);

    const text = `call me on +44 7700 900123 ${'and more words '.repeat(100)}`;
    const body = { messageType: 'text', message: text, lastMessageId: conversation.messages[0]!._id, admin: true };
    const headers = { ...adminHeaders, 'idempotency-key': 'reply-1' };
    const first = await app.request(`/api/stock/${conversation._id}/reply`, jsonRequest('POST', body, headers));
    const again = await app.request(`/api/stock/${conversation._id}/reply`, jsonRequest('POST', body, headers));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const answered = (await first.json()) as { message: { _id: string; message: string; senderType: string } };
    expect(await again.json()).toEqual(answered);
    // Staff get the original text back.
    expect(answered.message).toMatchObject({ message: text, senderType: 'admin' });

    const event = (await socket.next('newMessage')) as { message: { _id: string; message: string; partial?: boolean } };
    expect(event.message._id).toBe(answered.message._id);
    expect(event.message.partial).toBe(true);
    expect(event.message.message).toHaveLength(1000);
    expect(event.message.message).not.toContain('7700 900123');
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.frames.filter((f) => f.event === 'newMessage')).toHaveLength(1);
    const stored = await app.request(`/api/conversation/${conversation._id}?limit=10`, { headers: member.headers });
    expect(((await stored.json()) as { messages: unknown[] }).messages).toHaveLength(2);
    socket.ws.close();
  });

  it("a push pokes the member's other tabs and devices, once for a whole batch", async () => {
    const member = await createMemberWithCredits(ctx, 3);
    const profile = await createFictive(ctx);
    const other = await listen(member.token);
    const clientId = `c-${randomUUID().slice(0, 12)}`;
    const mutations = [1, 2, 3].map((mutationId) => ({
      clientId,
      mutationId,
      name: 'sendMessage',
      args: { conversationId: 'blank', profileId: profile.id, messageId: randomUUID(), messageType: 'text', message: `hi ${mutationId}` },
    }));
    await app.request('/api/sync/push', jsonRequest('POST', { clientId, mutations }, member.headers));
    expect(await other.next('poke')).toEqual({ event: 'poke', clientId });
    await new Promise((r) => setTimeout(r, 200));
    expect(other.frames.filter((f) => f.event === 'poke')).toHaveLength(1);
    other.ws.close();
    await expectLedgerBalanced(ctx.deps.db, member.id);
  });
});
