import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLAIM_LIFETIME_MS } from '@sync/contract/agents';
import { authBridge } from '@web/lib/api';
import { stopAuthSession } from '@web/lib/auth-session';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { mockAgentState, resetAgentMocks } from '@web/mocks/handlers/agents';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { dispatchSocketEvent } from '@web/sync/socket';
import { renderMemberScreen } from '@web/test/member-harness';
import { boardSummary, leftTone, SupervisorBoardPage } from './supervisor-board-page';
import { clockOffset } from './use-supervisor-board';

const SLOW = { timeout: 20_000 };

function signInStaff(role: 'agent' | 'admin') {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      isAuthenticated: true,
      token: makeToken({ _id: role === 'admin' ? 'a-admin' : 'a-agent', type: 'agent', role }),
      expiryDate: Date.now() + 3_600_000,
      tokenUpdateInterval: TOKEN_UPDATE_INTERVAL,
    }),
  );
  authBridge.getToken = () => readPersistedAuth().token;
}

describe('supervisor board', () => {
  const boardReads: number[] = [];
  beforeEach(() => {
    stopAuthSession();
    resetAgentMocks();
    server.events.removeAllListeners();
    boardReads.length = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/admin/board') boardReads.push(Date.now());
    });
  });
  afterEach(() => stopAuthSession());

  it('a plain agent sees the admins-only panel and the board is never asked for', async () => {
    signInStaff('agent');
    renderMemberScreen(<SupervisorBoardPage live={false} />);
    await screen.findByRole('heading', { name: 'Admins only' });
    expect(boardReads).toEqual([]);
  });

  it("shows each agent's status, session, break and claims with time left, and reads the board again on supervisorUpdate", SLOW, async () => {
    signInStaff('admin');
    const state = mockAgentState();
    const started = new Date(Date.now() - 10 * 60_000).toISOString();
    state.session = { ...state.session, status: 'online', statusLastUpdate: started, session: { _id: 's-1', startDate: started } };
    state.claimed = { id: 'c-1', claimTime: Date.now() - 30_000, agentId: 'a-agent' };
    const user = userEvent.setup();
    renderMemberScreen(<SupervisorBoardPage live={false} />);

    const row = await screen.findByRole('row', { name: /Alice Agent/ });
    expect(within(row).getByText('Online')).toBeTruthy();
    expect(within(row).getByTestId('board-session').textContent).toMatch(/^10:0[01]$/);
    const claims = within(row).getByRole('list', { name: 'Claims held by Alice Agent' });
    expect(within(claims).getByRole('link').textContent).toMatch(/sam.*zoe/);
    expect(within(claims).getByTestId('board-claim-left').textContent).toMatch(/^4:(30|29) left$/);
    expect(within(row).getByLabelText('1 of 3 claims')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Adam Admin/ })).getByText('Offline')).toBeTruthy();
    expect(screen.getByTestId('board-summary').textContent).toBe('1 online 0 on break 1 offline 1 claim held');

    // The agent answers (the claim ends) and the server says so: the board reads itself again.
    const before = boardReads.length;
    state.claimed = null;
    act(() => dispatchSocketEvent({ event: 'supervisorUpdate', agentIds: ['a-agent'], change: 'reply' }));
    await waitFor(() => expect(boardReads.length).toBe(before + 1));
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Alice Agent/ })).queryByRole('list')).toBeNull());

    // Offline agents can be hidden.
    await user.click(screen.getByRole('checkbox', { name: 'Hide offline agents' }));
    expect(screen.queryByRole('row', { name: /Adam Admin/ })).toBeNull();
    expect(screen.getByRole('row', { name: /Alice Agent/ })).toBeTruthy();
  });

  it('figures: time-left tones, the summary, and the clock offset from the middle of the request', () => {
    expect([leftTone(300), leftTone(60), leftTone(31), leftTone(30), leftTone(0)]).toEqual(['ok', 'warn', 'warn', 'danger', 'danger']);
    const agent = (status: 'online' | 'paused' | 'offline', claims: number) => ({
      agentId: status,
      name: status,
      email: '',
      role: 'agent' as const,
      status,
      statusLastUpdate: '',
      maxClaims: 3,
      session: null,
      break: null,
      claims: Array.from({ length: claims }, (_, i) => ({ conversationId: `${i}`, stock: null, claimTime: '', expiryTime: new Date(CLAIM_LIFETIME_MS).toISOString(), member: '', profile: '' })),
    });
    expect(boardSummary([agent('online', 2), agent('online', 1), agent('paused', 0), agent('offline', 0)])).toEqual({ online: 2, paused: 1, offline: 1, claims: 3 });
    // Sent at 1000, answered at 1200 (browser); the server read its clock at 5100: 5100 - 1100.
    expect(clockOffset(new Date(5100).toISOString(), 1000, 1200)).toBe(4000);
    expect(clockOffset('not a date', 1000, 1200)).toBe(0);
  });
});
