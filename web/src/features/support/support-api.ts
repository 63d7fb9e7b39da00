import type { AffiliateBody, ContactBody } from '@sync/contract/support';
import { api } from '@web/lib/api';

/** POST /customer-support answers the ticket number (docs/api.md#payments: `ticketNumber`). */
export interface SupportAnswer {
  ticketNumber?: string;
  /** Older mocks said `ticket`; read either. */
  ticket?: string;
  status?: string;
}

export function ticketOf(answer: SupportAnswer | undefined): string | null {
  return answer?.ticketNumber ?? answer?.ticket ?? null;
}

export function sendContactRequest(body: ContactBody) {
  return api.post<SupportAnswer | undefined>('/customer-support', body, { loader: true });
}

export function sendAffiliateApplication(body: AffiliateBody) {
  return api.post<SupportAnswer | undefined>('/customer-support', body, { query: { form_type: 'affiliate' }, loader: true });
}
