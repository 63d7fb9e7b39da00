import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authBridge } from '@web/lib/api';
import { stopAuthSession } from '@web/lib/auth-session';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { mockAgentState, mockMemberWrites, resetAgentMocks } from '@web/mocks/handlers/agents';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { getConsoleActor, startAgentSession } from '@web/features/agent-console/console-runtime';
import type { WebSocketLike } from '@web/sync/socket';
import { renderMemberScreen } from '@web/test/member-harness';
import { Toaster } from '@web/ui/toast';
import { ConversationView } from './conversation-view';
import { LookupPage } from './lookup-page';
import type { LookupSearch } from './lookup-search';
import { SessionBar } from './session-bar';

/** The lookup route's part: the search lives in (here) state and onSearch replaces it, as navigate does. */
function LookupHarness({ searches }: { searches: LookupSearch[] }) {
  const [search, setSearch] = useState<LookupSearch>({});
  return (
    <LookupPage
      search={search}
      onSearch={(next) => {
        searches.push(next);
        setSearch(next);
      }}
    />
  );
}

const SLOW = { timeout: 20_000 };

function signInStaff(role: 'agent' | 'admin' = 'agent') {
  const _id = role === 'admin' ? 'a-admin' : 'a-agent';
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ isAuthenticated: true, token: makeToken({ _id, type: 'agent', role }), expiryDate: Date.now() + 3_600_000, tokenUpdateInterval: TOKEN_UPDATE_INTERVAL }),
  );
  authBridge.getToken = () => readPersistedAuth().token;
}

/** A socket that opens at once: the agent socket's transport is not what these screens test. */
function openSocket(): WebSocketLike {
  const ws: WebSocketLike = {
    readyState: 1,
    onopen: null,
    onclose: null,
    onmessage: null,
    onerror: null,
    send: () => undefined,
    close: () => undefined,
  };
  queueMicrotask(() => ws.onopen?.(new Event('open')));
  return ws;
}

const toastText = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 5_000 });

