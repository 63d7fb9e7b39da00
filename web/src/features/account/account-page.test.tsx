import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ageFromBirthDate } from '@sync/contract/profile-edit';
import { server } from '@web/mocks/server';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { AccountPage } from './account-page';
import { ImageManager } from './image-manager';

const SLOW = { timeout: 20_000 };
const BIRTH = '1992-06-14';

function recordPatches() {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/user/u-demo') bodies.push((await request.clone().json()) as Record<string, unknown>);
  });
  return bodies;
}

describe('AccountPage in edit mode', () => {
  beforeEach(async () => {
    await resetMemberState();
    server.events.removeAllListeners();
    signInMember({ _id: 'u-demo', email: 'demo@example.com' });
  });

  it('starts the looking-for age range at max(18, age - 10) to min(100, age + 5)', async () => {
    renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    const age = ageFromBirthDate(BIRTH)!;
    expect(((await screen.findByLabelText('From age')) as HTMLInputElement).value).toBe(String(Math.max(18, age - 10)));
    expect((screen.getByLabelText('To age') as HTMLInputElement).value).toBe(String(Math.min(100, age + 5)));
  });

  it('requires about me and interest tags with the documented texts, and sends nothing', SLOW, async () => {
    const patches = recordPatches();
    const user = userEvent.setup();
    renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Information is required, please fill the about me field')).toBeTruthy();
    expect(screen.getByText('Information is required, please fill in some tags')).toBeTruthy();
    const aboutMe = screen.getByLabelText(/About me/);
    expect(aboutMe.getAttribute('aria-invalid')).toBe('true');
    // The first invalid control in the page's order takes the focus; once answered, its message goes as it is typed.
    expect(document.activeElement).toBe(aboutMe);
    await user.type(aboutMe, 'Walks by the river');
    await waitFor(() => expect(screen.queryByText('Information is required, please fill the about me field')).toBeNull());
    expect(screen.getByText('Information is required, please fill in some tags')).toBeTruthy();
    expect(patches).toEqual([]);
  });

  it('keeps the age range within 18..100, lowest first', SLOW, async () => {
    const user = userEvent.setup();
    renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    const from = await screen.findByLabelText('From age');
    await user.clear(from);
    await user.type(from, '17');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('The age range must be between 18 and 100, lowest first')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves good values with PATCH /user/{id} and tells the member about a changed email', SLOW, async () => {
    const patches = recordPatches();
    const user = userEvent.setup();
    const { router } = renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    await user.type(await screen.findByLabelText(/About me/), 'I love long walks and good coffee.');
    await user.type(screen.getByLabelText(/Interests/), 'hiking{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add travel' }));
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    expect(screen.getByText('We will send a verification link to your new email address when you save.')).toBeTruthy();
    // A new email needs the current password, as a new password does.
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(patches).toEqual([]);
    await user.type(screen.getByLabelText(/^Current password/), 'demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({
      aboutMe: 'I love long walks and good coffee.',
      lookingFor: ['hiking', 'travel'],
      email: 'new@example.com',
      gender: 'man',
      currentPassword: 'demo-pass-123',
    });
    expect(patches[0]).not.toHaveProperty('password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
  });

  it("shows the documented text when the server refuses the email", SLOW, async () => {
    server.use(http.patch('*/api/user/:id', () => HttpResponse.json({ error: { code: 'invalid-email', message: 'Invalid email taken@example.com' } }, { status: 422 })));
    const user = userEvent.setup();
    renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    await user.type(await screen.findByLabelText(/About me/), 'Hello there.');
    await user.type(screen.getByLabelText(/Interests/), 'music{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const field = (await screen.findAllByText('Invalid email or email already in use. Please try again')).find((node) => node.classList.contains('form-field__error'));
    expect(field).toBeTruthy();
  });

  it('asks for the current password with a new one and shows what the server says about it', SLOW, async () => {
    const patches = recordPatches();
    const user = userEvent.setup();
    renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    await user.type(await screen.findByLabelText(/About me/), 'Hello there.');
    await user.type(screen.getByLabelText(/Interests/), 'music{Enter}');
    await user.type(screen.getByLabelText('New password'), 'a-new-secret-1');
    await user.type(screen.getByLabelText('Repeat new password'), 'a-new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(patches).toEqual([]);

    await user.type(screen.getByLabelText(/Current password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ password: 'a-new-secret-1', currentPassword: 'wrong-one', measurement: 'imperial' });
    expect((await screen.findAllByText('Your current password is not correct')).some((node) => node.classList.contains('form-field__error'))).toBe(true);
  });

  it('finds a city through GET /api/json/{country}.json', SLOW, async () => {
    const user = userEvent.setup();
    renderMemberScreen(<AccountPage mode="edit" />, '/user/edit');
    const location = await screen.findByRole('combobox', { name: /Location/ });
    await user.clear(location);
    await user.type(location, 'port');
    const list = await screen.findByRole('listbox', { name: 'Matching places' });
    await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Portland, OR', 'Portland, ME']));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect((location as HTMLInputElement).value).toBe('Portland, ME');
  });
});

describe('ImageManager', () => {
  it('labels images under moderation as pending approval', () => {
    renderMemberScreen(
      <ImageManager
        userId="u-demo"
        images={[
          { _id: 'i1', type: 'avatar', processed: true, under_moderation: false, small: 'data:image/png;base64,' },
          { _id: 'i2', type: 'photo', processed: true, under_moderation: true, small: 'data:image/png;base64,' },
        ]}
      />,
    );
    return waitFor(() => expect(screen.getAllByText('Pending approval')).toHaveLength(1));
  });
});
