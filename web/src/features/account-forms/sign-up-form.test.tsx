import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { server } from '@web/mocks/server';
import { popups } from '@web/ui/popups/popup-queue';
import { Toaster } from '@web/ui/toast';
import { REGISTRATION_ERROR_EVENT, type RegistrationErrorDetail } from './registration-error';
import { SignUpForm } from './sign-up-form';

function setup() {
  const onSuccess = vi.fn();
  render(
    <>
      <SignUpForm onSuccess={onSuccess} />
      <Toaster />
    </>,
  );
  return { onSuccess, user: userEvent.setup() };
}

/** The message under a field, found the way assistive technology finds it. */
function describedText(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, email = 'new.member@example.com') {
  await user.click(screen.getByRole('radio', { name: 'Man' }));
  fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '1990-05-17' } });
  await user.type(screen.getByLabelText(/Username/), 'new_member');
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), 'a-long-password');
  await user.click(screen.getByRole('checkbox', { name: /I am at least 18/ }));
}

describe('SignUpForm', () => {
  it('shows the documented messages under each field, including the terms message, and makes no call', async () => {
    const { user, onSuccess } = setup();
    let called = false;
    server.use(http.post('*/api/register', () => ((called = true), HttpResponse.json({}))));
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));

    const username = screen.getByLabelText(/Username/);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(username)).toContain(t('validation.required'));
    const terms = screen.getByRole('checkbox', { name: /I am at least 18/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(terms)).toBe('Please acknowledge to proceed.');
    expect(screen.getByText('Please acknowledge to proceed.')).toBeTruthy();
    expect(called).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('focuses the first invalid control, then checks each field again as it changes', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: 'Man' })[0]));

    const username = screen.getByLabelText(/Username/);
    await user.type(username, 'ab');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(username)).not.toContain(t('validation.required'));
    await user.type(username, 'c_member');
    expect(username.getAttribute('aria-invalid')).toBe('false');

    // Answering "I am" pre-fills "Looking for" and clears both messages.
    await user.click(screen.getByRole('radio', { name: 'Woman' }));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Men' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.queryAllByText(t('validation.required')).length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: 'Men' }).getAttribute('aria-invalid')).toBe('false');
  });

  it('checks age and email with the shared rules', async () => {
    const { user } = setup();
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: `${new Date().getUTCFullYear() - 10}-01-01` } });
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));
    expect(describedText(screen.getByLabelText(/Date of birth/))).toContain(t('validation.adult'));
    expect(describedText(screen.getByLabelText(/^Email/))).toContain(t('validation.email'));
  });

  it("puts the email message under the email field on 422 'Invalid email' and emits registration-error", async () => {
    server.use(http.post('*/api/register', () => HttpResponse.json({ error: { code: 'invalid-email', message: 'Invalid email' } }, { status: 422 })));
    const events: RegistrationErrorDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<RegistrationErrorDetail>).detail);
    window.addEventListener(REGISTRATION_ERROR_EVENT, listener);
    const { user, onSuccess } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));

    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(email)).toContain('Please enter a valid email address');
    expect(events).toEqual([{ errorCode: 422, errorName: 'INVALID_EMAIL', errorMessage: 'Invalid email' }]);
    expect(onSuccess).not.toHaveBeenCalled();
    window.removeEventListener(REGISTRATION_ERROR_EVENT, listener);
  });

  it('offers sign-in and password reset for an address that already has an account', async () => {
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json({ error: { code: 'email-taken', message: 'An account with this email address already exists.' } }, { status: 422 }),
      ),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(describedText(email)).toContain(t('sign-up.email-taken')));
    expect(describedText(email)).not.toContain(t('validation.email'));
    await user.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(popups.getState().active).toMatchObject({ kind: 'sign-in', props: { view: 'forgot' } });
    popups.clear();
  });

  it('asks for a captcha on 412 and sends the sandbox token', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/register', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.captchaToken) return HttpResponse.json({ error: { code: 'captcha-required', message: 'Captcha required' } }, { status: 412 });
        return HttpResponse.json({ status: 'success', access_token: 'token-after-captcha' });
      }),
    );
    const { user, onSuccess } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('token-after-captcha'));
    expect(bodies[1]).toMatchObject({ captchaToken: 'sandbox-pass', captchaVersion: 'v2', gender: 'man', lookingFor: 'woman', birthDate: '1990-05-17', terms: true });
  });

  it('shows the generic error on 500 and reports UNKNOWN', async () => {
    server.use(http.post('*/api/register', () => HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })));
    const events: RegistrationErrorDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<RegistrationErrorDetail>).detail);
    window.addEventListener(REGISTRATION_ERROR_EVENT, listener);
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create my free account' }));
    expect(await screen.findByText(t('error.generic'))).toBeTruthy();
    expect(events[0]).toMatchObject({ errorCode: 500, errorName: 'UNKNOWN' });
    window.removeEventListener(REGISTRATION_ERROR_EVENT, listener);
  });
});