describe('agent console screens', () => {
  let stopRuntime: (() => void) | null = null;
  const opened = vi.fn();

  beforeEach(() => {
    stopAuthSession();
    resetAgentMocks();
    server.events.removeAllListeners();
    signInStaff();
    opened.mockReset();
    stopRuntime = startAgentSession({ locks: null, createSocket: openSocket });
    getConsoleActor()!.on('opened', ({ conversationId }) => opened(conversationId));
  });
  afterEach(() => {
    stopRuntime?.();
    stopAuthSession();
  });

  function renderBar() {
    return renderMemberScreen(
      <>
        <SessionBar onOpenClaim={opened} openId={null} />
        <Toaster />
      </>,
    );
  }

  it('starts a session, takes a break with a reason, refuses a second break within the hour, and ends the session', SLOW, async () => {
    const user = userEvent.setup();
    renderBar();
    const bar = await screen.findByRole('region', { name: 'Session' });
    await within(bar).findByText('Live');
    await user.click(within(bar).getByRole('button', { name: /Start session/ }));
    await within(bar).findByText('Online');
    expect(mockAgentState().session.status).toBe('online');
    // The stocks come from GET /api/queue.
    await waitFor(() => expect(within(bar).getByTestId('stock-total').textContent).toBe('2'));

    await user.click(within(bar).getByRole('button', { name: /^Break/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break' });
    await user.click(within(dialog).getByRole('button', { name: 'Start break' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please say why you are taking a break.');
    await user.click(within(dialog).getByRole('button', { name: 'Coffee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start break' }));
    await within(bar).findByText('On break');
    expect(within(bar).getByText('Coffee')).toBeTruthy();
    expect(mockAgentState().session.break?.reason).toBe('Coffee');
    await waitFor(() => expect(within(bar).getByTestId('break-lockout').textContent).toMatch(/^(60:00|59:5\d)$/));

    await user.click(within(bar).getByRole('button', { name: /^Resume/ }));
    await within(bar).findByText('Online');
    await user.keyboard('{Alt>}b{/Alt}');
    await toastText(/^You can only pause once per hour! Left: (60:00|59:5\d)$/);
    expect(screen.queryByRole('dialog', { name: 'Take a break' })).toBeNull();

    await user.click(within(bar).getByRole('button', { name: /End session/ }));
    const end = await screen.findByRole('dialog', { name: 'End your session?' });
    await user.click(within(end).getByRole('button', { name: 'End session' }));
    await within(bar).findByText('Offline');
    expect(mockAgentState().session.status).toBe('offline');
  });

  it('claims the next conversation with Alt+N and shows the reply countdown', SLOW, async () => {
    const user = userEvent.setup();
    renderBar();
    const bar = await screen.findByRole('region', { name: 'Session' });
    await within(bar).findByText('Live');
    await user.keyboard('{Alt>}s{/Alt}');
    await within(bar).findByText('Online');
    await user.keyboard('{Alt>}n{/Alt}');
    await waitFor(() => expect(opened).toHaveBeenCalledWith('c-1'));
    expect(await within(bar).findByTestId('reply-left')).toHaveProperty('textContent', expect.stringMatching(/^(5:00|4:5\d)$/));
    // Held claims against the agent's cap (GET /api/claims said 3).
    await waitFor(() => expect(within(bar).getByTestId('held-count').textContent).toBe('1/3 held'));
  });

  it('shows the claimed conversation with originals, adds a memo, and on 409 shows the new message before the reply goes', SLOW, async () => {
    const user = userEvent.setup();
    renderBar();
    const bar = await screen.findByRole('region', { name: 'Session' });
    await within(bar).findByText('Live');
    await user.click(within(bar).getByRole('button', { name: /Start session/ }));
    await within(bar).findByText('Online');
    await user.click(within(bar).getByRole('button', { name: /Claim next/ }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('c-1'));

    // The claim answered the view: the chat opens from it, without asking for the conversation again.
    const fetched: string[] = [];
    server.events.on('request:start', ({ request }) => fetched.push(new URL(request.url).pathname));
    renderMemberScreen(<ConversationView conversationId="c-1" mode="claimed" />);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(fetched.filter((path) => path === '/api/conversation/c-1')).toEqual([]);
    // Staff see the original, nothing masked.
    expect(within(thread).getByText('Hi Zoe, write me at sam@example.com')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Member sam' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Profile zoe' })).toBeTruthy();

    await user.type(screen.getByLabelText('New member note'), 'Works nights');
    await user.click(within(screen.getByRole('region', { name: 'Member notes' })).getByRole('button', { name: 'Add note' }));
    await toastText('Successfully added a memo');
    await within(screen.getByRole('region', { name: 'Member notes' })).findByText('Works nights');

    // The member writes again after the agent loaded the thread.
    act(() => mockMemberWrites('c-1', 'Hello? Still there?'));
    const box = screen.getByLabelText('Reply as zoe');
    await user.type(box, 'Hi Sam!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await toastText('New messages arrived in this conversation. Read them before replying.');
    await within(thread).findByText('Hello? Still there?');
    expect(within(thread).getByText('new')).toBeTruthy();
    // The draft is kept; sending again goes through now the new message is loaded.
    expect((box as HTMLTextAreaElement).value).toBe('Hi Sam!');
    await user.click(screen.getByRole('button', { name: /^Send Ctrl/ }));
    await toastText('Reply sent');
    await within(thread).findByText('Hi Sam!');
    expect(mockAgentState().claimed).toBeNull();
    await waitFor(() => expect(within(bar).queryByTestId('reply-left')).toBeNull());
  });

  it('adds, cancels and removes a meet-up with the documented toasts; records a view and a favourite as the profile', SLOW, async () => {
    const user = userEvent.setup();
    renderMemberScreen(
      <>
        <ConversationView conversationId="c-2" mode="admin" />
        <Toaster />
      </>,
    );
    const panel = await screen.findByRole('region', { name: 'Meet-ups' });
    await user.click(within(panel).getByRole('button', { name: 'Add meet-up' }));
    await user.type(within(panel).getByLabelText('Location'), 'Blue Cafe');
    await user.click(within(within(panel).getByRole('form', { name: 'New meet-up' })).getByRole('button', { name: 'Add meet-up' }));
    await toastText('Successfully added a meetup');
    await within(panel).findByText('Blue Cafe');
    // Each destructive step asks first; "Keep it" changes nothing.
    await user.click(within(panel).getByRole('button', { name: 'Cancel meet-up' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this meet-up?' })).getByRole('button', { name: 'Keep it' }));
    within(panel).getByText('proposed');
    await user.click(within(panel).getByRole('button', { name: 'Cancel meet-up' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this meet-up?' })).getByRole('button', { name: 'Cancel meet-up' }));
    await toastText('Successfully cancelled a meetup');
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this meet-up?' })).getByRole('button', { name: 'Remove meet-up' }));
    await toastText('Successfully removed a meetup');
    await waitFor(() => expect(within(panel).queryByText('Blue Cafe')).toBeNull());

    // On behalf of the profile: a view and a favourite the member will see.
    const asProfile = screen.getByRole('group', { name: 'As ivy' });
    await user.click(within(asProfile).getByRole('button', { name: 'View marco' }));
    await toastText('ivy viewed the profile of marco');
    await user.click(within(asProfile).getByRole('button', { name: 'Favourite' }));
    await toastText('ivy added marco to favorites');
  });

  it('lookup sends the filters and pages, and opens read-only for agents', SLOW, async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/conversations') calls.push(url.search);
    });
    const user = userEvent.setup();
    const searches: LookupSearch[] = [];
    renderMemberScreen(<LookupHarness searches={searches} />);
    await screen.findByRole('link', { name: 'sam' });
    const filters = screen.getByRole('form', { name: 'Lookup filters' });
    await user.type(within(filters).getByLabelText('Member'), 'mar');
    await user.type(within(filters).getByLabelText('Agent'), 'Alice');
    await user.type(within(filters).getByLabelText('Sent after'), '2026-01-01');
    await user.selectOptions(within(filters).getByLabelText('Sort'), 'oldest');
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'marco' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'sam' })).toBeNull();
    const last = new URLSearchParams(calls.at(-1));
    expect(Object.fromEntries(last)).toMatchObject({ page: '1', limit: '20', sortBy: 'oldest', realUsername: 'mar', agentName: 'Alice', sentAfter: '2026-01-01' });
    // The search went to the URL (the route's search params) without the defaults; Clear empties it.
    expect(searches).toEqual([{ realUsername: 'mar', agentName: 'Alice', sentAfter: '2026-01-01', sortBy: 'oldest' }]);
    await user.click(within(filters).getByRole('button', { name: 'Clear' }));
    await screen.findByRole('link', { name: 'sam' });
    expect(searches.at(-1)).toEqual({});
    // The form follows the URL in an effect, which may run a frame after the list shows.
    await waitFor(() => expect((within(filters).getByLabelText('Member') as HTMLInputElement).value).toBe(''));
  });
});
