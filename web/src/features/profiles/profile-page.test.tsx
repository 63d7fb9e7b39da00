import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { mockProfileId } from '@web/mocks/profiles-data';
import { popups } from '@web/ui/popups/popup-queue';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { registerNoSubscriptionPopup } from './no-subscription-popup';
import { readMirroredProfile } from './profile-mirror';
import { renderSafetyMenu } from '@web/features/safety/safety-menu';
import { ProfilePage } from './profile-page';

const SLOW = { timeout: 20_000 };

describe('ProfilePage', () => {
  beforeAll(() => registerNoSubscriptionPopup());
  beforeEach(async () => {
    await resetMemberState();
  });

  it('shows the first photo and the blocked-photo overlay with an upgrade prompt on the rest for a standard member', SLOW, async () => {
    signInMember({ _id: 'u-demo', isPremium: false });
    const user = userEvent.setup();
    renderMemberScreen(<ProfilePage id={mockProfileId(1)} safetyMenu={renderSafetyMenu} />, `/profile/${mockProfileId(1)}`);
    expect(await screen.findByRole('heading', { level: 1, name: /,\s*\d+/ })).toBeTruthy();
    // Profile 1 has three photos: the first in full, two locked.
    expect(screen.getByAltText(/Photo 1 of/)).toBeTruthy();
    expect(screen.getAllByTestId('blocked-thumb')).toHaveLength(2);
    expect(screen.getByText(/2 more photos are for VIP members/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Photo 2, locked for VIP members' }));
    const overlay = screen.getByTestId('blocked-overlay');
    expect(overlay.textContent).toContain('This photo is for VIP members');
    expect(within(overlay).getByRole('link', { name: 'Upgrade to VIP' }).getAttribute('href')).toBe('/upgrade/premium');
  });

  it('shows every photo to a VIP member', async () => {
    signInMember({ _id: 'u-vip', isPremium: true });
    renderMemberScreen(<ProfilePage id={mockProfileId(1)} safetyMenu={renderSafetyMenu} />, `/profile/${mockProfileId(1)}`);
    await screen.findByAltText(/Photo 1 of/);
    expect(screen.queryAllByTestId('blocked-thumb')).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^Show photo/ })).toHaveLength(3);
  });

  it('opens the no-subscription popup with the profile and feature when a standard member favourites, without calling the API', SLOW, async () => {
    signInMember({ _id: 'u-demo', isPremium: false });
    let patched = false;
    server.use(http.patch('*/api/user/:id', () => ((patched = true), HttpResponse.json({ favorite: true }))));
    const user = userEvent.setup();
    renderMemberScreen(<ProfilePage id={mockProfileId(5)} safetyMenu={renderSafetyMenu} />, `/profile/${mockProfileId(5)}`);
    await user.click(await screen.findByRole('button', { name: /Add to favorites/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a VIP member' });
    expect(dialog.textContent).toContain('favorites is a VIP feature');
    const active = popups.getState().active;
    expect(active?.kind).toBe('no-subscription');
    expect(active?.props).toMatchObject({ feature: 'favorites', profile: { _id: mockProfileId(5) } });
    expect(patched).toBe(false);
  });

  it('adds a favourite for a VIP member with PATCH /user/{id} {favourite}', SLOW, async () => {
    signInMember({ _id: 'u-vip', isPremium: true });
    let body: unknown;
    server.use(
      http.patch('*/api/user/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ favorite: true });
      }),
    );
    const user = userEvent.setup();
    renderMemberScreen(<ProfilePage id={mockProfileId(5)} safetyMenu={renderSafetyMenu} />, `/profile/${mockProfileId(5)}`);
    await user.click(await screen.findByRole('button', { name: /Add to favorites/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /In favorites/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(body).toEqual({ favourite: mockProfileId(5) });
  });

  it('opens a profile seen before from the mirror when the network fails', SLOW, async () => {
    signInMember({ _id: 'u-demo' });
    const first = renderMemberScreen(<ProfilePage id={mockProfileId(3)} safetyMenu={renderSafetyMenu} />, `/profile/${mockProfileId(3)}`);
    await screen.findByAltText(/Photo 1 of/);
    await waitFor(async () => expect(await readMirroredProfile(mockProfileId(3))).not.toBeNull());
    first.unmount();

    server.use(http.get('*/api/profile/:id', () => HttpResponse.error()));
    renderMemberScreen(<ProfilePage id={mockProfileId(3)} safetyMenu={renderSafetyMenu} />, `/profile/${mockProfileId(3)}`);
    const note = await screen.findByText(/You are seeing the copy saved on this device/);
    expect(note.textContent).toContain('Error loading profile. Try refreshing the page');
    expect(screen.getByRole('button', { name: /Start chat/ })).toBeTruthy();
  });

  it('says the documented text when a profile cannot be loaded', async () => {
    signInMember({ _id: 'u-demo' });
    renderMemberScreen(<ProfilePage id="p-nope" safetyMenu={renderSafetyMenu} />, '/profile/p-nope');
    expect((await screen.findByRole('alert')).textContent).toContain('Error loading profile. Try refreshing the page');
  });
});
