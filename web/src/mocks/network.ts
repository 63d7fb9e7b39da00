import { delay, http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { errorResponse } from './http-error';
import { isMockTokenExpired, readMockToken } from './tokens';

/** A refusal the tester arms for the next sync push: a business refusal, a server failure, or a lost answer. */
export type PushRefusal = 'no-credits' | 'server-error' | 'timeout';

export interface NetworkConditions {
  /** Every API call fails like a dropped connection. */
  offline: boolean;
  /** Added before every API answer, in milliseconds. */
  latencyMs: number;
  /** The share of API calls (0–1) that fail like a dropped connection. */
  failureRate: number;
}

const CALM: NetworkConditions = { offline: false, latencyMs: 0, failureRate: 0 };

/** How the mock network behaves now, and the refusal armed for the next push; tester-actions.ts drives both. */
export const networkMock = {
  conditions: { ...CALM } as NetworkConditions,
  nextPush: null as PushRefusal | null,
  /** The session lapsed: every signed-in call and the refresh answer 401 until someone signs in again. */
  sessionExpired: false,
  random: Math.random,
  reset(): void {
    this.conditions = { ...CALM };
    this.nextPush = null;
    this.sessionExpired = false;
    this.random = Math.random;
  },
};

/** How long a push whose answer is lost keeps the client waiting before the connection drops. */
export const LOST_ANSWER_MS = 8_000;

/**
 * Goes first in the handler list: degrades every /api call as the tester asked, then falls through to the
 * domain's handler (a resolver that answers nothing hands the request on).
 */
export const networkHandlers = [
  http.all('*/api/*', async ({ request }) => {
    const { offline, latencyMs, failureRate } = networkMock.conditions;
    if (latencyMs > 0) await delay(latencyMs);
    if (offline || (failureRate > 0 && networkMock.random() < failureRate)) return HttpResponse.error();
    const { pathname } = new URL(request.url);
    if (networkMock.sessionExpired) {
      if (request.method === 'POST' && pathname === '/api/authenticate') networkMock.sessionExpired = false;
      else if (request.headers.has('authorization')) return errorResponse(401, 'token-expired', t('error.token-expired'));
    }
    // As the API's auth middleware: a token past its exp on the (moved) mock clock is refused on every call;
    // the refresh (PATCH /authenticate) answers its own 403 for it.
    const claims = readMockToken(request.headers.get('authorization')?.replace(/^Bearer /, ''));
    if (claims && isMockTokenExpired(claims) && !(request.method === 'PATCH' && pathname === '/api/authenticate')) {
      return errorResponse(401, 'token-expired', t('error.token-expired'));
    }
    return undefined;
  }),
];

/** A 500 as the API answers an unexpected failure (docs/api.md#errors error shape). */
export const serverFailure = () => errorResponse(500, 'internal', 'Internal server error');
