import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDITS_KEY } from '@sync/engine/keys';
import type { PushResponse } from '@sync/engine/mutations';
import { messagingMock } from './handlers/messaging';
import { makeToken } from './tokens';
import { SEED_CREDITS, SEED_MEMBER } from './seed';
import { expireSession, memberConversations, profileReplies, profileRepliesLater, refuseNextPush, resetToSeed, setCredits, setNetwork } from './tester-actions';
import { networkMock } from './network';
import { mockProfileId } from './profiles-data';

const headers = { 'content-type': 'application/json', authorization: `Bearer ${makeToken({ _id: SEED_MEMBER })}` };
const CLIENT = 'tester-device';
let mutationId = 0;

function send(text = 'hello') {
  mutationId += 1;
  const mutation = { clientId: CLIENT, mutationId, name: 'sendMessage', args: { conversationId: 'blank', profileId: mockProfileId(30), messageId: crypto.randomUUID(), messageType: 'text', message: text } };
  return fetch('http://localhost/api/sync/push', { method: 'POST', headers, body: JSON.stringify({ clientId: CLIENT, mutations: [mutation] }) });
}

beforeEach(async () => {
  mutationId = 0;
  await resetToSeed();
});
afterEach(() => {
  networkMock.reset();
  messagingMock.reset();
});

describe('tester actions on the seeded world', () => {
  it('a profile reply lands in the newest conversation, unread, from the profile', async () => {
    const newest = memberConversations()[0]!;
    const reply = await profileReplies({ text: 'Are you there?' });
    expect(reply).toMatchObject({ conversationId: newest._id, senderType: 'profile', message: 'Are you there?', isRead: false });
    expect(memberConversations().find((c) => c._id === newest._id)?.unread).toBe(newest.unread + 1);
  });

  it('a delayed reply lands only when its time comes, and a cancelled one never', async () => {
    vi.useFakeTimers();
    try {
      const newest = memberConversations()[0]!;
      profileRepliesLater(10_000, { text: 'later' });
      profileRepliesLater(10_000, { text: 'never' })();
      await vi.advanceTimersByTimeAsync(9_000);
      expect(memberConversations()[0]!.unread).toBe(newest.unread);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(memberConversations()[0]!.unread).toBe(newest.unread + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an armed no-credits refusal answers the next send like an empty balance, keeps the balance, and is spent once', async () => {
    refuseNextPush('no-credits');
    const refused = (await (await send()).json()) as PushResponse;
    expect(refused.results).toEqual([expect.objectContaining({ mutationId: 1, ok: false, error: expect.objectContaining({ code: 'no-credits' }) })]);
    expect(refused.lastMutationId).toBe(1);
    expect(messagingMock.credits(SEED_MEMBER)).toBe(SEED_CREDITS);
    const next = (await (await send()).json()) as PushResponse;
    expect(next.results[0]).toMatchObject({ mutationId: 2, ok: true });
    expect(messagingMock.credits(SEED_MEMBER)).toBe(SEED_CREDITS - 1);
  });

  it('an armed server error answers 500 with the error shape and applies nothing', async () => {
    refuseNextPush('server-error');
    const response = await send();
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'internal' } });
    expect(messagingMock.credits(SEED_MEMBER)).toBe(SEED_CREDITS);
  });

  it('offline fails every call like a dropped connection until the network is back', async () => {
    setNetwork({ offline: true });
    await expect(send()).rejects.toThrow();
    setNetwork({ offline: false });
    expect((await send()).status).toBe(200);
  });

  it('a flaky network fails the share of calls it was given', async () => {
    setNetwork({ failureRate: 0.5 });
    networkMock.random = () => 0.4;
    await expect(send()).rejects.toThrow();
    networkMock.random = () => 0.6;
    expect((await send()).status).toBe(200);
  });

  it('credits set by the tester are what the next pull answers', async () => {
    await setCredits(3);
    const pull = await fetch('http://localhost/api/sync/pull', { method: 'POST', headers, body: JSON.stringify({ clientId: CLIENT, cursor: 0 }) });
    const body = (await pull.json()) as { patch: { op: string; key?: string; value?: unknown }[] };
    expect(body.patch.find((op) => op.key === CREDITS_KEY)?.value).toBe(3);
  });
});

describe('an expired session', () => {
  it('answers 401 token-expired to signed-in calls until the member signs in again', async () => {
    expireSession();
    const refused = await send();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'token-expired' } });
    const signIn = await fetch('http://localhost/api/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-pass-123' }) });
    expect(signIn.status).toBe(200);
    expect((await send()).status).toBe(200);
  });
});
