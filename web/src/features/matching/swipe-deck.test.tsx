import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { userStore } from '@web/lib/user-store';
import { server } from '@web/mocks/server';
import { popups } from '@web/ui/popups/popup-queue';
import { registerPopup } from '@web/ui/popups/popup-registry';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { SwipeDeck } from './swipe-deck';

const SLOW = { timeout: 20_000 };

function recordSwipes() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === '/api/match/swipe') bodies.push(await request.clone().json());
  });
  return bodies;
}

const cardName = async () => (await screen.findByRole('heading', { level: 3, name: /,\s*\d+$/ })).textContent ?? '';

/** A key pressed on the page, as the browser dispatches it (the deck listens on window). */
const pressKey = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

describe('SwipeDeck', () => {
  beforeAll(() => registerPopup('no-subscription', { title: 'Become a VIP member', Body: () => null }));
  beforeEach(async () => {
    await resetMemberState();
    server.events.removeAllListeners();
  });

  it('opens the no-subscription popup with the profile and feature on a like with no likes left, without swiping', SLOW, async () => {
    signInMember({ _id: 'u-demo', likes: 0 });
    server.use(http.get('*/api/match/likes', () => HttpResponse.json({ likes: 0, dailyLikes: 3 })));
    const swipes = recordSwipes();
    const user = userEvent.setup();
    renderMemberScreen(<SwipeDeck />, '/matches');
    const name = await cardName();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('dialog', { name: 'Become a VIP member' })).toBeTruthy();
    const active = popups.getState().active;
    expect(active?.kind).toBe('no-subscription');
    expect(active?.props).toMatchObject({ feature: 'like', profile: { username: name.split(',')[0] } });
    expect(swipes).toEqual([]);
  });

  it('opens the popup when the API answers 402 no-likes', SLOW, async () => {
    signInMember({ _id: 'u-demo', likes: 2 });
    server.use(
      http.get('*/api/match/likes', () => HttpResponse.json({ likes: 2 })),
      http.post('*/api/match/swipe', () => HttpResponse.json({ error: { code: 'no-likes', message: 'x' } }, { status: 402 })),
    );
    const user = userEvent.setup();
    renderMemberScreen(<SwipeDeck />, '/matches');
    await cardName();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(popups.getState().active?.kind).toBe('no-subscription'));
    expect(userStore.get().user?.likes).toBe(0);
  });

  it('likes, shows the full-screen match moment ("Keep swiping" / "Send a message"), and undoes the like', SLOW, async () => {
    signInMember({ _id: 'u-demo', likes: 3 });
    let undone: unknown;
    server.use(
      http.post('*/api/match/swipe', () => HttpResponse.json({ match: true, conversationId: 'c-42', likes: 2 })),
      http.post('*/api/match/undo', async ({ request }) => {
        undone = await request.json();
        return HttpResponse.json({ toUserId: (undone as { toUserId: string }).toUserId, actionType: 'like', matchRemoved: true, likes: 3 });
      }),
    );
    const swipes = recordSwipes();
    const user = userEvent.setup();
    const { router } = renderMemberScreen(<SwipeDeck />, '/matches');
    const first = await cardName();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    const moment = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(moment.textContent).toContain(`You and ${first.split(',')[0]} like each other.`);
    expect(within(moment).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['u-demo', first.split(',')[0]]);
    expect(swipes[0]).toMatchObject({ actionType: 'like' });
    pressKey('ArrowRight');
    expect(swipes).toHaveLength(1);
    await user.click(within(moment).getByRole('button', { name: 'Keep swiping' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "It's a match!" })).toBeNull());
    expect(await screen.findByText('2 likes left', { exact: false })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Undo last swipe' }));
    await waitFor(async () => expect(await cardName()).toBe(first));
    expect(undone).toEqual({ toUserId: (swipes[0] as { toUserId: string }).toUserId });
    expect(userStore.get().user?.likes).toBe(3);

    server.use(http.post('*/api/match/swipe', () => HttpResponse.json({ match: true, conversationId: 'c-42', likes: 2 })));
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await user.click(await screen.findByRole('button', { name: 'Send a message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/chat/c-42'));
  });

  it('swipes with the arrow keys: right likes, left dislikes', SLOW, async () => {
    signInMember({ _id: 'u-demo', likes: 3 });
    const swipes = recordSwipes();
    renderMemberScreen(<SwipeDeck />, '/matches');
    const first = await cardName();
    pressKey('ArrowLeft');
    await waitFor(async () => expect(await cardName()).not.toBe(first));
    pressKey('ArrowRight');
    await waitFor(() => expect(swipes).toHaveLength(2));
    expect(swipes.map((body) => (body as { actionType: string }).actionType)).toEqual(['dislike', 'like']);
  });

  it('says so when nobody is left to swipe', async () => {
    signInMember({ _id: 'u-demo' });
    server.use(http.get('*/api/match/next', () => new HttpResponse(null, { status: 204 })));
    renderMemberScreen(<SwipeDeck />, '/matches');
    expect(await screen.findByText('You have seen everyone for now')).toBeTruthy();
  });
});
