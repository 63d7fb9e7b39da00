import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversations, creditLedger, idempotencyKeys, messages } from '../../db/schema/index.js';
import { PASSWORD, bearer, createAgent } from '../auth/test-helpers.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';

let ctx: TestContext;
let staffHeaders: Record<string, string>;
const members: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAgent(ctx, { role: 'admin' });
  const res = await ctx.app.request('/api/authenticate', jsonRequest('POST', { username: admin.email, password: PASSWORD, type: 'agent' }));
  staffHeaders = bearer(((await res.json()) as { access_token: string }).access_token);
});
afterAll(() => ctx?.close());
afterEach(async () => expectLedgerBalanced(ctx.deps.db, ...members.splice(0)));

async function memberWith(credits: number) {
  const m = await createMemberWithCredits(ctx, credits);
  members.push(m.id);
  return m;
}

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function startConversation(m: MemberFixture, text = 'Hi there') {
  const profile = await createFictive(ctx);
  const res = await call('POST', `/api/conversation/${profile.id}`, m.headers, { messageType: 'text', message: text });
  expect(res.status).toBe(201);
  return { profile, conversation: res.body };
}

async function reply(conversationId: string, lastMessageId: string | undefined, message = 'Hello from the profile') {
  return call('POST', `/api/conversation/${conversationId}/message`, staffHeaders, { messageType: 'text', message, lastMessageId });
}

