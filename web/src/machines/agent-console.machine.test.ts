import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { CLAIM_LIFETIME_MS, type ClaimWrapper } from '@sync/contract/agents';
import { ApiError } from '@web/lib/http';
import { createAgentConsoleMachine, heldFromWrapper, type AgentConsoleEmitted, type AgentConsoleIo } from './agent-console.machine';
import type { ClaimSnapshot } from './claim.machine';

/** A claim as the server answers it; `serverNow` is the server's clock (tabs' clocks may differ). */
function wrapper(conversationId = 'c-1', serverNow = Date.now()): ClaimWrapper {
  return {
    claimTime: new Date(serverNow).toISOString(),
    postTime: new Date(serverNow - 60_000).toISOString(),
    expiryTime: new Date(serverNow + CLAIM_LIFETIME_MS).toISOString(),
    stock: 'message',
    conversation: { _id: conversationId, messages: [{ _id: `m-${conversationId}` }], user: { username: `member ${conversationId}` }, profile: { username: 'Ana' } } as unknown as ClaimWrapper['conversation'],
  };
}

/** Claim next answers c-1, c-2, c-3, … in turn. */
const stockOf = () => {
  let n = 0;
  return async () => wrapper(`c-${++n}`);
};

function fakeIo() {
  return {
    sendStatus: vi.fn(async () => ({})),
    sendPause: vi.fn(async () => ({ breakIntervalLeftMs: 3_600_000 })),
    sendResume: vi.fn(async () => ({})),
    restoreBreakOnServer: vi.fn(async () => ({})),
    fetchClaim: vi.fn<() => Promise<ClaimWrapper | null>>(stockOf()),
    sendReply: vi.fn(async () => ({})),
    releaseClaim: vi.fn(async (_conversationId: string): Promise<unknown> => ({})),
    openSocket: vi.fn<() => void>(),
    closeSocket: vi.fn<() => void>(),
    publish: vi.fn<() => void>(),
    notifyError: vi.fn<(error: unknown) => void>(),
    notifyLockout: vi.fn<(time: string) => void>(),
    notifyEmpty: vi.fn<() => void>(),
    notifyLimit: vi.fn<(max: number) => void>(),
    notifyEnded: vi.fn<() => void>(),
    notifyReleased: vi.fn<() => void>(),
    showNewMessages: vi.fn<() => void>(),
    openConversation: vi.fn<(wrapper: ClaimWrapper) => void>(),
    replied: vi.fn<(conversationId: string) => void>(),
    forceLogout: vi.fn<(reason: string) => void>(),
  } satisfies AgentConsoleIo;
}

/** A leader tab with its socket open: the console actor and its three children. */
function leader(io = fakeIo()) {
  const actor = createActor(createAgentConsoleMachine(io));
  actor.start();
  actor.send({ type: 'LEADER', isMaster: true });
  actor.send({ type: 'SOCKET_OPEN' });
  const child = (id: 'session' | 'break') => (actor.getSnapshot().children as Record<string, AnyActorRef>)[id]!;
  const heard: AgentConsoleEmitted[] = [];
  for (const type of ['opened', 'replyOutcome', 'claimLeft'] as const) actor.on(type, (e) => heard.push(e));
  /** Each held claim: its conversation and seconds left, in the list's order. */
  const held = () => actor.getSnapshot().context.claims.map((c) => [c.conversationId, (c.ref.getSnapshot() as ClaimSnapshot).context.replyLeft] as const);
  return { actor, io, heard, held, session: () => child('session').getSnapshot(), brk: () => child('break').getSnapshot() };
}

