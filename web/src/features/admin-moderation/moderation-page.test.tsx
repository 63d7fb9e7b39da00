import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { authBridge } from '@web/lib/api';
import { stopAuthSession } from '@web/lib/auth-session';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { resetModerationMocks } from '@web/mocks/handlers/moderation';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { renderWithQuery } from '@web/test/with-query';
import { Toaster } from '@web/ui/toast';
import { ModerationPage } from './moderation-page';

const SLOW = { timeout: 20_000 };

/** A signed-in staff member: the auth session reads this token when the screen first asks for it. */
function signInStaff(role: 'agent' | 'admin') {
  const _id = role === 'admin' ? 'a-admin' : 'a-agent';
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ isAuthenticated: true, token: makeToken({ _id, type: 'agent', role }), expiryDate: Date.now() + 3_600_000, tokenUpdateInterval: TOKEN_UPDATE_INTERVAL }),
  );
  authBridge.getToken = () => readPersistedAuth().token;
}

function recordModerationCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname, search } = new URL(request.url);
    if (pathname.startsWith('/api/moderation/')) calls.push(`${request.method} ${pathname}${search}`);
  });
  return calls;
}

function renderPage() {
  return renderWithQuery(
    <>
      <ModerationPage />
      <Toaster />
    </>,
  );
}

const cardNames = () => within(screen.getByRole('list', { name: /images$/ })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));

describe('ModerationPage', () => {
  beforeEach(() => {
    stopAuthSession();
    resetModerationMocks();
    server.events.removeAllListeners();
  });
  afterEach(() => stopAuthSession());

  it('shows a plain agent the no-access panel and asks the API for nothing', async () => {
    signInStaff('agent');
    const calls = recordModerationCalls();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lists pending images newest first and approves one: the card leaves and the API hears it', SLOW, async () => {
    signInStaff('admin');
    const calls = recordModerationCalls();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Pending images' });
    expect(cardNames().slice(0, 2)).toEqual(['Profile photo from demo', 'Photo from sam_rivers']);
    expect(within(screen.getByRole('tab', { name: /Pending/ })).getByText('10')).toBeTruthy();
    expect(calls[0]).toBe('GET /api/moderation/images?status=pending&page=1&limit=24');

    await user.click(screen.getByRole('button', { name: 'Approve Photo from sam_rivers' }));
    expect(cardNames()).not.toContain('Photo from sam_rivers');
    expect(within(screen.getByRole('tab', { name: /Pending/ })).getByText('9')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /api/moderation/images/mod-002/approve'));

    await user.click(screen.getByRole('tab', { name: /Approved/ }));
    await waitFor(() => expect(cardNames()).toContain('Photo from sam_rivers'));
    // A decided image can be turned the other way, not decided again.
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('decides the focused card with A and R and keeps focus on the next one', SLOW, async () => {
    signInStaff('admin');
    const calls = recordModerationCalls();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Pending images' });
    const first = screen.getByRole('listitem', { name: 'Profile photo from demo' });
    first.focus();
    await user.keyboard('r');
    await waitFor(() => expect(calls).toContain('POST /api/moderation/images/mod-001/reject'));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Photo from sam_rivers');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Photo from lena.k');
    await user.keyboard('a');
    await waitFor(() => expect(calls).toContain('POST /api/moderation/images/mod-003/approve'));
    expect(cardNames()).toEqual(expect.not.arrayContaining(['Profile photo from demo', 'Photo from lena.k']));
  });

  it('puts the card back and says so when the decision fails', SLOW, async () => {
    signInStaff('admin');
    server.use(http.post('*/api/moderation/images/:id/approve', () => HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Pending images' });
    await user.click(screen.getByRole('button', { name: 'Approve Photo from sam_rivers' }));
    expect(await screen.findByText('Could not approve the image from sam_rivers. It is back in the list.')).toBeTruthy();
    expect(cardNames()[1]).toBe('Photo from sam_rivers');
    expect(within(screen.getByRole('tab', { name: /Pending/ })).getByText('10')).toBeTruthy();
  });

  it('says when nothing waits for review', async () => {
    signInStaff('admin');
    resetModerationMocks([]);
    renderPage();
    expect(await screen.findByText('Nothing waiting for review')).toBeTruthy();
  });

  it('pages through a long queue', SLOW, async () => {
    signInStaff('admin');
    const calls = recordModerationCalls();
    const many = Array.from({ length: 30 }, (_, i) => ({
      _id: `m-${i}`,
      type: 'photo' as const,
      processed: true,
      under_moderation: true,
      medium: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      status: 'pending' as const,
      createDate: new Date(Date.now() - i * 60_000).toISOString(),
      updateDate: new Date().toISOString(),
      width: 800,
      height: 600,
      profileId: `p-${i}`,
      profileKind: 'member' as const,
      userId: `u-${i}`,
      username: `member${i}`,
    }));
    resetModerationMocks(many);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next ›' }));
    await screen.findByText('Page 2 of 2');
    await waitFor(() => expect(cardNames()).toHaveLength(6));
    expect(calls).toContain('GET /api/moderation/images?status=pending&page=2&limit=24');
  });
});
