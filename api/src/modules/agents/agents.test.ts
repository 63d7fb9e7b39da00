import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LIFETIME_MS } from '@sync/contract/agents';
import { agentBreaks, agentClaims, agentWorkSessions, brands, conversations, meetUps, users } from '../../db/schema/index.js';
import type { SocketLike } from '../../realtime/hub.js';
import { createFictive, createMember } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits } from '../credits/test-helpers.js';
import { claimExpiryJob, stockEntryJob } from './jobs.js';
import { agentSocketClosed } from './socket.js';
import { callApi, goOnline, staffWithToken, stockConversations } from './test-helpers.js';

let ctx: TestContext;
let profileId: string;

beforeAll(async () => {
  ctx = await createTestContext({ AGENT_DISCONNECT_GRACE_SECONDS: '0' });
  profileId = (await createFictive(ctx)).id;
});
afterAll(() => ctx?.close());

/** Two agents at work and one stocked conversation, which the first has claimed. */
async function claimedByFirstOfTwo() {
  await emptyStocks();
  const [first, second] = [await staffWithToken(ctx), await staffWithToken(ctx)];
  await goOnline(ctx, first.headers);
  await goOnline(ctx, second.headers);
  const [stocked] = await stockConversations(ctx, profileId, 1);
  expect((await callApi(ctx, 'GET', '/api/claim', first.headers)).body.conversation._id).toBe(stocked!.id);
  return { first, second, stocked: stocked! };
}

const event = (status: string, reason?: string) => ({ queue: 'agents', message: { event: 'agentStatusUpdate', status, ...(reason ? { reason } : {}) } });

/** Clears every stock, and ends every claim as a release would, so a scenario counts only its own conversations. */
async function emptyStocks() {
  await ctx.deps.db.update(agentClaims).set({ endDate: ctx.clock.now(), outcome: 'released' }).where(isNull(agentClaims.endDate));
  await ctx.deps.db.update(conversations).set({ stock: null, stockDate: null, claimAgentId: null, claimDate: null, claimExpiryDate: null });
}

describe('sessions and breaks (POST /api/event)', () => {
  it('goes offline → online → paused → online → offline, with work-session and break rows and the fan-out', async () => {
    const agent = await staffWithToken(ctx);
    const frames: Record<string, unknown>[] = [];
    const socket: SocketLike = { send: (d) => frames.push(JSON.parse(d)), close: () => undefined };
    ctx.deps.realtime.join(socket, [`agent:${agent.id}`]);

    const online = await callApi(ctx, 'POST', '/api/event', agent.headers, event('online'));
    expect(online.status).toBe(200);
    expect(online.body).toMatchObject({ status: 'online', break: null, breakIntervalLeftMs: 0 });
    expect(online.body.session._id).toMatch(/^[0-9a-f-]{36}$/);

    const paused = await callApi(ctx, 'POST', '/api/event', agent.headers, event('paused', 'coffee'));
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', break: { reason: 'coffee' }, breakIntervalLeftMs: 3_600_000 });

    ctx.clock.advance(10 * 60_000);
    const back = await callApi(ctx, 'POST', '/api/event', agent.headers, event('online'));
    expect(back.body).toMatchObject({ status: 'online', break: null, session: { _id: online.body.session._id } });

    const stop = await callApi(ctx, 'POST', '/api/event', agent.headers, event('offline'));
    expect(stop.body).toMatchObject({ status: 'offline', session: null, break: null });
    const sessions = await ctx.deps.db.select().from(agentWorkSessions).where(eq(agentWorkSessions.agentId, agent.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.endDate).not.toBeNull();
    const breaks = await ctx.deps.db.select().from(agentBreaks).where(eq(agentBreaks.agentId, agent.id));
    expect(breaks).toHaveLength(1);
    expect(breaks[0]!.endDate!.getTime() - breaks[0]!.startDate.getTime()).toBe(10 * 60_000);

    await expect.poll(() => frames.filter((f) => f.event === 'agentStatusUpdate').map((f) => f.status)).toEqual(['online', 'paused', 'online', 'offline']);
    expect(frames[1]).toMatchObject({ agentId: agent.id, reason: 'coffee', status: 'paused' });
    ctx.deps.realtime.leave(socket);
  });

  it('refuses a second pause within the hour with the documented text and the time left, and allows it after the hour', async () => {
    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    expect((await callApi(ctx, 'POST', '/api/event', agent.headers, event('paused', 'lunch'))).status).toBe(200);
    ctx.clock.advance(5 * 60_000);
    await callApi(ctx, 'POST', '/api/event', agent.headers, event('online'));
    ctx.clock.advance(30_000);
    const again = await callApi(ctx, 'POST', '/api/event', agent.headers, event('paused', 'again'));
    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({ code: 'pause-once-per-hour', message: 'You can only pause once per hour! Left: 54:30', leftMs: 54.5 * 60_000 });
    const state = await callApi(ctx, 'GET', '/api/event', agent.headers);
    expect(state.body).toMatchObject({ status: 'online', breakIntervalLeftMs: 54.5 * 60_000 });
    expect(await ctx.deps.db.select().from(agentBreaks).where(eq(agentBreaks.agentId, agent.id))).toHaveLength(1);

    ctx.clock.advance(54.5 * 60_000);
    expect((await callApi(ctx, 'POST', '/api/event', agent.headers, event('paused', 'later'))).status).toBe(200);
  });

  it('refuses a break before the session starts and bad bodies with 400', async () => {
    const agent = await staffWithToken(ctx);
    expect((await callApi(ctx, 'POST', '/api/event', agent.headers, event('paused'))).status).toBe(409);
    expect((await callApi(ctx, 'POST', '/api/event', agent.headers, { queue: 'agents', message: { status: 'asleep' } })).status).toBe(400);
    expect((await callApi(ctx, 'POST', '/api/event', agent.headers, 'not json')).status).toBe(400);
  });

  it("turns session and break off when the agent's last socket closes, and gives its claims back", async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    await stockConversations(ctx, profileId, 1);
    const claim = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect(claim.status).toBe(200);
    await callApi(ctx, 'POST', '/api/event', agent.headers, event('paused', 'tea'));
    await agentSocketClosed({ auth: { type: 'agent', id: agent.id, sid: 'x' }, deps: ctx.deps, send: () => undefined });
    const state = await callApi(ctx, 'GET', '/api/event', agent.headers);
    expect(state.body).toMatchObject({ status: 'offline', session: null, break: null });
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, claim.body.conversation._id));
    expect(row).toMatchObject({ claimAgentId: null, stock: 'message' });
    const [log] = await ctx.deps.db.select().from(agentClaims).where(eq(agentClaims.conversationId, row!.id));
    expect(log).toMatchObject({ outcome: 'released' });
  });
});

