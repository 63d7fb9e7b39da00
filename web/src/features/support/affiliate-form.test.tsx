import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { server } from '@web/mocks/server';
import { AffiliateForm } from './affiliate-form';

describe('AffiliateForm', () => {
  it('posts every field with form_type=affiliate', async () => {
    let url = '';
    let body: Record<string, unknown> = {};
    server.use(
      http.post('*/api/customer-support', async ({ request }) => {
        url = request.url;
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ticketNumber: 'T-1' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    render(<AffiliateForm />);
    await user.type(screen.getByLabelText(/Full name/), 'Ari Partner');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ari@media.example');
    await user.type(screen.getByLabelText(/Company/), 'Ari Media');
    await user.type(screen.getByLabelText(/Country/), 'Germany');
    await user.selectOptions(screen.getByLabelText(/Messenger \*/), 'telegram');
    await user.type(screen.getByLabelText(/Telegram ID/), '@ari');
    await user.type(screen.getByLabelText(/Years of experience/), '4');
    await user.type(screen.getByLabelText(/GEOs/), 'DE, AT, CH');
    await user.click(screen.getByRole('checkbox', { name: 'SEO' }));
    await user.click(screen.getByRole('checkbox', { name: 'Push' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gaming' }));
    await user.click(screen.getByRole('button', { name: 'Apply now' }));
    expect((await screen.findByRole('status')).textContent).toContain(t('support.affiliate-success'));
    expect(new URL(url).searchParams.get('form_type')).toBe('affiliate');
    expect(body).toMatchObject({
      fullName: 'Ari Partner',
      messenger: 'telegram',
      messengerId: '@ari',
      yearsOfExperience: 4,
      trafficSources: ['seo', 'push'],
      otherVerticals: ['gaming'],
    });
  });

  it("requires a traffic source ('Select at least one')", async () => {
    const user = userEvent.setup();
    render(<AffiliateForm />);
    await user.click(screen.getByRole('button', { name: 'Apply now' }));
    expect(screen.getByText('Select at least one')).toBeTruthy();
  });
});