describe('agent console machine (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('stopping the session releases every claim and ends the break (the children talk through the parent)', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.held().map(([id]) => id)).toEqual(['c-1', 'c-2']);
    c.actor.send({ type: 'PAUSE', reason: 'Lunch' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.brk().matches({ pause: 'onBreak' })).toBe(true);
    // The session keeps the break it is told about.
    expect(c.session().context.preserved.break).toMatchObject({ reason: 'Lunch', startedAt: Date.now() });

    c.actor.send({ type: 'STOP' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.io.sendStatus).toHaveBeenLastCalledWith({ status: 'offline' });
    expect(c.session().matches({ session: 'offline' })).toBe(true);
    expect(c.held()).toEqual([]);
    expect(Object.keys(c.actor.getSnapshot().children).sort()).toEqual(['break', 'session']);
    expect(c.brk().matches({ pause: 'none' })).toBe(true);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.io.forceLogout).not.toHaveBeenCalled();
  });

  it("the server's session with a break is shown as it is, without asking the server for anything", async () => {
    const c = leader();
    const startedAt = Date.now() - 3_600_000;
    c.actor.send({ type: 'SERVER_STATE', session: { startedAt, break: { reason: 'Coffee', startedAt: Date.now() - 120_000, lockoutEndsAt: Date.now() + 3_480_000 } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.session().context.sessionStartedAt).toBe(startedAt);
    expect(c.brk().matches({ pause: 'onBreak' })).toBe(true);
    expect(c.brk().context).toMatchObject({ reason: 'Coffee', elapsed: 120, lockoutLeft: 3480 });
    expect(c.io.sendStatus).not.toHaveBeenCalled();
    expect(c.io.sendPause).not.toHaveBeenCalled();
    expect(c.io.publish).toHaveBeenCalled();
  });

  it('a claim ended by someone else stops its countdown and is said; a claim let lapse logs out', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(10_000);
    c.actor.send({ type: 'ENDED', conversationId: 'c-1', reason: 'replied-by-other' });
    expect(c.io.notifyEnded).toHaveBeenCalledTimes(1);
    expect(c.heard).toContainEqual({ type: 'claimLeft', conversationId: 'c-1', outcome: 'ended-by-other', next: false });
    expect(c.held()).toEqual([]);
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.io.forceLogout).not.toHaveBeenCalled();

    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(c.io.forceLogout).toHaveBeenCalledWith('Reply timer lapse');
  });

  it('a break preserved over a socket drop is asked for again on the server, then shown', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'PAUSE', reason: 'Call' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'SOCKET_CLOSED' });
    expect(c.brk().matches({ pause: 'none' })).toBe(true);
    c.actor.send({ type: 'SOCKET_OPEN' });
    // The restore timer (no other tab heard for over 10 s) restarts the session and its break.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(c.io.restoreBreakOnServer).toHaveBeenCalledWith('Call');
    expect(c.brk().matches({ pause: 'onBreak' })).toBe(true);
    expect(c.brk().context.reason).toBe('Call');
  });

  it('holds up to maxClaims, each claim with its own countdown; one more is refused here without asking the server', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    c.actor.send({ type: 'SYNC', claims: [], maxClaims: 3, askedAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 3; i++) {
      c.actor.send({ type: 'CLAIM' });
      await vi.advanceTimersByTimeAsync(20_000);
    }
    // Oldest first: it lapses first.
    expect(c.held()).toEqual([['c-1', 240], ['c-2', 260], ['c-3', 280]]);
    expect(c.heard.filter((e) => e.type === 'opened').map((e) => e.conversationId)).toEqual(['c-1', 'c-2', 'c-3']);
    expect(c.io.openConversation).toHaveBeenCalledTimes(3);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.io.fetchClaim).toHaveBeenCalledTimes(3);
    expect(c.io.notifyLimit).toHaveBeenCalledWith(3);

    // A reply to the second: it leaves, the others go on counting; Claim next has room again.
    c.actor.send({ type: 'SEND', conversationId: 'c-2', draft: { messageType: 'text', message: 'Hi' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.io.sendReply).toHaveBeenCalledWith({ conversationId: 'c-2', lastMessageId: 'm-c-2', draft: { messageType: 'text', message: 'Hi' } });
    expect(c.io.replied).toHaveBeenCalledWith('c-2');
    expect(c.heard).toContainEqual({ type: 'replyOutcome', conversationId: 'c-2', outcome: 'sent', next: false });
    expect(c.held()).toEqual([['c-1', 239], ['c-3', 279]]);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.held().map(([id]) => id)).toEqual(['c-1', 'c-3', 'c-4']);

    // The first lapses: the agent let it run out, and is logged out for it.
    await vi.advanceTimersByTimeAsync(239_000);
    expect(c.io.forceLogout).toHaveBeenCalledTimes(1);
    expect(c.held().map(([id]) => id)).toEqual(['c-3', 'c-4']);
  });

  it("the server's list is the truth: missing claims are added, gone ones leave quietly, one taken since the list was asked stays", async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'ADOPT', claim: heldFromWrapper(wrapper('c-old'), new Date().toISOString()) });
    const askedAt = Date.now();
    await vi.advanceTimersByTimeAsync(1000);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    // The server's list, asked before c-1 was taken: it knows neither c-old (replied to in another tab) nor c-1.
    const serverNow = new Date(Date.now() + 3_600_000).toISOString(); // the server's clock is an hour ahead
    c.actor.send({ type: 'SYNC', claims: [heldFromWrapper(wrapper('c-9', Date.parse(serverNow) - 100_000), serverNow)], maxClaims: 2, askedAt });
    expect(c.held()).toEqual([['c-9', 200], ['c-1', 300]]);
    expect(c.io.notifyEnded).not.toHaveBeenCalled();
    expect(c.actor.getSnapshot().context.maxClaims).toBe(2);
    // The same list again changes nothing (each claim is held once).
    c.actor.send({ type: 'SYNC', claims: [heldFromWrapper(wrapper('c-9', Date.parse(serverNow) - 100_000), serverNow)], maxClaims: 2, askedAt: Date.now() - 1 });
    expect(c.held().map(([id]) => id)).toEqual(['c-9', 'c-1']);
  });

  it("another tab's claim (socket claimStarted) and its reply there (claimEnded replied) show here; a 409 claim-limit updates the cap", async () => {
    const io = fakeIo();
    io.fetchClaim.mockRejectedValueOnce(new ApiError(409, 'claim-limit', 'You can hold at most 1 conversations at once. Reply to one first.', { error: { code: 'claim-limit', maxClaims: 1 } }));
    const c = leader(io);
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'ADOPT', claim: heldFromWrapper(wrapper('c-tab2'), new Date().toISOString()) });
    expect(c.held()).toEqual([['c-tab2', 300]]);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    expect(io.notifyError).toHaveBeenCalledTimes(1);
    expect(c.actor.getSnapshot().context.maxClaims).toBe(1);
    c.actor.send({ type: 'ENDED', conversationId: 'c-tab2', reason: 'replied' });
    expect(c.held()).toEqual([]);
    expect(io.notifyEnded).not.toHaveBeenCalled();
    expect(c.heard).toContainEqual({ type: 'claimLeft', conversationId: 'c-tab2', outcome: 'ended-here-elsewhere', next: false });
    await vi.advanceTimersByTimeAsync(CLAIM_LIFETIME_MS);
    expect(io.forceLogout).not.toHaveBeenCalled();
  });

  it('Send & next replies, then claims and opens the next; a claimStarted heard before the answer adds nothing twice', async () => {
    const c = leader();
    c.actor.send({ type: 'START' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'SEND', conversationId: 'c-1', draft: { messageType: 'text', message: 'Hi' }, next: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.held().map(([id]) => id)).toEqual(['c-2']);
    expect(c.heard.filter((e) => e.type === 'opened').map((e) => e.conversationId)).toEqual(['c-1', 'c-2']);

    // The socket's frame for the third claim comes before the HTTP answer.
    let answer!: (w: ClaimWrapper) => void;
    c.io.fetchClaim.mockImplementationOnce(() => new Promise<ClaimWrapper>((resolve) => (answer = resolve)));
    c.actor.send({ type: 'CLAIM' });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'ADOPT', claim: { ...heldFromWrapper(wrapper('c-3'), new Date().toISOString()), lastMessageId: null } });
    answer(wrapper('c-3'));
    await vi.advanceTimersByTimeAsync(0);
    expect(c.held().map(([id]) => id)).toEqual(['c-2', 'c-3']);
    const third = c.actor.getSnapshot().context.claims[1]!.ref.getSnapshot() as ClaimSnapshot;
    expect(third.context.lastMessageId).toBe('m-c-3');
  });
});
