import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { CLAIM_LIFETIME_MS } from '@sync/contract/agents';
import { ApiError } from '@web/lib/http';
import { claimMachine, type ClaimEvent, type ClaimReport, type ClaimSnapshot, type HeldClaim, type SendReplyInput } from './claim.machine';

const held = (over: Partial<HeldClaim> = {}): HeldClaim => ({
  conversationId: 'c-1',
  expiresAt: Date.now() + CLAIM_LIFETIME_MS,
  lastMessageId: 'm-2',
  memberName: 'bob',
  profileName: 'ana',
  stock: 'message',
  ...over,
});

/** One held claim under a parent that records what it reports (the console machine does the rest). */
function start(options: { reply?: (input: SendReplyInput) => Promise<unknown>; release?: (input: { conversationId: string }) => Promise<unknown>; claim?: HeldClaim } = {}) {
  const calls = {
    reply: vi.fn(options.reply ?? (async () => ({}))),
    release: vi.fn(options.release ?? (async (_input: { conversationId: string }): Promise<unknown> => ({}))),
  };
  const child = claimMachine.provide({
    actors: {
      sendReply: fromPromise<unknown, SendReplyInput>(({ input }) => calls.reply(input)),
      releaseClaim: fromPromise<unknown, { conversationId: string }>(({ input }) => calls.release(input)),
    },
  });
  const parent = setup({
    types: { context: {} as { reports: Omit<ClaimReport, 'type'>[] }, events: {} as ClaimReport | { type: 'TO'; event: ClaimEvent } },
    actors: { child },
  }).createMachine({
    context: { reports: [] },
    invoke: { id: 'claim', src: 'child', input: options.claim ?? held() },
    on: {
      'claim.report': { actions: assign({ reports: ({ context, event }) => [...context.reports, { conversationId: event.conversationId, outcome: event.outcome, ...(event.next !== undefined ? { next: event.next } : {}) }] }) },
    },
  });
  const actor = createActor(parent);
  actor.start();
  const claim = () => (actor.getSnapshot().children as Record<string, AnyActorRef>).claim!;
  return {
    calls,
    send: (event: ClaimEvent) => claim().send(event),
    snap: () => claim().getSnapshot() as ClaimSnapshot,
    reports: () => actor.getSnapshot().context.reports.map((r) => r.outcome),
  };
}

describe('one held claim (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts its reply timer down each second from the expiry it was given', async () => {
    const c = start({ claim: held({ expiresAt: Date.now() + 120_000 }) });
    expect(c.snap().context.replyLeft).toBe(120);
    await vi.advanceTimersByTimeAsync(3000);
    expect(c.snap().context.replyLeft).toBe(117);
    expect(c.reports()).toEqual([]);
  });

  it('lapses exactly at its expiry and reports it (the parent logs out)', async () => {
    const c = start();
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS - 1);
    expect(c.reports()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.reports()).toEqual(['lapsed']);
    expect(c.snap().status).toBe('done');
  });

  it('sends the reply with the newest message loaded as lastMessageId, then is over', async () => {
    const c = start();
    c.send({ type: 'LOADED', lastMessageId: 'm-3' });
    c.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' }, next: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls.reply).toHaveBeenCalledWith({ conversationId: 'c-1', lastMessageId: 'm-3', draft: { messageType: 'text', message: 'Hi' } });
    expect(c.reports()).toEqual(['replied']);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.reports()).toEqual(['replied']);
  });

  it('409 new-messages keeps the claim and its countdown; a failure keeps it too', async () => {
    let answer: Error = new ApiError(409, 'new-messages', 'New messages');
    const c = start({ reply: async () => Promise.reject(answer) });
    c.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.reports()).toEqual(['new-messages']);
    expect(c.snap().matches({ held: 'reading' })).toBe(true);
    expect(c.snap().context.replyLeft).toBe(299);
    answer = new ApiError(500, 'server-error', 'Oops');
    c.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.reports()).toEqual(['new-messages', 'failed']);
    expect(c.snap().matches({ held: 'reading' })).toBe(true);
  });

  it('a reply answered 403 claim-required, or socket claimEnded by someone else, ends it without a lapse', async () => {
    const c = start({ reply: async () => Promise.reject(new ApiError(403, 'claim-required', 'Not claimed')) });
    c.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.reports()).toEqual(['ended-by-other']);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.reports()).toEqual(['ended-by-other']);

    const d = start();
    d.send({ type: 'ENDED', reason: 'replied-by-other' });
    expect(d.reports()).toEqual(['ended-by-other']);
  });

  it("the agent's own reply or release in another tab ends it quietly, but not while this tab's own reply is on its way", async () => {
    const c = start();
    c.send({ type: 'ENDED', reason: 'released' });
    expect(c.reports()).toEqual(['ended-here-elsewhere']);

    let answer!: () => void;
    const d = start({ reply: () => new Promise<unknown>((resolve) => (answer = () => resolve({}))) });
    d.send({ type: 'SEND', draft: { messageType: 'text', message: 'Hi' } });
    // This tab's own reply is heard from the socket before its HTTP answer.
    d.send({ type: 'ENDED', reason: 'replied' });
    expect(d.reports()).toEqual([]);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(d.reports()).toEqual(['replied']);
  });

  it('gives the conversation back on request; one gone already (404) counts as ended by someone else', async () => {
    const c = start();
    c.send({ type: 'GIVE_BACK' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls.release).toHaveBeenCalledWith({ conversationId: 'c-1' });
    expect(c.reports()).toEqual(['released']);

    const d = start({ release: async () => Promise.reject(new ApiError(404, 'claim-not-found', 'Not held')) });
    d.send({ type: 'GIVE_BACK' });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.reports()).toEqual(['ended-by-other']);
  });
});
