/**
 * The tester moves the clock (tester-actions.ts `moveClock`), and the mock server lives by it as the API lives by
 * its injected clock: tokens come due and lapse, a claim lapses back to its stock, messages carry the moved date.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_LIFETIME_MS } from '@sync/contract/agents';
import { networkMock } from './network';
import { messagingMock } from './handlers/messaging';
import { readMockToken } from './tokens';
import { clockOffset, moveClock, profileReplies, resetClock, resetToSeed } from './tester-actions';
import { MOCK_WORLD_KEY, restoreMockWorld, saveMockWorld } from './mock-persistence';

const API = 'http://localhost/api';
const MINUTE = 60_000;
const json = { 'content-type': 'application/json' };

async function signIn(username: string, password: string, type: 'user' | 'agent' = 'user'): Promise<string> {
  const response = await fetch(`${API}/authenticate`, { method: 'POST', headers: json, body: JSON.stringify({ username, password, type, force: true }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const call = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${API}${path}`, { ...init, headers: { ...json, authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } });
const pull = (token: string) => call(token, '/sync/pull', { method: 'POST', body: JSON.stringify({ clientId: 'clock-device', cursor: 0 }) });
const refresh = (token: string) => call(token, '/authenticate', { method: 'PATCH' });

beforeEach(async () => {
  await resetToSeed();
});
afterEach(() => {
  resetClock();
  networkMock.reset();
  messagingMock.reset();
});

describe("a member's token on a moved clock", () => {
  it('lives two hours as on the API: refreshed when due, refused on every call and at refresh once past', async () => {
    const token = await signIn('demo', 'demo-pass-123');
    const exp = readMockToken(token)!.exp! * 1000;
    expect(exp - Date.now()).toBeGreaterThan(119 * MINUTE);

    moveClock(75 * MINUTE);
    expect((await pull(token)).status).toBe(200);
    // 45 minutes left: the client refreshes (under 50), and the new token runs two hours from the moved now.
    const renewed = await refresh(token);
    expect(renewed.status).toBe(200);
    const next = ((await renewed.json()) as { access_token: string }).access_token;
    expect(readMockToken(next)!.exp! * 1000 - (Date.now() + clockOffset())).toBeGreaterThan(119 * MINUTE);

    moveClock(2 * 60 * MINUTE);
    const refused = await pull(next);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'token-expired' } });
    expect((await refresh(next)).status).toBe(403);
    // Signing in again works on the moved clock.
    expect((await pull(await signIn('demo', 'demo-pass-123'))).status).toBe(200);
  });

  it('dates what happens after the move on the moved clock', async () => {
    moveClock(3 * 60 * MINUTE);
    const reply = await profileReplies({ text: 'Three hours later…' });
    const sent = new Date(reply!.dateSent).getTime();
    expect(sent - Date.now()).toBeGreaterThanOrEqual(3 * 60 * MINUTE - 1000);
    expect(sent - Date.now()).toBeLessThan(3 * 60 * MINUTE + 5000);
  });

  it('only moves forward, and comes back with the world after a reload', async () => {
    expect(() => moveClock(0)).toThrow(RangeError);
    expect(() => moveClock(-MINUTE)).toThrow(RangeError);
    moveClock(5 * MINUTE);
    moveClock(5 * MINUTE);
    expect(clockOffset()).toBe(10 * MINUTE);
    saveMockWorld();
    resetClock();
    expect(await restoreMockWorld()).toBe(true);
    expect(clockOffset()).toBe(10 * MINUTE);
    expect(JSON.parse(sessionStorage.getItem(MOCK_WORLD_KEY)!)).toMatchObject({ clockOffsetMs: 10 * MINUTE });
    await resetToSeed();
    expect(clockOffset()).toBe(0);
  });
});

describe("an agent's claim on a moved clock", () => {
  async function onlineAgent(): Promise<string> {
    const token = await signIn('agent@example.com', 'agent-pass-123', 'agent');
    expect((await call(token, '/event', { method: 'POST', body: JSON.stringify({ message: { status: 'online' } }) })).status).toBe(200);
    return token;
  }
  const queueTotal = async (token: string) => ((await (await call(token, '/queue')).json()) as { total: number }).total;

  it('lapses past its lifetime: back to the front of the stock, the reply refused, counted as expired', async () => {
    const token = await onlineAgent();
    const claim = (await (await call(token, '/claim')).json()) as { conversation: { _id: string; messages: { _id: string }[] }; expiryTime: string };
    expect(await queueTotal(token)).toBe(1);

    moveClock(CLAIM_LIFETIME_MS - MINUTE);
    expect(((await (await call(token, '/claims')).json()) as { total: number }).total).toBe(1);

    moveClock(MINUTE);
    expect(((await (await call(token, '/claims')).json()) as { total: number }).total).toBe(0);
    expect(await queueTotal(token)).toBe(2);
    const reply = await call(token, `/conversation/${claim.conversation._id}/message`, {
      method: 'POST',
      body: JSON.stringify({ message: 'Too late', messageType: 'text', lastMessageId: claim.conversation.messages[0]!._id }),
    });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ error: { code: 'claim-required' } });
    // The lapsed conversation is the next one claimed, as its place in the stock never changed.
    const again = (await (await call(token, '/claim')).json()) as { conversation: { _id: string } };
    expect(again.conversation._id).toBe(claim.conversation._id);

    const admin = await signIn('admin@example.com', 'admin-pass-123', 'agent');
    const day = new Date(Date.now() + clockOffset()).toISOString().slice(0, 10);
    const report = (await (await call(admin, `/admin/report?from=${day}&to=${day}`)).json()) as { agents: { agentId: string; claims: number; claimsExpired: number }[] };
    expect(report.agents.find((row) => row.agentId === 'a-agent')).toMatchObject({ claims: 2, claimsExpired: 1 });
  });

  it('frees the once-an-hour pause when an hour has passed', async () => {
    const token = await onlineAgent();
    const pause = () => call(token, '/event', { method: 'POST', body: JSON.stringify({ message: { status: 'paused', reason: 'coffee' } }) });
    const resume = () => call(token, '/event', { method: 'POST', body: JSON.stringify({ message: { status: 'online' } }) });
    expect((await pause()).status).toBe(200);
    expect((await resume()).status).toBe(200);
    expect((await pause()).status).toBe(429);
    moveClock(60 * MINUTE);
    expect((await pause()).status).toBe(200);
  });
});
