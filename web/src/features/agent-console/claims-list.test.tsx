import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { createAgentConsoleMachine, type AgentConsoleIo } from '@web/machines/agent-console.machine';
import type { HeldClaim } from '@web/machines/claim.machine';
import { renderMemberScreen } from '@web/test/member-harness';
import { ClaimsList } from './claims-list';

const inert = () => Promise.reject(new Error('not in this test'));
const io = new Proxy({}, { get: (_, name) => (['fetchClaim', 'sendStatus', 'sendPause', 'sendResume', 'restoreBreakOnServer', 'sendReply', 'releaseClaim'].includes(String(name)) ? inert : () => undefined) }) as AgentConsoleIo;

const held = (conversationId: string, secondsLeft: number, memberName: string): HeldClaim => ({
  conversationId,
  expiresAt: Date.now() + secondsLeft * 1000,
  lastMessageId: null,
  memberName,
  profileName: 'zoe',
  stock: 'message',
});

describe('claims list', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('lists every held claim with its own countdown, warns at 60 s and 30 s, marks the open one and names its key', async () => {
    const actor = createActor(createAgentConsoleMachine(io));
    actor.start();
    actor.send({ type: 'SYNC', claims: [held('c-3', 200, 'carl'), held('c-1', 61, 'anna'), held('c-2', 31, 'ben')], maxClaims: 3, askedAt: Date.now() });
    const { claims, maxClaims } = actor.getSnapshot().context;
    renderMemberScreen(<ClaimsList claims={claims} maxClaims={maxClaims} currentId="c-1" />);
    const nav = await screen.findByRole('navigation', { name: 'Your claims' });
    expect(within(nav).getByTestId('claims-count').textContent).toBe('3 of 3');
    const items = within(nav).getAllByTestId('held-claim');
    // The one lapsing first on top.
    expect(items.map((a) => a.textContent)).toEqual(['benas zoe · MessageAlt 10:31', 'annaas zoe · MessageAlt 21:01', 'carlas zoe · MessageAlt 33:20']);
    expect(items.map((a) => a.getAttribute('aria-keyshortcuts'))).toEqual(['Alt+1', 'Alt+2', 'Alt+3']);
    expect(items[1]!.getAttribute('aria-current')).toBe('page');
    expect(items[1]!.getAttribute('href')).toBe('/chat?id=c-1');
    // 31 s is within the minute: warned; 61 s not yet.
    expect(items.map((a) => a.className.match(/ac-claims__item--(\w+)/)?.[1] ?? null)).toEqual(['warn', null, null]);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(items.map((a) => within(a).getByTestId('claim-left').textContent)).toEqual(['0:29', '0:59', '3:18']);
    expect(items.map((a) => a.className.match(/ac-claims__item--(\w+)/)?.[1] ?? null)).toEqual(['urgent', 'warn', null]);
    actor.stop();
  });
});
