import { http, HttpResponse } from 'msw';
import type { ModerationItem } from '@api/modules/moderation/service';
import type { ModerationStatus } from '@sync/contract/safety';
import { t } from '@sync/texts';
import { mockAccounts } from '../data';
import { errorResponse } from '../http-error';
import { portraitUrl } from '../profiles-data';
import { readMockToken } from '../tokens';

/**
 * Admin image moderation on msw (api/src/modules/moderation/routes.ts): the list envelope per status, newest
 * first, and approve / reject. Admins only: the token's `role` claim, else the mock account's role.
 */
const API = '*/api';
const STATUSES: readonly ModerationStatus[] = ['pending', 'approved', 'rejected'];
const NAMES = ['demo', 'sam_rivers', 'lena.k', 'marco77', 'jules', 'nadia', 'tom_b', 'ivy', 'oskar', 'mia_rose', 'leo', 'zoe', 'rafa', 'hana'];

function seed(): ModerationItem[] {
  const now = Date.now();
  return NAMES.map((username, i) => {
    const created = new Date(now - (i + 1) * 7 * 60_000).toISOString();
    const status: ModerationStatus = i < 10 ? 'pending' : i < 12 ? 'approved' : 'rejected';
    const letter = username.charAt(0).toUpperCase();
    return {
      _id: `mod-${String(i + 1).padStart(3, '0')}`,
      type: i % 3 === 0 ? 'avatar' : 'photo',
      processed: true,
      under_moderation: status === 'pending',
      small: portraitUrl(i, letter, 150),
      medium: portraitUrl(i, letter, 300),
      large: portraitUrl(i, letter, 600),
      status,
      createDate: created,
      updateDate: created,
      width: 800,
      height: 600,
      profileId: `p-member-${i + 1}`,
      profileKind: i === 4 ? 'fictive' : 'member',
      userId: i === 4 ? null : `u-${username}`,
      username,
    };
  });
}

let items = seed();

/** Test helper: back to the seeded list. */
export function resetModerationMocks(next?: ModerationItem[]): void {
  items = next ?? seed();
}

function isAdmin(request: Request): boolean {
  const header = request.headers.get('authorization');
  const claims = readMockToken(header?.startsWith('Bearer ') ? header.slice(7) : null);
  if (!claims || claims.type !== 'agent') return false;
  const role = claims.role ?? mockAccounts.find((account) => account._id === claims._id)?.role;
  return role === 'admin';
}

function guard(request: Request) {
  if (!request.headers.get('authorization')) return errorResponse(401, 'unauthorized', t('error.unauthorized'));
  if (!isAdmin(request)) return errorResponse(403, 'forbidden', t('error.forbidden'));
  return null;
}

function decide(request: Request, id: string, status: 'approved' | 'rejected') {
  const refused = guard(request);
  if (refused) return refused;
  const item = items.find((candidate) => candidate._id === id);
  if (!item) return errorResponse(404, 'not-found', t('error.not-found'));
  item.status = status;
  item.under_moderation = false;
  item.updateDate = new Date().toISOString();
  return HttpResponse.json(item);
}

export const moderationHandlers = [
  http.get(`${API}/moderation/images`, ({ request }) => {
    const refused = guard(request);
    if (refused) return refused;
    const url = new URL(request.url);
    const status = (url.searchParams.get('status') || 'pending') as ModerationStatus;
    if (!STATUSES.includes(status)) return errorResponse(400, 'invalid-query', `status must be one of ${STATUSES.join(', ')}`);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) return errorResponse(400, 'invalid-query', t('error.validation'));
    const matching = items.filter((item) => item.status === status).sort((a, b) => b.createDate.localeCompare(a.createDate));
    return HttpResponse.json({ data: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit });
  }),
  http.post(`${API}/moderation/images/:id/approve`, ({ request, params }) => decide(request, String(params.id), 'approved')),
  http.post(`${API}/moderation/images/:id/reject`, ({ request, params }) => decide(request, String(params.id), 'rejected')),
];
