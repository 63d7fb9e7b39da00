import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { errorResponse } from '../http-error';

const API = '*/api';
let ticket = 1000;

export const supportHandlers = [
  // docs/api.md#endpoints: the contact form, or the affiliate form with ?form_type=affiliate.
  http.post(`${API}/customer-support`, async ({ request }) => {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.email !== 'string' || !body.email.includes('@')) {
      return errorResponse(400, 'validation', t('error.validation'));
    }
    ticket += 1;
    const formType = new URL(request.url).searchParams.get('form_type') ?? 'contact';
    return HttpResponse.json({ ticketNumber: `T-${ticket}`, formType }, { status: 201 });
  }),
];