describe('stocks and claims', () => {
  it('counts the three stocks of the scope, and a member message puts a conversation into the message stock', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx);
    const before = await callApi(ctx, 'GET', '/api/queue', agent.headers);
    expect(before.body).toEqual({ MessageStock: 0, FollowUpStock: 0, MeetUpStock: 0, total: 0 });
    const member = await createMemberWithCredits(ctx, 3);
    const res = await callApi(ctx, 'POST', `/api/conversation/${profileId}`, member.headers, { messageType: 'text', message: 'Hi!' });
    expect(res.status).toBe(201);
    await stockConversations(ctx, profileId, 2, { country: 'GB' });
    const after = await callApi(ctx, 'GET', '/api/queue', agent.headers);
    expect(after.body).toEqual({ MessageStock: 1, FollowUpStock: 0, MeetUpStock: 0, total: 1 });
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, res.body._id));
    expect(row).toMatchObject({ stock: 'message', stockPaying: false });
    // A paying member's message enters the stock marked paying (ahead at equal wait).
    const vip = await createMemberWithCredits(ctx, 3);
    await ctx.deps.db.update(users).set({ isPremium: true }).where(eq(users.id, vip.id));
    const vipRes = await callApi(ctx, 'POST', `/api/conversation/${profileId}`, vip.headers, { messageType: 'text', message: 'Hi!' });
    const [vipRow] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, vipRes.body._id));
    expect(vipRow).toMatchObject({ stock: 'message', stockPaying: true });
  });

  it('hands the oldest waiting conversation first, paying members ahead within the same waited minute, then 204', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx, { maxClaims: 10 });
    await goOnline(ctx, agent.headers);
    const minute = new Date(Math.floor(ctx.clock.now().getTime() / 60_000) * 60_000 - 10 * 60_000);
    const older = await stockConversations(ctx, profileId, 1, { since: new Date(minute.getTime() - 60_000) });
    const sameMinute = await stockConversations(ctx, profileId, 3, { since: minute, stepMs: 5000, isPremium: (i) => i === 2 });
    const order: string[] = [];
    for (;;) {
      const res = await callApi(ctx, 'GET', '/api/claim', agent.headers);
      if (res.status === 204) break;
      expect(res.status).toBe(200);
      order.push(res.body.conversation._id);
    }
    expect(order).toEqual([older[0]!.id, sameMinute[2]!.id, sameMinute[0]!.id, sameMinute[1]!.id]);
  });

  it('answers the claim wrapper: claimTime, postTime and a conversation with originals, both sides, memos and meet-ups', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    const member = await createMemberWithCredits(ctx, 3);
    await callApi(ctx, 'POST', `/api/conversation/${profileId}`, member.headers, { messageType: 'text', message: 'mail me at bob@example.com' });
    const res = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect(res.status).toBe(200);
    const now = ctx.clock.now().getTime();
    expect(Date.parse(res.body.claimTime)).toBe(now);
    expect(Date.parse(res.body.expiryTime)).toBe(now + 300_000);
    expect(res.body.stock).toBe('message');
    expect(res.body.conversation).toMatchObject({
      user: { _id: member.id, username: member.username, country: 'US' },
      profile: { _id: profileId },
      messages: [{ message: 'mail me at bob@example.com', senderType: 'user' }],
      userNotes: [],
      profileNotes: [],
      meetUps: [],
      claim: { agentId: agent.id },
      domain: 'localhost',
    });
    expect(res.body.conversation.profile.images.length).toBeGreaterThan(0);
    expect(res.body.conversation.user.birthday).toBe('1990-04-12');
    const held = await callApi(ctx, 'GET', '/api/claims', agent.headers);
    expect(held.body.data.map((w: { conversation: { _id: string } }) => w.conversation._id)).toEqual([res.body.conversation._id]);
  });

  it('keeps to the per-agent cap and refuses claims outside a session', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx, { maxClaims: 2 });
    await stockConversations(ctx, profileId, 3);
    const offline = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect(offline.status).toBe(409);
    expect(offline.body.error.code).toBe('session-not-started');
    await goOnline(ctx, agent.headers);
    expect((await callApi(ctx, 'GET', '/api/claim', agent.headers)).status).toBe(200);
    expect((await callApi(ctx, 'GET', '/api/claim', agent.headers)).status).toBe(200);
    const capped = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect(capped.status).toBe(409);
    expect(capped.body.error.code).toBe('claim-limit');
    const queue = await callApi(ctx, 'GET', '/api/queue', agent.headers);
    expect(queue.body.MessageStock).toBe(1);
  });

  it('50 agents claiming at once from 500 stocked conversations get 500 distinct claims, then nothing', async () => {
    await emptyStocks();
    await stockConversations(ctx, profileId, 500, { stepMs: 10 });
    const team = await Promise.all(Array.from({ length: 50 }, () => staffWithToken(ctx, { maxClaims: 100 })));
    for (const a of team) await goOnline(ctx, a.headers);
    const claimed: string[] = [];
    let empties = 0;
    await Promise.all(
      team.map(async (a) => {
        for (;;) {
          const res = await callApi(ctx, 'GET', '/api/claim', a.headers);
          if (res.status === 204) {
            empties += 1;
            return;
          }
          expect(res.status).toBe(200);
          claimed.push(res.body.conversation._id);
        }
      }),
    );
    expect(claimed).toHaveLength(500);
    expect(new Set(claimed).size).toBe(500);
    expect(empties).toBe(50);
    const open = await ctx.deps.db.select().from(agentClaims).where(eq(agentClaims.stock, 'message'));
    expect(open.filter((r) => !r.endDate && claimed.includes(r.conversationId))).toHaveLength(500);
  }, 120_000);

  it('returns an expired claim to the stock (job), where another agent claims it', async () => {
    const { first, second, stocked } = await claimedByFirstOfTwo();
    expect((await callApi(ctx, 'GET', '/api/claim', second.headers)).status).toBe(204);
    ctx.clock.advance(299_000);
    expect(await claimExpiryJob.run(ctx.deps)).toBe(0);
    ctx.clock.advance(1_000);
    expect(await claimExpiryJob.run(ctx.deps)).toBe(1);
    expect((await callApi(ctx, 'GET', '/api/queue', second.headers)).body.MessageStock).toBe(1);
    const again = await callApi(ctx, 'GET', '/api/claim', second.headers);
    expect(again.body.conversation._id).toBe(stocked!.id);
    const logs = await ctx.deps.db.select().from(agentClaims).where(eq(agentClaims.conversationId, stocked!.id));
    expect(logs.map((l) => [l.agentId, l.outcome])).toEqual(
      expect.arrayContaining([
        [first.id, 'expired'],
        [second.id, null],
      ]),
    );
    // The first agent's reply now lacks the claim.
    const late = await callApi(ctx, 'POST', `/api/stock/${stocked!.id}/reply`, first.headers, { message: 'sorry', lastMessageId: stocked!.messageId });
    expect(late.status).toBe(403);
  });

  it("takes a lapsed claim before the job did, and the first agent's stop leaves the new holder's claim alone", async () => {
    const { first, second, stocked } = await claimedByFirstOfTwo();
    ctx.clock.advance(300_000);
    // No job in between: the claim itself closes the lapsed one.
    expect((await callApi(ctx, 'GET', '/api/claim', second.headers)).body.conversation._id).toBe(stocked!.id);
    expect((await callApi(ctx, 'POST', '/api/event', first.headers, event('offline'))).status).toBe(200);
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, stocked!.id));
    expect(row).toMatchObject({ claimAgentId: second.id, stock: 'message' });
    const logs = await ctx.deps.db.select().from(agentClaims).where(eq(agentClaims.conversationId, stocked!.id));
    expect(logs.map((l) => [l.agentId, l.outcome]).sort()).toEqual(
      [
        [first.id, 'expired'],
        [second.id, null],
      ].sort(),
    );
    const reply = await callApi(ctx, 'POST', `/api/stock/${stocked!.id}/reply`, second.headers, { message: 'Still here', lastMessageId: stocked!.messageId });
    expect(reply.status).toBe(200);
    const ended = await ctx.deps.db.select().from(agentClaims).where(and(eq(agentClaims.conversationId, stocked!.id), eq(agentClaims.agentId, second.id)));
    expect(ended.map((l) => l.outcome)).toEqual(['replied']);
  });

  it('puts silent conversations into the follow-up stock and due meet-ups into the meet-up stock (job)', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx);
    const [quiet, meeting] = await stockConversations(ctx, profileId, 2);
    const longAgo = new Date(ctx.clock.now().getTime() - ctx.config.agents.followUpAfterMs - 60_000);
    await ctx.deps.db
      .update(conversations)
      .set({ stock: null, stockDate: null, lastProfileMessageDate: longAgo, lastUserMessageDate: new Date(longAgo.getTime() - 1000) })
      .where(eq(conversations.id, quiet!.id));
    await ctx.deps.db.update(conversations).set({ stock: null, stockDate: null, lastProfileMessageDate: ctx.clock.now() }).where(eq(conversations.id, meeting!.id));
    await ctx.deps.db.insert(meetUps).values({ conversationId: meeting!.id, meetDate: new Date(ctx.clock.now().getTime() - 3 * 3_600_000), location: 'Cafe' });
    expect(await stockEntryJob.run(ctx.deps)).toBe(2);
    expect(await stockEntryJob.run(ctx.deps)).toBe(0);
    expect((await callApi(ctx, 'GET', '/api/queue', agent.headers)).body).toEqual({ MessageStock: 0, FollowUpStock: 1, MeetUpStock: 1, total: 2 });
  });
});

