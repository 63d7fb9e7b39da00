import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { Toaster } from '@web/ui/toast';
import { SettingsScreen } from '@web/app/settings-screen';
import { chooseLanguage } from '@web/lib/i18n';
import { readTimeFormat } from './time-format';

const SLOW = { timeout: 20_000 };

function recordPatches() {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/user/u-demo') bodies.push((await request.clone().json()) as Record<string, unknown>);
  });
  return bodies;
}

function renderSettings() {
  return renderMemberScreen(
    <>
      <SettingsScreen />
      <Toaster />
    </>,
    '/settings',
  );
}

describe('SettingsPage', () => {
  beforeEach(async () => {
    await resetMemberState();
    server.events.removeAllListeners();
  });

  it('downloads the member’s data export as a JSON file', SLOW, async () => {
    signInMember({ _id: 'u-demo', email: 'demo@example.com' });
    server.use(http.get('*/api/user/u-demo/export', () => HttpResponse.json({ account: { _id: 'u-demo' }, conversations: [], orders: [] })));
    const files: { name: string; type: string }[] = [];
    const createObjectURL = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob) => (files.push({ name: '', type: blob.type }), 'blob:export');
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      files[files.length - 1]!.name = this.download;
    };
    try {
      const user = userEvent.setup();
      renderSettings();
      await user.click(await screen.findByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(files).toHaveLength(1));
      expect(files[0]).toEqual({ name: expect.stringMatching(/^my-data-\d{4}-\d{2}-\d{2}\.json$/), type: 'application/json' });
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('sends only the changed settings with PATCH /user/{id}, shows a toast and keeps the saved values', SLOW, async () => {
    signInMember({ _id: 'u-demo', email: 'demo@example.com' });
    const patches = recordPatches();
    const user = userEvent.setup();
    renderSettings();

    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const online = screen.getByRole('switch', { name: 'Show when I am online' }) as HTMLInputElement;
    await waitFor(() => expect(online.checked).toBe(true));

    await user.click(online);
    await user.click(screen.getByRole('radio', { name: 'Metric (cm)' }));
    await user.click(screen.getByRole('radio', { name: '24-hour (15:45)' }));
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(save);

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ showOnline: false, measurement: 'metric', timeFormat: '24h' });
    expect(await screen.findByText('Your settings have been saved.')).toBeTruthy();
    // The answer is the stored user now: the form shows it and has nothing left to save.
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Show when I am online' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'Metric (cm)' }) as HTMLInputElement).checked).toBe(true);
    expect(readTimeFormat()).toBe('24h');
  });

  it('tells the member when the save fails and keeps the change to retry', SLOW, async () => {
    signInMember({ _id: 'u-demo' });
    server.use(http.patch('*/api/user/:id', () => HttpResponse.json({ error: { code: 'validation-failed', message: 'measurement must be metric or imperial' } }, { status: 400 })));
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('switch', { name: 'Keep my location private' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('measurement must be metric or imperial')).toBeTruthy();
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('shows the chosen language checked while its texts load, then speaks it and keeps it on the account', SLOW, async () => {
    signInMember({ _id: 'u-demo', email: 'demo@example.com' });
    const patches = recordPatches();
    renderSettings();
    try {
      const deutsch = await screen.findByRole<HTMLInputElement>('radio', { name: 'Deutsch' });
      fireEvent.click(deutsch);
      // Synchronously after the click, before the German catalogue has loaded: the radio does not snap back.
      expect(deutsch.checked).toBe(true);
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(false);
      await screen.findByRole('button', { name: 'Einstellungen speichern' });
      await waitFor(() => expect(patches).toContainEqual({ language: 'de' }));
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Deutsch' }).checked).toBe(true);
    } finally {
      await act(() => chooseLanguage('en'));
    }
  });

  it('shows a standard membership with an Upgrade button, and the account links', async () => {
    signInMember({ _id: 'u-demo' });
    renderSettings();
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(within(membership).getByText('Standard (inactive)')).toBeTruthy();
    expect(within(membership).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/upgrade');
    expect(screen.getByRole('link', { name: 'Change email' }).getAttribute('href')).toBe('/user/edit');
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/user/edit');
    expect(screen.getByRole('form', { name: 'Delete my account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('lists blocked profiles and unblocks one', SLOW, async () => {
    signInMember({ _id: 'u-demo' });
    const unblocked: string[] = [];
    server.use(
      http.get('*/api/blocks', () => HttpResponse.json({ data: [{ profileId: 'p-1', username: 'Lena', avatar: null, blockDate: '2026-01-01T00:00:00.000Z' }] })),
      http.delete('*/api/profile/:id/block', ({ params }) => (unblocked.push(String(params.id)), HttpResponse.json({ profileId: params.id, blocked: false }))),
    );
    const user = userEvent.setup();
    renderSettings();
    const list = await screen.findByRole('list', { name: 'Blocked profiles' });
    await user.click(within(list).getByRole('button', { name: 'Unblock Lena' }));
    await screen.findByText('You have not blocked anyone.');
    expect(unblocked).toEqual(['p-1']);
  });

  it('asks for the password, then a confirmation, before it requests the deletion', SLOW, async () => {
    signInMember({ _id: 'u-demo' });
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/blocks', () => HttpResponse.json({ data: [] })),
      http.post('*/api/user/u-demo/deletion', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ deletionDate: '2030-01-15T00:00:00.000Z' });
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    const form = await screen.findByRole('form', { name: 'Delete my account' });
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await within(form).findByText('Please enter your current password');
    expect(bodies).toEqual([]);
    await user.type(within(form).getByLabelText(/^Current password/), 'my secret');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(bodies).toEqual([{ currentPassword: 'my secret' }]));
  });

  it('shows an active premium membership without the Upgrade button', async () => {
    signInMember({ _id: 'u-vip', username: 'vip', isPremium: true });
    renderSettings();
    const membership = await screen.findByRole('region', { name: 'Membership' });
    await waitFor(() => expect(within(membership).getByText('Premium (active)')).toBeTruthy());
    expect(within(membership).queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });
});
