import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { server } from '@web/mocks/server';
import { toast, Toaster } from '@web/ui/toast';
import { SignInForm } from './sign-in-form';

function setup() {
  const onSuccess = vi.fn();
  const requests: string[] = [];
  const listener = ({ request }: { request: Request }) => void requests.push(`${request.method} ${new URL(request.url).pathname}`);
  server.events.on('request:start', listener);
  render(
    <>
      <SignInForm onSuccess={onSuccess} onForgotPassword={() => undefined} />
      <Toaster />
    </>,
  );
  return { onSuccess, requests, user: userEvent.setup(), off: () => server.events.removeListener('request:start', listener) };
}

describe('SignInForm', () => {
  afterEach(() => toast.dismiss());

  it('warns and makes no call when the username or the password is missing', async () => {
    const { user, requests, onSuccess, off } = setup();
    await user.type(screen.getByLabelText('Username or email'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(t('error.login-invalid-credentials'))).toBeTruthy();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(screen.getByLabelText('Username or email').getAttribute('aria-invalid')).toBe('false');
    expect(requests.filter((r) => r.includes('/authenticate'))).toEqual([]);
    // Marked, not worded: the mark goes as soon as something is typed.
    await user.type(password, 'x');
    expect(password.getAttribute('aria-invalid')).toBe('false');
    expect(onSuccess).not.toHaveBeenCalled();
    off();
  });

  it('shows the invalid-credentials message on 401', async () => {
    const { user, onSuccess, requests, off } = setup();
    await user.type(screen.getByLabelText('Username or email'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid credentials. Please verify username and password')).toBeTruthy();
    expect(requests).toContain('POST /api/authenticate');
    expect(onSuccess).not.toHaveBeenCalled();
    off();
  });

  it("shows the server's words on 429", async () => {
    server.use(http.post('*/api/authenticate', () => HttpResponse.json({ error: { code: 'too-many-attempts', message: 'Too many sign-in attempts. Please try again in 15 minutes.' } }, { status: 429 })));
    const { user, off } = setup();
    await user.type(screen.getByLabelText('Username or email'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many sign-in attempts. Please try again in 15 minutes.')).toBeTruthy();
    off();
  });

  it('hands the access token over on success', async () => {
    const { user, onSuccess, off } = setup();
    await user.type(screen.getByLabelText('Username or email'), 'demo@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(typeof onSuccess.mock.calls[0]?.[0]).toBe('string');
    off();
  });
});