describe('replies', () => {
  it('refuses a reply without the claim (403), a stale one (409), and a good one releases the claim and leaves the stock', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx);
    const other = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    const member = await createMemberWithCredits(ctx, 5);
    const frames: Record<string, unknown>[] = [];
    const socket: SocketLike = { send: (d) => frames.push(JSON.parse(d)), close: () => undefined };
    ctx.deps.realtime.join(socket, [`user:${member.id}`]);
    const first = await callApi(ctx, 'POST', `/api/conversation/${profileId}`, member.headers, { messageType: 'text', message: 'one' });
    const conversationId = first.body._id as string;
    const firstMessageId = first.body.messages[0]._id as string;

    const unclaimed = await callApi(ctx, 'POST', `/api/conversation/${conversationId}/message`, agent.headers, { message: 'hi', lastMessageId: firstMessageId });
    expect(unclaimed.status).toBe(403);
    expect(unclaimed.body.error.code).toBe('claim-required');

    const claim = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect(claim.body.conversation._id).toBe(conversationId);
    const byOther = await callApi(ctx, 'POST', `/api/stock/${conversationId}/reply`, other.headers, { message: 'hi', lastMessageId: firstMessageId });
    expect(byOther.status).toBe(403);

    // A second later: threads order by date, then id, so one instant would leave the newest to chance.
    ctx.clock.advance(1000);
    await callApi(ctx, 'POST', `/api/conversation/${conversationId}/message`, member.headers, { messageType: 'text', message: 'two' });
    const stale = await callApi(ctx, 'POST', `/api/stock/${conversationId}/reply`, agent.headers, { message: 'hi', lastMessageId: firstMessageId });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('new-messages');

    const fresh = await callApi(ctx, 'GET', `/api/conversation/${conversationId}`, agent.headers);
    const ok = await callApi(ctx, 'POST', `/api/stock/${conversationId}/reply`, agent.headers, { message: 'Hello you', lastMessageId: fresh.body.messages[0]._id });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatchObject({ message: 'Hello you', senderType: 'profile' });
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row).toMatchObject({ stock: null, claimAgentId: null, lastAgentId: agent.id });
    const [log] = await ctx.deps.db.select().from(agentClaims).where(and(eq(agentClaims.conversationId, conversationId), eq(agentClaims.agentId, agent.id)));
    expect(log).toMatchObject({ outcome: 'replied' });
    await expect.poll(() => frames.some((f) => f.event === 'newMessage')).toBe(true);
    expect((await callApi(ctx, 'GET', '/api/claims', agent.headers)).body.data).toEqual([]);
    ctx.deps.realtime.leave(socket);
  });

  it('lets an admin reply without a claim, as admin', async () => {
    const admin = await staffWithToken(ctx, { role: 'admin' });
    const [stocked] = await stockConversations(ctx, profileId, 1);
    const res = await callApi(ctx, 'POST', `/api/conversation/${stocked!.id}/message`, admin.headers, { message: 'From the office', lastMessageId: stocked!.messageId, admin: true });
    expect(res.status).toBe(200);
    expect(res.body.message.senderType).toBe('admin');
  });

  it("an admin's reply on a conversation an agent holds ends that claim as released", async () => {
    await emptyStocks();
    const [agent, admin] = [await staffWithToken(ctx), await staffWithToken(ctx, { role: 'admin' })];
    const frames: Record<string, unknown>[] = [];
    const socket: SocketLike = { send: (d) => frames.push(JSON.parse(d)), close: () => undefined };
    ctx.deps.realtime.join(socket, [`agent:${agent.id}`]);
    await goOnline(ctx, agent.headers);
    const [stocked] = await stockConversations(ctx, profileId, 1);
    expect((await callApi(ctx, 'GET', '/api/claim', agent.headers)).body.conversation._id).toBe(stocked!.id);
    // The admin's lookup says who holds the claim before the admin replies.
    const looked = await callApi(ctx, 'GET', `/api/conversation/${stocked!.id}`, admin.headers);
    expect(looked.body.claim).toMatchObject({ agentId: agent.id, agentName: `${agent.firstName} ${agent.lastName}` });
    // And the lookup list, before the admin opens it: holder and the claim's end, on the server's clock.
    const expiry = new Date(ctx.clock.now().getTime() + CLAIM_LIFETIME_MS).toISOString();
    const listed = await callApi(ctx, 'GET', `/api/conversations?realUsername=${encodeURIComponent(looked.body.user.username)}`, admin.headers);
    expect(listed.body.data.map((r: { claimed: boolean; claim: unknown }) => [r.claimed, r.claim])).toEqual([
      [true, { agentId: agent.id, agentName: `${agent.firstName} ${agent.lastName}`, expiryTime: expiry }],
    ]);
    const res = await callApi(ctx, 'POST', `/api/conversation/${stocked!.id}/message`, admin.headers, { message: 'Taking over', lastMessageId: stocked!.messageId, admin: true });
    expect(res.status).toBe(200);
    // The agent is told at once, on every socket of theirs, that the claim is no longer theirs.
    await expect.poll(() => frames.filter((f) => f.event === 'claimEnded')).toEqual([{ event: 'claimEnded', conversationId: stocked!.id, reason: 'replied-by-other' }]);
    ctx.deps.realtime.leave(socket);
    const logs = await ctx.deps.db.select().from(agentClaims).where(eq(agentClaims.conversationId, stocked!.id));
    expect(logs.map((l) => [l.agentId, l.outcome])).toEqual([[agent.id, 'released']]);
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, stocked!.id));
    expect(row).toMatchObject({ claimAgentId: null, stock: null });
    const after = await callApi(ctx, 'GET', `/api/conversations?realUsername=${encodeURIComponent(looked.body.user.username)}`, admin.headers);
    expect(after.body.data.map((r: { claimed: boolean; claim: unknown }) => [r.claimed, r.claim])).toEqual([[false, null]]);
  });
});

