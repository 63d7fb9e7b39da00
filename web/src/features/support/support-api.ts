import type { AffiliateBody, ContactBody } from '@sync/contract/support';
import { call, rpc, via } from '@web/lib/rpc';

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
  return call(rpc['customer-support'].$post({ query: {}, json: body }, via({ loader: true })));
}

export function sendAffiliateApplication(body: AffiliateBody) {
  return call(rpc['customer-support'].$post({ query: { form_type: 'affiliate' }, json: body }, via({ loader: true })));
}
