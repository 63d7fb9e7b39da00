import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { server } from '@web/mocks/server';
import { toast, Toaster } from '@web/ui/toast';
import { ForgotPasswordForm } from './forgot-password-form';

describe('ForgotPasswordForm', () => {
  afterEach(() => toast.dismiss());

  it('shows the server text for too many requests (429) and the generic error otherwise', async () => {
    const wait = t('error.too-many-requests', { minutes: 42 });
    const answers = [
      HttpResponse.json({ error: { code: 'too-many-requests', message: wait, waitSeconds: 2520 } }, { status: 429 }),
      HttpResponse.json({ error: { code: 'boom', message: 'internal' } }, { status: 500 }),
    ];
    server.use(http.post('*/api/forgot-password', () => answers.shift()));
    const user = userEvent.setup();
    render(
      <>
        <ForgotPasswordForm onBack={() => undefined} />
        <Toaster />
      </>,
    );
    await user.type(screen.getByLabelText(/Email/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByText(wait)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByText(t('error.generic'))).toBeTruthy();
  });
});
