import { afterEach, describe, expect, it } from 'vitest';
import { mockAgentState, resetAgentMocks } from './handlers/agents';
import { messagingMock } from './handlers/messaging';
import { paymentsMock } from './handlers/payments';
import { patchMockMember } from './handlers/profiles';
import { MOCK_WORLD_KEY, restoreMockWorld, saveMockWorld } from './mock-persistence';
import { networkMock } from './network';
import { SEED_MEMBER } from './seed';
import { profileReplies, refuseNextPush, resetToSeed, setCredits, setNetwork } from './tester-actions';

afterEach(() => {
  networkMock.reset();
  messagingMock.reset();
  paymentsMock.reset();
});

describe('the mock world across a reload', () => {
  it('comes back with the same sync state, network, armed refusal, balance and premium flag', async () => {
    await resetToSeed();
    await profileReplies({ text: 'still here after the reload?' });
    await setCredits(7);
    patchMockMember(SEED_MEMBER, { isPremium: true });
    setNetwork({ latencyMs: 2000, failureRate: 0.3 });
    refuseNextPush('no-credits');
    const before = messagingMock.server.state(SEED_MEMBER);
    saveMockWorld();

    messagingMock.reset();
    paymentsMock.reset();
    networkMock.reset();
    patchMockMember(SEED_MEMBER, { isPremium: false });
    expect(await restoreMockWorld()).toBe(true);

    expect(messagingMock.server.state(SEED_MEMBER)).toEqual(before);
    expect(networkMock.conditions).toEqual({ offline: false, latencyMs: 2000, failureRate: 0.3 });
    expect(networkMock.nextPush).toBe('no-credits');
    expect(paymentsMock.member(SEED_MEMBER).credits).toBe(7);
    expect(paymentsMock.member(SEED_MEMBER).cards).toHaveLength(1);
    expect(patchMockMember(SEED_MEMBER, {})?.isPremium).toBe(true);
  });

  it("comes back with the agent console's session, claim and memos", async () => {
    await resetToSeed();
    const agents = mockAgentState();
    agents.session = { ...agents.session, status: 'online', session: { _id: 's-9', startDate: new Date().toISOString() } };
    agents.claimed = { id: agents.stocked.shift()!, claimTime: Date.now(), agentId: 'a-agent' };
    agents.conversations.get('c-1')!.userNotes.push({ _id: 'n-1', note: 'Likes jazz', type: 'user', archived: false, global: false, conversationId: 'c-1', userProfileId: null, agentId: 'a-agent', createDate: '', updateDate: '' });
    saveMockWorld();
    resetAgentMocks();
    expect(await restoreMockWorld()).toBe(true);
    const back = mockAgentState();
    expect(back.session.status).toBe('online');
    expect(back.claimed).toMatchObject({ id: 'c-1', agentId: 'a-agent' });
    expect(back.stocked).toEqual(['c-2']);
    expect(back.conversations.get('c-1')!.userNotes.map((m) => m.note)).toEqual(['Likes jazz']);
  });

  it('answers false for nothing saved or a world it cannot read, so the caller seeds', async () => {
    expect(await restoreMockWorld()).toBe(false);
    sessionStorage.setItem(MOCK_WORLD_KEY, '{not json');
    expect(await restoreMockWorld()).toBe(false);
  });
});
