import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { getAuth, stopAuthSession } from '@web/lib/auth-session';
import { setNavigator } from '@web/lib/navigation';
import { toast, Toaster } from '@web/ui/toast';
import { AgentSignInPage } from './agent-sign-in-page';

afterEach(() => {
  toast.dismiss();
  stopAuthSession();
  setNavigator(null);
});

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'agent@example.com');
  await user.type(screen.getByLabelText('Password'), 'agent-pass-123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('AgentSignInPage', () => {
  it('signs in with the agent login kind and opens the console', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/authenticate', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access_token: makeToken({ _id: 'a-1', type: 'agent' }) });
      }),
    );
    const navigate = vi.fn();
    setNavigator(navigate);
    const user = userEvent.setup();
    render(<AgentSignInPage />);
    await fillAndSubmit(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/agent', undefined));
    expect(bodies).toEqual([{ username: 'agent@example.com', password: 'agent-pass-123', type: 'agent' }]);
    expect(getAuth()).toMatchObject({ isAuthenticated: true, kind: 'agent' });
  });

  it('offers to take over when the agent is signed in elsewhere (409) and signs in with force', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/authenticate', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.force) return HttpResponse.json({ error: { code: 'agent-already-logged-in', message: 'elsewhere' } }, { status: 409 });
        return HttpResponse.json({ access_token: makeToken({ _id: 'a-1', type: 'agent' }) });
      }),
    );
    const navigate = vi.fn();
    setNavigator(navigate);
    const user = userEvent.setup();
    render(<AgentSignInPage />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(t('error.agent-already-logged-in')));
    await user.click(screen.getByRole('button', { name: 'Take over this session' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/agent', undefined));
    expect(bodies.map((b) => b.force ?? false)).toEqual([false, true]);
  });

  it('shows the documented text on wrong credentials and makes no call with an empty field', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/authenticate', () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'invalid-credentials', message: 'x' } }, { status: 401 });
      }),
    );
    const user = userEvent.setup();
    render(
      <>
        <AgentSignInPage />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(t('error.login-invalid-credentials'))).toBeTruthy();
    expect(calls).toBe(0);
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText(t('error.login-invalid-credentials'))).toBeNull());
    await fillAndSubmit(user);
    expect(await screen.findByText(t('error.login-invalid-credentials'))).toBeTruthy();
    expect(calls).toBe(1);
  });
});