describe('release a claim (POST /api/claims/:id/release)', () => {
  it('gives the conversation back to its stock, only to its holder; a second release or a stranger gets 404', async () => {
    const { first, second, stocked } = await claimedByFirstOfTwo();
    const url = `/api/claims/${stocked.id}/release`;
    const stranger = await callApi(ctx, 'POST', url, second.headers);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('claim-not-found');
    const released = await callApi(ctx, 'POST', url, first.headers);
    expect(released.body).toEqual({ status: 'success', message: 'The conversation went back to its stock.' });
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, stocked.id));
    expect(row).toMatchObject({ claimAgentId: null, stock: 'message' });
    const [log] = await ctx.deps.db.select().from(agentClaims).where(eq(agentClaims.conversationId, stocked.id));
    expect(log).toMatchObject({ agentId: first.id, outcome: 'released' });
    expect((await callApi(ctx, 'POST', url, first.headers)).status).toBe(404);
    expect((await callApi(ctx, 'POST', '/api/claims/not-an-id/release', first.headers)).status).toBe(404);
    // The other agent can take it now.
    expect((await callApi(ctx, 'GET', '/api/claim', second.headers)).body.conversation._id).toBe(stocked.id);
  });
});

describe("every tab's claims list (GET /api/claims, claimStarted / claimEnded)", () => {
  it('answers every held claim with maxClaims, and tells every socket of the agent each claim taken, replied to or released', async () => {
    await emptyStocks();
    const agent = await staffWithToken(ctx, { maxClaims: 3 });
    const frames: Record<string, unknown>[] = [];
    const socket: SocketLike = { send: (d) => frames.push(JSON.parse(d)), close: () => undefined };
    ctx.deps.realtime.join(socket, [`agent:${agent.id}`]);
    await goOnline(ctx, agent.headers);
    const stocked = await stockConversations(ctx, profileId, 3);
    const claims = [];
    for (let i = 0; i < 3; i++) {
      claims.push((await callApi(ctx, 'GET', '/api/claim', agent.headers)).body);
      ctx.clock.advance(1000);
    }
    const held = await callApi(ctx, 'GET', '/api/claims', agent.headers);
    expect(held.body).toMatchObject({ total: 3, maxClaims: 3, now: ctx.clock.now().toISOString() });
    // Oldest first, each with the server's expiry.
    expect(held.body.data.map((w: { conversation: { _id: string }; expiryTime: string }) => [w.conversation._id, w.expiryTime])).toEqual(
      claims.map((c) => [c.conversation._id, c.expiryTime]),
    );
    expect(new Set(claims.map((c) => c.conversation._id))).toEqual(new Set(stocked.map((s) => s.id)));
    await expect.poll(() => frames.filter((f) => f.event === 'claimStarted').length).toBe(3);
    expect(frames.find((f) => f.event === 'claimStarted')).toEqual({
      event: 'claimStarted',
      conversationId: claims[0].conversation._id,
      claimTime: claims[0].claimTime,
      expiryTime: claims[0].expiryTime,
      stock: 'message',
      memberName: claims[0].conversation.user.username,
      profileName: claims[0].conversation.profile.username,
    });

    const [replied, released] = [claims[0].conversation, claims[1].conversation];
    const reply = await callApi(ctx, 'POST', `/api/stock/${replied._id}/reply`, agent.headers, { message: 'Hello you', lastMessageId: replied.messages[0]._id });
    expect(reply.status).toBe(200);
    expect((await callApi(ctx, 'POST', `/api/claims/${released._id}/release`, agent.headers)).status).toBe(200);
    await expect.poll(() => frames.filter((f) => f.event === 'claimEnded')).toEqual([
      { event: 'claimEnded', conversationId: replied._id, reason: 'replied' },
      { event: 'claimEnded', conversationId: released._id, reason: 'released' },
    ]);
    const left = await callApi(ctx, 'GET', '/api/claims', agent.headers);
    expect(left.body.data.map((w: { conversation: { _id: string } }) => w.conversation._id)).toEqual([claims[2].conversation._id]);
    // A refused release tells nobody anything.
    expect((await callApi(ctx, 'POST', `/api/claims/${released._id}/release`, agent.headers)).status).toBe(404);
    expect(frames.filter((f) => f.event === 'claimEnded')).toHaveLength(2);
    ctx.deps.realtime.leave(socket);
  });
});