describe('member sends', () => {
  it('creates a conversation from a profile id with its first message and answers the credits', async () => {
    const m = await memberWith(3);
    const { profile, conversation } = await startConversation(m);
    expect(conversation).toMatchObject({
      profileId: profile.id,
      type: 'conversations',
      archived: false,
      user: { _id: m.id, credits: 2 },
      profile: { _id: profile.id, username: profile.username },
    });
    expect(conversation._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.messages[0]).toMatchObject({ message: 'Hi there', senderType: 'user', isPending: false, messageType: 'text' });
  });

  it('sends into it: { message, user: { credits } }, then 402 no-credits at 0; empty text is 400 and charges nothing', async () => {
    const m = await memberWith(2);
    const { conversation } = await startConversation(m);
    const empty = await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { messageType: 'text', message: '  ' });
    expect(empty.status).toBe(400);
    const sent = await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { messageType: 'text', message: 'again' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ message: { message: 'again', conversationId: conversation._id }, user: { credits: 0 } });
    const refused = await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { messageType: 'text', message: 'one more' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('no-credits');
    const stored = await ctx.deps.db.select().from(messages).where(eq(messages.conversationId, conversation._id));
    expect(stored).toHaveLength(2);
  });

  it('answers 400 for bad bodies and 404 for unknown or foreign conversations and profiles, never 500', async () => {
    const m = await memberWith(2);
    const other = await memberWith(2);
    const { conversation } = await startConversation(other);
    const cases: [string, string, unknown, number][] = [
      ['POST', `/api/conversation/${conversation._id}/message`, { message: 'x' }, 404],
      ['POST', '/api/conversation/not-an-id/message', { message: 'x' }, 404],
      ['POST', '/api/conversation/not-an-id', { message: 'x' }, 404],
      ['POST', `/api/conversation/${m.profileId}`, { message: 'x' }, 404], // a member profile is not a chat target
      ['POST', `/api/conversation/${conversation._id}/message`, { messageType: 'video', message: 'x' }, 400],
      ['POST', `/api/conversation/${conversation._id}/message`, { message: 'x'.repeat(2001) }, 400],
      ['POST', `/api/conversation/${conversation._id}/message`, { message: '', attachment: 'nope' }, 400],
      ['PATCH', `/api/conversation/${conversation._id}`, { archived: true }, 404],
      ['PATCH', `/api/conversation/${conversation._id}`, { archived: 'yes' }, 400],
      ['PATCH', `/api/conversation/${conversation._id}/mark-read`, undefined, 404],
      ['GET', `/api/conversation/${conversation._id}`, undefined, 404],
      ['GET', '/api/conversations?type=spam', undefined, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = await call(method, path, m.headers, body);
      expect([method, path, res.status]).toEqual([method, path, status]);
      expect(res.body.error.code).toMatch(/^[a-z0-9-]+$/);
    }
    const attachmentOfSomeoneElse = await call('POST', `/api/conversation/${conversation._id}/message`, other.headers, {
      messageType: 'attachment',
      message: '',
      attachment: '00000000-0000-4000-8000-000000000000',
    });
    expect(attachmentOfSomeoneElse.status).toBe(400);
    expect((await call('GET', '/api/conversations', {})).status).toBe(401);
    // The list's and a chunk's query read as every list's does (sync/src/contract/query.ts), each value named.
    const refusals: [string, string][] = [
      ['/api/conversations?page=2&page=3', 'page: must be given once'],
      ['/api/conversations?limit=abc', 'limit: must be a whole number from 1 to 100'],
      ['/api/conversations?type=inbox&type=archive', 'type: choose one of inbox, conversations, archive'],
      [`/api/conversation/${(await startConversation(m)).conversation._id}?limit=51`, 'limit: must be a whole number from 1 to 50'],
    ];
    for (const [path, message] of refusals) {
      const res = await call('GET', path, m.headers);
      expect([path, res.status, res.body.error.message]).toEqual([path, 400, message]);
    }
  });

  it('a member with 1 credit sending twice at once: one 200, one 402, balance 0', async () => {
    const m = await memberWith(2);
    const { conversation } = await startConversation(m);
    const body = { messageType: 'text', message: 'race' };
    const answers = await Promise.all([
      call('POST', `/api/conversation/${conversation._id}/message`, m.headers, body),
      call('POST', `/api/conversation/${conversation._id}/message`, m.headers, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 402]);
    expect((await call('GET', '/api/conversations', m.headers)).body.data[0].messages).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first result again for the same key and body, changing nothing; 422 for another body', async () => {
    const m = await memberWith(3);
    const { conversation } = await startConversation(m);
    const headers = { ...m.headers, 'idempotency-key': 'send-1' };
    const body = { messageType: 'text', message: 'only once' };
    const first = await call('POST', `/api/conversation/${conversation._id}/message`, headers, body);
    const again = await call('POST', `/api/conversation/${conversation._id}/message`, headers, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await call('POST', `/api/conversation/${conversation._id}/message`, headers, { ...body, message: 'different' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency-conflict');
    const stored = await ctx.deps.db.select().from(messages).where(eq(messages.conversationId, conversation._id));
    expect(stored).toHaveLength(2);
    expect((await ctx.deps.db.select().from(creditLedger).where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'message')))).length).toBe(2);
  });

  it('runs two concurrent requests with one key once', async () => {
    const m = await memberWith(3);
    const profile = await createFictive(ctx);
    const headers = { ...m.headers, 'idempotency-key': 'create-1' };
    const body = { messageType: 'text', message: 'hello' };
    const [a, b] = await Promise.all([
      call('POST', `/api/conversation/${profile.id}`, headers, body),
      call('POST', `/api/conversation/${profile.id}`, headers, body),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(a.body.user.credits).toBe(2);
    const convs = await ctx.deps.db.select().from(conversations).where(eq(conversations.userId, m.id));
    expect(await ctx.deps.db.select().from(messages).where(eq(messages.conversationId, convs[0]!.id))).toHaveLength(1);
  });

  it('keeps keys per member, stores nothing for a refused request, and refuses a malformed key', async () => {
    const a = await memberWith(1);
    const b = await memberWith(0);
    const profile = await createFictive(ctx);
    const body = { messageType: 'text', message: 'hi' };
    expect((await call('POST', `/api/conversation/${profile.id}`, { ...b.headers, 'idempotency-key': 'k' }, body)).status).toBe(402);
    expect((await call('POST', `/api/conversation/${profile.id}`, { ...a.headers, 'idempotency-key': 'k' }, body)).status).toBe(201);
    expect(await ctx.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.subject, b.id))).toEqual([]);
    expect((await call('POST', `/api/conversation/${profile.id}`, { ...a.headers, 'idempotency-key': 'x'.repeat(300) }, body)).status).toBe(400);
  });
});

describe('reading', () => {
  it('answers messages newest first in chunks of 6, older ones with ?before', async () => {
    const m = await memberWith(20);
    const { conversation } = await startConversation(m, 'm0');
    for (let i = 1; i < 14; i++) {
      ctx.clock.advance(1000);
      await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { message: `m${i}` });
    }
    const first = await call('GET', `/api/conversation/${conversation._id}`, m.headers);
    expect(first.body.messages.map((x: { message: string }) => x.message)).toEqual(['m13', 'm12', 'm11', 'm10', 'm9', 'm8']);
    expect(first.body.hasMore).toBe(true);
    const second = await call('GET', `/api/conversation/${conversation._id}?before=${first.body.messages[5]._id}`, m.headers);
    expect(second.body.messages.map((x: { message: string }) => x.message)).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm2']);
    const last = await call('GET', `/api/conversation/${conversation._id}?before=${second.body.messages[5]._id}`, m.headers);
    expect(last.body.messages.map((x: { message: string }) => x.message)).toEqual(['m1', 'm0']);
    expect(last.body.hasMore).toBe(false);
    expect((await call('GET', `/api/conversation/${conversation._id}?before=nope`, m.headers)).status).toBe(400);
  });

  it('masks emails and phone numbers for the member; staff read the original', async () => {
    const m = await memberWith(2);
    const { conversation } = await startConversation(m, 'write me at jane.doe@example.com or call +1 (555) 123-4567');
    const asMember = await call('GET', `/api/conversation/${conversation._id}`, m.headers);
    const shown = asMember.body.messages[0].message as string;
    expect(shown).not.toContain('jane.doe@example.com');
    expect(shown).not.toContain('123-4567');
    expect(shown.startsWith('write me at ')).toBe(true);
    expect(conversation.messages[0].message).toBe(shown);
    const asStaff = await call('GET', `/api/conversation/${conversation._id}`, staffHeaders);
    expect(asStaff.body.messages[0].message).toBe('write me at jane.doe@example.com or call +1 (555) 123-4567');
  });

  it('sorts conversations into inbox, conversations and archive, with unread counts', async () => {
    const m = await memberWith(3);
    const { conversation: written } = await startConversation(m);
    // A match opens a conversation the member has not written in: it belongs to the inbox.
    const matched = await createFictive(ctx);
    const [inboxRow] = await ctx.deps.db.insert(conversations).values({ brandId: ctx.brand.id, userId: m.id, profileId: matched.id }).returning();
    const r1 = await reply(inboxRow!.id, undefined, 'Hey, we matched!');
    expect(r1.status).toBe(200);
    const r2 = await reply(written._id, written.messages[0]._id, 'Nice to hear from you');
    expect(r2.status).toBe(200);

    const all = await call('GET', '/api/conversations', m.headers);
    expect(all.body).toMatchObject({ total: 2, page: 1, limit: 20 });
    const byId = Object.fromEntries(all.body.data.map((c: { _id: string }) => [c._id, c]));
    expect(byId[written._id]).toMatchObject({ type: 'conversations', unread: 1, lastMessage: { message: 'Nice to hear from you', senderType: 'profile' } });
    expect(byId[inboxRow!.id]).toMatchObject({ type: 'inbox', unread: 1 });
    expect((await call('GET', '/api/conversations/unread', m.headers)).body).toEqual({ total: 2, inbox: 1, archive: 0, conversation: 1 });

    const archived = await call('PATCH', `/api/conversation/${written._id}`, m.headers, { archived: true });
    expect(archived.body).toMatchObject({ _id: written._id, archived: true, type: 'archive' });
    expect((await call('GET', '/api/conversations?type=archive', m.headers)).body.data.map((c: { _id: string }) => c._id)).toEqual([written._id]);
    expect((await call('GET', '/api/conversations?type=conversations', m.headers)).body.total).toBe(0);
    expect((await call('GET', '/api/conversations/unread', m.headers)).body).toEqual({ total: 2, inbox: 1, archive: 1, conversation: 0 });

    const restored = await call('PATCH', `/api/conversation/${written._id}`, m.headers, { archived: false });
    expect(restored.body.type).toBe('conversations');
    const read = await call('PATCH', `/api/conversation/${written._id}/mark-read`, m.headers);
    expect(read.status).toBe(200);
    expect(read.body.unread).toEqual({ total: 1, inbox: 1, archive: 0, conversation: 0 });
    const thread = await call('GET', `/api/conversation/${written._id}`, m.headers);
    expect(thread.body.messages.every((x: { isRead: boolean }) => x.isRead)).toBe(true);
  });
});

describe('agent reply (the minimal path; issue D adds claims)', () => {
  it('stores the reply as the profile, clears the stock, and refuses with 409 new-messages when the member wrote since', async () => {
    const m = await memberWith(3);
    const { conversation } = await startConversation(m);
    const [stocked] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conversation._id));
    expect(stocked!.stock).toBe('message');
    const firstId = conversation.messages[0]._id;
    ctx.clock.advance(1000);
    await call('POST', `/api/conversation/${conversation._id}/message`, m.headers, { message: 'are you there?' });

    const stale = await reply(conversation._id, firstId);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('new-messages');
    const thread = await call('GET', `/api/conversation/${conversation._id}`, staffHeaders);
    const ok = await reply(conversation._id, thread.body.messages[0]._id);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatchObject({ senderType: 'profile', message: 'Hello from the profile' });
    const [after] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conversation._id));
    expect(after).toMatchObject({ stock: null, stockDate: null, unreadByUser: 1 });
    expect((await reply('00000000-0000-4000-8000-000000000000', undefined)).status).toBe(404);
    expect((await call('POST', `/api/conversation/${conversation._id}/message`, staffHeaders, { message: '' })).status).toBe(400);
  });
});
