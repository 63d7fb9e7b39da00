import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { ContactForm } from './contact-form';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Your name/), 'Dana Miles');
  await user.type(screen.getByLabelText(/^Email/), 'dana@example.com');
  await user.selectOptions(screen.getByLabelText(/Subject/), 'payment-issues');
  await user.type(screen.getByLabelText(/Message/), 'I was charged twice on 3 March for 29.99.');
}

describe('ContactForm', () => {
  it('sends the form and shows the returned ticket number with the 24-hour promise', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/customer-support', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ticketNumber: 'T-48213' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('T-48213');
    expect(status.textContent).toContain('24 hours');
    expect(body).toEqual({ name: 'Dana Miles', email: 'dana@example.com', subject: 'payment-issues', message: 'I was charged twice on 3 March for 29.99.' });
  });

  it('shows the documented failure text when the request fails, keeping what was typed', async () => {
    server.use(http.post('*/api/customer-support', () => HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })));
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There was a problem submitting your request. Please try again later.');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toContain('charged twice');
  });

  it('validates with the shared contract before calling', async () => {
    let called = false;
    server.use(http.post('*/api/customer-support', () => ((called = true), HttpResponse.json({ ticketNumber: 'x' }))));
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getAllByText('Required').length).toBe(3);
    expect(called).toBe(false);
  });
});