describe('scope', () => {
  it('an agent outside the brand or country can neither see, claim nor read its conversations', async () => {
    await emptyStocks();
    const outsider = await staffWithToken(ctx, { scope: ['DE-localhost', 'US-other.example'] });
    await goOnline(ctx, outsider.headers);
    const [stocked] = await stockConversations(ctx, profileId, 1, { country: 'US' });
    expect((await callApi(ctx, 'GET', '/api/queue', outsider.headers)).body.total).toBe(0);
    expect((await callApi(ctx, 'GET', '/api/claim', outsider.headers)).status).toBe(204);
    expect((await callApi(ctx, 'GET', `/api/conversation/${stocked!.id}`, outsider.headers)).status).toBe(403);
    expect((await callApi(ctx, 'POST', `/api/conversation/${stocked!.id}/note`, outsider.headers, { note: 'x', type: 'user' })).status).toBe(403);
    expect((await callApi(ctx, 'GET', '/api/conversations', outsider.headers)).body.total).toBe(0);
    const de = await stockConversations(ctx, profileId, 1, { country: 'DE' });
    expect((await callApi(ctx, 'GET', '/api/claim', outsider.headers)).body.conversation._id).toBe(de[0]!.id);
  });
});

describe('memos and meet-ups', () => {
  it('adds, edits and removes memos on a conversation and across conversations', async () => {
    const agent = await staffWithToken(ctx);
    const [stocked] = await stockConversations(ctx, profileId, 1);
    const conv = `/api/conversation/${stocked!.id}`;
    const userMemo = await callApi(ctx, 'POST', `${conv}/note`, agent.headers, { note: 'Likes hiking', type: 'user' });
    expect(userMemo.status).toBe(201);
    expect(userMemo.body).toMatchObject({ note: 'Likes hiking', type: 'user', global: false, conversationId: stocked!.id });
    const global = await callApi(ctx, 'POST', `/api/profile/${profileId}/note`, agent.headers, { note: 'Lives in Austin' });
    expect(global.status).toBe(201);
    expect(global.body).toMatchObject({ type: 'profile', global: true, userProfileId: profileId });
    const onUser = await callApi(ctx, 'POST', `/api/user/${stocked!.userId}/note`, agent.headers, { note: 'VIP' });
    expect(onUser.status).toBe(201);
    const edited = await callApi(ctx, 'PATCH', `${conv}/note/${userMemo.body._id}`, agent.headers, { note: 'Loves hiking' });
    expect(edited.body.note).toBe('Loves hiking');
    const view = await callApi(ctx, 'GET', conv, agent.headers);
    expect(view.body.userNotes.map((n: { note: string }) => n.note)).toEqual(['Loves hiking', 'VIP']);
    expect(view.body.profileNotes.map((n: { note: string }) => n.note)).toEqual(['Lives in Austin']);
    expect((await callApi(ctx, 'PATCH', `/api/profile/${profileId}/note/${global.body._id}`, agent.headers, { note: 'Austin, TX' })).body.note).toBe('Austin, TX');
    expect((await callApi(ctx, 'DELETE', `/api/profile/${profileId}/note/${global.body._id}`, agent.headers)).status).toBe(200);
    expect((await callApi(ctx, 'DELETE', `${conv}/note/${userMemo.body._id}`, agent.headers)).body.message).toBe('Successfully removed a memo');
    expect((await callApi(ctx, 'DELETE', `${conv}/note/${userMemo.body._id}`, agent.headers)).status).toBe(404);
    expect((await callApi(ctx, 'POST', `${conv}/note`, agent.headers, { note: '', type: 'user' })).status).toBe(400);
    expect((await callApi(ctx, 'POST', `/api/banana/${profileId}/note`, agent.headers, { note: 'x' })).status).toBe(404);
  });

  it('adds, edits, cancels and only then removes a meet-up', async () => {
    const agent = await staffWithToken(ctx);
    const [stocked] = await stockConversations(ctx, profileId, 1);
    const base = `/api/conversation/${stocked!.id}/meet-up`;
    const meetDate = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
    const added = await callApi(ctx, 'POST', base, agent.headers, { meetDate, location: 'Cafe Luna', description: 'coffee' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ meetStatus: 'proposed', location: 'Cafe Luna', cancelInterval: 24, cancelDate: null });
    const id = added.body.id as string;
    expect((await callApi(ctx, 'PATCH', `${base}/${id}`, agent.headers, { meetStatus: 'confirmed', location: 'Cafe Sol' })).body).toMatchObject({ meetStatus: 'confirmed', location: 'Cafe Sol' });
    const early = await callApi(ctx, 'DELETE', `${base}/${id}`, agent.headers);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Something went wrong in deleting this meetup, try again');
    const cancelled = await callApi(ctx, 'PATCH', `${base}/${id}`, agent.headers, { cancelConfirm: true });
    expect(cancelled.body).toMatchObject({ meetStatus: 'cancelled' });
    expect(cancelled.body.cancelDate).not.toBeNull();
    expect((await callApi(ctx, 'PATCH', `${base}/${id}`, agent.headers, { location: 'x' })).status).toBe(409);
    expect((await callApi(ctx, 'DELETE', `${base}/${id}`, agent.headers)).status).toBe(200);
    expect((await callApi(ctx, 'POST', base, agent.headers, { meetDate: 'tomorrow' })).status).toBe(400);
  });

  it('refuses a meet-up dated in the past, on creation and on edit, and stores nothing', async () => {
    const agent = await staffWithToken(ctx);
    const [stocked] = await stockConversations(ctx, profileId, 1);
    const base = `/api/conversation/${stocked!.id}/meet-up`;
    const past = new Date(ctx.clock.now().getTime() - 60_000).toISOString();
    const refused = await callApi(ctx, 'POST', base, agent.headers, { meetDate: past, location: 'Yesterday' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'meetup-in-the-past', message: 'Choose a date and time in the future for the meet-up.' });
    expect(await ctx.deps.db.select().from(meetUps).where(eq(meetUps.conversationId, stocked!.id))).toEqual([]);
    const added = await callApi(ctx, 'POST', base, agent.headers, { meetDate: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString() });
    const moved = await callApi(ctx, 'PATCH', `${base}/${added.body.id}`, agent.headers, { meetDate: past });
    expect(moved.status).toBe(400);
    expect(moved.body.error.code).toBe('meetup-in-the-past');
  });

  it('refuses a meet-up dated past year 9999 in UTC with 400, on creation and on edit, and stores nothing', async () => {
    const agent = await staffWithToken(ctx);
    const [stocked] = await stockConversations(ctx, profileId, 1);
    const base = `/api/conversation/${stocked!.id}/meet-up`;
    // Year 9999 where it is said, year 10000 in UTC: PostgreSQL's timestamps take the text of neither.
    const refused = await callApi(ctx, 'POST', base, agent.headers, { meetDate: '9999-12-31T23:59:59-12:00' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ fields: { meetDate: 'Incorrect date format' } });
    expect(await ctx.deps.db.select().from(meetUps).where(eq(meetUps.conversationId, stocked!.id))).toEqual([]);
    const added = await callApi(ctx, 'POST', base, agent.headers, { meetDate: '9999-12-31T23:59:59Z' });
    expect(added.status).toBe(201);
    expect((await callApi(ctx, 'PATCH', `${base}/${added.body.id}`, agent.headers, { meetDate: '9999-12-31T23:00:00-01:00' })).status).toBe(400);
  });
});

