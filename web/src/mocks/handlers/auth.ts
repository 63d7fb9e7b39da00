import { http, HttpResponse } from 'msw';
import { t } from '@sync/texts';
import { mockAccounts, mockUser, type MockAccount } from '../data';
import { errorResponse } from '../http-error';
import { isMockTokenExpired, makeToken, readMockToken } from '../tokens';

const API = '*/api';

function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

function findAccount(usernameOrEmail: unknown): MockAccount | undefined {
  const key = String(usernameOrEmail ?? '').toLowerCase();
  return mockAccounts.find((account) => account.username === key || account.email === key);
}

/** The API's default access-token lifetime (TOKEN_TTL_MINUTES = 120), so the client refreshes and lapses as against it. */
export const MOCK_TOKEN_LIFETIME_MS = 120 * 60_000;

/** Staff tokens carry their role as the API's do: the console shows its admin screens from it. */
const tokenFor = (account: MockAccount) =>
  makeToken({ _id: account._id, type: account.kind, ...(account.role ? { role: account.role } : {}) }, MOCK_TOKEN_LIFETIME_MS);

/** Agents with a live session in the mock (docs/api.md#auth: a second login answers 409 unless force). */
const liveAgentSessions = new Set<string>();

export const authHandlers = [
  http.post(`${API}/authenticate`, async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { username?: string; password?: string; type?: string; force?: boolean };
    const account = findAccount(body.username);
    const kind = body.type === 'agent' ? 'agent' : 'user';
    if (!account || account.kind !== kind || body.password !== account.password) {
      return errorResponse(401, 'invalid-credentials', t('error.login-invalid-credentials'));
    }
    if (kind === 'agent') {
      if (liveAgentSessions.has(account._id) && !body.force) {
        return errorResponse(409, 'agent-already-logged-in', t('error.agent-already-logged-in'));
      }
      liveAgentSessions.add(account._id);
    }
    return HttpResponse.json({ access_token: tokenFor(account) });
  }),

  http.patch(`${API}/authenticate`, ({ request }) => {
    const claims = readMockToken(bearer(request));
    const account = mockAccounts.find((candidate) => candidate._id === claims?._id);
    if (!claims || !account || typeof claims.exp !== 'number' || isMockTokenExpired(claims)) {
      return errorResponse(403, 'forbidden', t('error.forbidden'));
    }
    return HttpResponse.json({ access_token: tokenFor(account) });
  }),

  http.get(`${API}/autologin`, ({ request }) => {
    const token = new URL(request.url).searchParams.get('token');
    const claims = readMockToken(token);
    const account = mockAccounts.find((candidate) => candidate._id === claims?._id);
    if (!account) return errorResponse(401, 'unauthorized', t('error.auto-login-failed'));
    return HttpResponse.json({ accessToken: tokenFor(account) });
  }),

  http.post(`${API}/register`, async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    const email = String(body.email ?? '');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return errorResponse(422, 'invalid-email', 'Invalid email');
    if (body.terms !== true) return errorResponse(400, 'validation', t('validation.terms'));
    const account: MockAccount = {
      _id: `u-${mockAccounts.length + 1}`,
      username: String(body.username ?? '').toLowerCase(),
      email: email.toLowerCase(),
      kind: 'user',
      emailValidated: false,
      password: String(body.password ?? ''),
    };
    mockAccounts.push(account);
    return HttpResponse.json({ status: 'success', access_token: tokenFor(account) }, { status: 201 });
  }),

  http.post(`${API}/forgot-password`, () => HttpResponse.json({ status: 'success' })),

  // The mailed reset token, or a signed-in member changing the password.
  http.post(`${API}/reset-password`, async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { token?: string; password?: string };
    if (!body.token && !readMockToken(bearer(request))) return errorResponse(401, 'token-expired', t('error.token-expired'));
    if (!body.password || body.password.length < 8) return errorResponse(400, 'validation', t('error.validation'));
    return HttpResponse.json({ status: 'success' });
  }),

  http.post(`${API}/logout`, ({ request }) => {
    const claims = readMockToken(bearer(request));
    if (claims?._id) liveAgentSessions.delete(claims._id);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(`${API}/resend-email`, () => HttpResponse.json({ status: 'success' })),

  http.get(`${API}/user/:id`, ({ params, request }) => {
    const claims = readMockToken(bearer(request));
    if (!claims) return errorResponse(401, 'unauthorized', t('error.unauthorized'));
    const account = mockAccounts.find((candidate) => candidate._id === params.id);
    if (!account) return errorResponse(404, 'not-found', t('error.not-found'));
    return HttpResponse.json(mockUser(account));
  }),
];
