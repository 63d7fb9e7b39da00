import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { userStore } from '@web/lib/user-store';
import { renderWithQuery } from '@web/test/with-query';
import { VerifyPage } from './verify-page';

function renderAt(url: string) {
  const router = createRouter({ routeTree: createRootRoute({ component: VerifyPage }), history: createMemoryHistory({ initialEntries: [url] }) });
  renderWithQuery(<RouterProvider router={router} />);
}

describe('VerifyPage', () => {
  it("names the member's address and shows the wait the server asks for, as minutes:seconds", async () => {
    userStore.set({ _id: 'u-new', email: 'newbie@example.com', emailValidated: false });
    server.use(
      http.post('*/api/resend-email', () =>
        HttpResponse.json({ error: { code: 'resend-wait', message: 'You can resend the email in 2 minutes.', waitSeconds: 95 } }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/verify');
    expect(await screen.findByText('newbie@example.com')).toBeTruthy();
    const resend = screen.getByRole('button', { name: 'Resend the email' });
    await user.click(resend);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/1:3[45]/);
    expect((screen.getByRole('button', { name: 'Resend the email' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the wait after the sign-up email on arrival, before any Resend press', async () => {
    userStore.set({ _id: 'u-new', email: 'newbie@example.com', emailValidated: false, nextVerificationEmailDate: new Date(Date.now() + 100_000).toISOString() });
    let resends = 0;
    server.use(http.post('*/api/resend-email', () => void resends++));
    renderAt('/verify');
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/1:(39|40)/);
    expect((screen.getByRole('button', { name: 'Resend the email' }) as HTMLButtonElement).disabled).toBe(true);
    expect(resends).toBe(0);
  });

  it('sends new_email when the member changes the address', async () => {
    userStore.set({ _id: 'u-new', email: 'typo@exmaple.com', emailValidated: false });
    let body: unknown;
    server.use(
      http.post('*/api/resend-email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'sent', nextResendDate: new Date(Date.now() + 60_000).toISOString() });
      }),
    );
    const user = userEvent.setup();
    renderAt('/verify');
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    await user.type(screen.getByLabelText(/New email address/), 'right@example.com');
    await user.click(screen.getByRole('button', { name: 'Update and send link' }));
    await waitFor(() => expect(body).toEqual({ new_email: 'right@example.com' }));
    expect(await screen.findByText('right@example.com')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/[01]:[0-5]\d/);
  });

  it('asks for the new address before sending anything, and takes the contract’s word on a malformed one', async () => {
    userStore.set({ _id: 'u-new', email: 'typo@exmaple.com', emailValidated: false });
    let resends = 0;
    server.use(http.post('*/api/resend-email', () => void resends++));
    const user = userEvent.setup();
    renderAt('/verify');
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    await user.click(screen.getByRole('button', { name: 'Update and send link' }));
    const field = screen.getByLabelText(/New email address/);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Update and send link' }));
    expect(await screen.findByText(/valid email/i)).toBeTruthy();
    expect(resends).toBe(0);
  });

  it('explains an expired link', async () => {
    renderAt('/verify?verification_error=expired');
    expect(await screen.findByText(/verification link has expired/)).toBeTruthy();
  });
});
