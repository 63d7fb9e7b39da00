import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authBridge } from '@web/lib/api';
import { stopAuthSession } from '@web/lib/auth-session';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { mockAgentState, resetAgentMocks } from '@web/mocks/handlers/agents';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { renderMemberScreen } from '@web/test/member-harness';
import { Toaster } from '@web/ui/toast';
import { ConversationView } from './conversation-view';

const SLOW = { timeout: 20_000 };

function signInAdmin() {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ isAuthenticated: true, token: makeToken({ _id: 'a-admin', type: 'agent', role: 'admin' }), expiryDate: Date.now() + 3_600_000, tokenUpdateInterval: TOKEN_UPDATE_INTERVAL }),
  );
  authBridge.getToken = () => readPersistedAuth().token;
}

describe("an admin's reply to a conversation an agent holds", () => {
  const posts: string[] = [];
  beforeEach(() => {
    stopAuthSession();
    resetAgentMocks();
    server.events.removeAllListeners();
    posts.length = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/message')) posts.push(new URL(request.url).pathname);
    });
    signInAdmin();
  });
  afterEach(() => stopAuthSession());

  const render = () =>
    renderMemberScreen(
      <>
        <ConversationView conversationId="c-2" mode="admin" />
        <Toaster />
      </>,
    );

  it('asks first, naming the holder and the time left; Cancel sends nothing and keeps the draft; confirming sends', SLOW, async () => {
    const user = userEvent.setup();
    render();
    const box = await screen.findByLabelText('Reply as admin to marco');
    // An agent claims while the admin types: the page has not refreshed yet, the check at Send asks the server.
    mockAgentState().claimed = { id: 'c-2', claimTime: Date.now() - 60_000, agentId: 'a-agent' };
    await user.type(box, 'From the office');
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End the claim of Alice Agent?' });
    expect(within(dialog).getByTestId('admin-reply-warning').textContent).toMatch(
      /^Alice Agent holds this conversation \(claim ends in (4:00|3:59)\)\. Sending as admin ends their claim; they are told at once and stay signed in\.$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    expect((box as HTMLTextAreaElement).value).toBe('From the office');
    expect(mockAgentState().claimed?.id).toBe('c-2');

    await user.click(screen.getByRole('button', { name: /^Send/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'End the claim of Alice Agent?' })).getByRole('button', { name: 'Send and end the claim' }));
    await screen.findByText('Reply sent as admin');
    expect(posts).toEqual(['/api/conversation/c-2/message']);
    expect(mockAgentState().claimed).toBeNull();
  });

  it('sends at once when nobody holds the conversation', SLOW, async () => {
    const user = userEvent.setup();
    render();
    const box = await screen.findByLabelText('Reply as admin to marco');
    await user.type(box, 'Hello from the office');
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    await waitFor(() => expect(posts).toEqual(['/api/conversation/c-2/message']));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toEqual(['/api/conversation/c-2/message']);
  });
});
