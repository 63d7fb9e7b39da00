import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CLAIM_LIFETIME_MS, type ClaimWrapper } from '@sync/contract/agents';
import { ApiError } from '@web/lib/http';
import { claimMachine, type SendReplyInput } from './claim.machine';

function wrapper(claimTime: number, lastId = 'm-2'): ClaimWrapper {
  return {
    claimTime: new Date(claimTime).toISOString(),
    postTime: new Date(claimTime - 60_000).toISOString(),
    expiryTime: new Date(claimTime + CLAIM_LIFETIME_MS).toISOString(),
    stock: 'message',
    conversation: { _id: 'c-1', messages: [{ _id: lastId }, { _id: 'm-1' }] } as unknown as ClaimWrapper['conversation'],
  };
}

function start(options: { claim?: () => Promise<ClaimWrapper | null>; reply?: (input: SendReplyInput) => Promise<unknown>; release?: (input: { conversationId: string }) => Promise<unknown> } = {}) {
  const calls = {
    claim: vi.fn(options.claim ?? (async () => wrapper(Date.now()))),
    reply: vi.fn(options.reply ?? (async () => ({}))),
    openConversation: vi.fn(),
    notifyEmpty: vi.fn(),
    notifyError: vi.fn(),
    showNewMessages: vi.fn(),
    replied: vi.fn(),
    forceLogout: vi.fn(),
    notifyEnded: vi.fn(),
    notifyReleased: vi.fn(),
    release: vi.fn(options.release ?? (async (_input: { conversationId: string }): Promise<unknown> => ({}))),
  };
  const machine = claimMachine.provide({
    actors: {
      fetchClaim: fromPromise<ClaimWrapper | null, void>(() => calls.claim()),
      sendReply: fromPromise<unknown, SendReplyInput>(({ input }) => calls.reply(input)),
      releaseClaim: fromPromise<unknown, { conversationId: string }>(({ input }) => calls.release(input)),
    },
    actions: {
      openConversation: (_, params) => calls.openConversation(params),
      notifyEmpty: calls.notifyEmpty,
      notifyError: (_, params) => calls.notifyError(params),
      showNewMessages: calls.showNewMessages,
      replied: (_, params) => calls.replied(params),
      forceLogout: (_, params) => calls.forceLogout(params),
      notifyEnded: calls.notifyEnded,
      notifyReleased: calls.notifyReleased,
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, calls };
}

describe('claim machine (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('claims, opens the conversation and counts the reply timer down each second from 300 s', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.openConversation).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ claimed: 'reading' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ conversationId: 'c-1', replyLeft: 300, lastMessageId: 'm-2' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.replyLeft).toBe(299);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(actor.getSnapshot().context.replyLeft).toBe(240);
  });

  it('expires exactly 300,000 ms after claimTime and force-logs out with "Reply timer lapse"', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS - 1);
    expect(actor.getSnapshot().context.replyLeft).toBe(1);
    expect(calls.forceLogout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('lapsed');
    expect(calls.forceLogout).toHaveBeenCalledTimes(1);
    expect(calls.forceLogout).toHaveBeenCalledWith({ reason: 'Reply timer lapse' });
    expect(actor.getSnapshot().context.conversationId).toBeNull();
    // The timers stopped with the claim: nothing more happens.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.forceLogout).toHaveBeenCalledTimes(1);
  });

  it('counts from claimTime, not from when the answer arrived', async () => {
    const { actor, calls } = start({ claim: async () => wrapper(Date.now() - 100_000) });
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.replyLeft).toBe(200);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(calls.forceLogout).toHaveBeenCalledTimes(1);
  });

  it('sends the reply with lastMessageId, then releases the claim and stops the countdown', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'LOADED', lastMessageId: 'm-3' });
    actor.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hello there' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reply).toHaveBeenCalledWith({ conversationId: 'c-1', lastMessageId: 'm-3', draft: { messageType: 'text', message: 'Hello there' } });
    expect(calls.replied).toHaveBeenCalledWith({ conversationId: 'c-1' });
    expect(actor.getSnapshot().value).toBe('idle');
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(calls.forceLogout).not.toHaveBeenCalled();
  });

  it('409 new-messages keeps the claim and shows the new message first; the countdown goes on', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      reply: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(409, 'new-messages', 'New messages arrived');
        return {};
      },
    });
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.showNewMessages).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ claimed: 'reading' })).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(actor.getSnapshot().context.replyLeft).toBe(295);
    actor.send({ type: 'LOADED', lastMessageId: 'm-9' });
    actor.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reply).toHaveBeenLastCalledWith(expect.objectContaining({ lastMessageId: 'm-9' }));
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('an empty stock (204) says so and stays idle; a failure shows the error', async () => {
    const empty = start({ claim: async () => null });
    empty.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(empty.calls.notifyEmpty).toHaveBeenCalledTimes(1);
    expect(empty.actor.getSnapshot().context.empty).toBe(true);
    expect(empty.actor.getSnapshot().value).toBe('idle');

    const failing = start({ claim: () => Promise.reject(new Error('down')) });
    failing.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.calls.notifyError).toHaveBeenCalledTimes(1);
  });

  it('adopts an existing claim (reload) with the time left from its claimTime', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'ADOPT', conversationId: 'c-7', claimTime: Date.now() - 290_000, lastMessageId: 'm-1' });
    expect(actor.getSnapshot().context.replyLeft).toBe(10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.forceLogout).toHaveBeenCalledWith({ reason: 'Reply timer lapse' });
  });

  it('RELEASE drops the claim and its timers', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'RELEASE' });
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS * 2);
    expect(calls.forceLogout).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.conversationId).toBeNull();
  });

  it("a claim someone else ended (socket claimEnded) stops the countdown and never logs the agent out", async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(60_000);
    // Another conversation's end is not this one's.
    actor.send({ type: 'ENDED', conversationId: 'c-other' });
    expect(actor.getSnapshot().matches('claimed')).toBe(true);
    actor.send({ type: 'ENDED', conversationId: 'c-1' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ conversationId: null, replyLeft: 0 });
    expect(calls.notifyEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(calls.forceLogout).not.toHaveBeenCalled();
  });

  it('a reply answered 403 claim-required ends the claim here too, without a logout', async () => {
    const { actor, calls } = start({ reply: () => Promise.reject(new ApiError(403, 'claim-required', 'Claim this conversation before replying')) });
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SEND', draft: { messageType: 'text', message: 'hi' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.notifyEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(calls.forceLogout).not.toHaveBeenCalled();
  });

  it('gives the conversation back to its stock on request: the countdown stops, no logout', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'GIVE_BACK' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.release).toHaveBeenCalledWith({ conversationId: 'c-1' });
    expect(calls.notifyReleased).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(calls.forceLogout).not.toHaveBeenCalled();
  });

  it('Send & next: the reply goes, then the next conversation is claimed and opened', async () => {
    let n = 0;
    const { actor, calls } = start({ claim: async () => ({ ...wrapper(Date.now()), conversation: { _id: `c-${(n += 1)}`, messages: [] } as unknown as ClaimWrapper['conversation'] }) });
    actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SEND', draft: { messageType: 'text', message: 'hi' }, next: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.replied).toHaveBeenCalledWith({ conversationId: 'c-1' });
    expect(calls.claim).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context).toMatchObject({ conversationId: 'c-2', next: false });
    expect(calls.openConversation).toHaveBeenCalledTimes(2);
  });
});