describe('lookup (GET /api/conversations for staff)', () => {
  it('narrows by each filter, pages, and keeps agents to their scope', async () => {
    const [otherBrand] = await ctx.deps.db
      .insert(brands)
      .values({ domain: 'other.example', company: 'Other', brand: 'Other', countries: ['US'], customerSupport: { email: 's@other.example' }, defaultDescriptor: 'O', apiKey: 'other-key' })
      .returning();
    const admin = await staffWithToken(ctx, { role: 'admin', firstName: 'Grace', lastName: 'Hopper' });
    const agent = await staffWithToken(ctx, { firstName: 'Zed', lastName: 'Quill' });
    const fictive = await createFictive(ctx, { username: 'lookup_fictive_rose' });
    const member = await createMember(ctx, { username: 'lookup_real_bob' });
    const t0 = ctx.clock.now().getTime();
    const stocked = await stockConversations(ctx, fictive.id, 3, { since: new Date(t0 - 10 * 86_400_000), stepMs: 86_400_000 });
    const [mine] = await ctx.deps.db
      .insert(conversations)
      .values({ brandId: ctx.brand.id, userId: member.id, profileId: fictive.id, lastMessageDate: new Date(t0 - 3600_000), lastAgentId: agent.id })
      .returning();
    await ctx.deps.db.insert((await import('../../db/schema/index.js')).messages).values({ conversationId: mine!.id, senderType: 'profile', agentId: agent.id, messageType: 'text', message: 'hey' });
    const foreignFictive = await createFictive(ctx, { brandId: otherBrand!.id, username: 'lookup_fictive_other' });
    const foreignMember = await createMember(ctx, { brandId: otherBrand!.id, username: 'lookup_real_other' });
    await ctx.deps.db.insert(conversations).values({ brandId: otherBrand!.id, userId: foreignMember.id, profileId: foreignFictive.id, lastMessageDate: new Date(t0) });

    const q = async (headers: Record<string, string>, query: string) => (await callApi(ctx, 'GET', `/api/conversations?${query}`, headers)).body;
    const ids = (body: { data: { _id: string }[] }) => body.data.map((r) => r._id);
    expect((await q(admin.headers, 'fictiveUsername=lookup_fictive')).total).toBe(5);
    expect((await q(agent.headers, 'fictiveUsername=lookup_fictive')).total).toBe(4);
    expect(ids(await q(admin.headers, 'realUsername=LOOKUP_REAL_BOB'))).toEqual([mine!.id]);
    expect(ids(await q(admin.headers, 'agentName=zed%20quill'))).toEqual([mine!.id]);
    expect((await q(admin.headers, 'domain=other.example')).data.map((r: { domain: string }) => r.domain)).toEqual(['other.example']);
    const before = new Date(t0 - 8.5 * 86_400_000).toISOString();
    expect(ids(await q(admin.headers, `fictiveUsername=lookup_fictive_rose&sentBefore=${before}`))).toEqual([stocked[0]!.id, stocked[1]!.id].slice(0, 2).reverse());
    const after = new Date(t0 - 2 * 86_400_000).toISOString();
    expect(ids(await q(admin.headers, `fictiveUsername=lookup_fictive_rose&sentAfter=${after}`))).toEqual([mine!.id]);
    const page2 = await q(admin.headers, 'fictiveUsername=lookup_fictive_rose&limit=2&page=2&sortBy=oldest');
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(ids(page2)).toEqual([stocked[2]!.id, mine!.id]);
    expect((await callApi(ctx, 'GET', '/api/conversations?limit=1000', admin.headers)).status).toBe(400);
    expect((await callApi(ctx, 'GET', '/api/conversations?sentBefore=yesterday', admin.headers)).status).toBe(400);
  });

  it('answers 400, not 500, for dates JavaScript reads but PostgreSQL cannot (year 0, before year 1, after 9999)', async () => {
    const admin = await staffWithToken(ctx, { role: 'admin' });
    for (const date of ['0000-01-01', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '9999-12-31T23:59:59-12:00']) {
      for (const param of ['sentBefore', 'sentAfter']) {
        const res = await callApi(ctx, 'GET', `/api/conversations?${param}=${encodeURIComponent(date)}`, admin.headers);
        expect(res.status, `${param}=${date}`).toBe(400);
        expect(res.body.error.code).toBe('invalid-query');
      }
    }
    expect((await callApi(ctx, 'GET', '/api/conversations?sentBefore=9999-12-31T23:59:59Z', admin.headers)).status).toBe(200);
  });
});
