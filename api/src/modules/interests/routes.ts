import { Hono } from 'hono';
import { staffMemberBody } from '@sync/contract/interests';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { validate } from '../../lib/validate.js';
import { requireAuth } from '../auth/middleware.js';
import { pagingQuery } from '@sync/contract/query';
import { loadViewer } from '../profiles/viewer.js';
import { interestLists, listInterests, staffFavouriteMember, staffViewMember, type InterestList } from './service.js';

const member = requireAuth('user');
const staff = requireAuth('agent');

/**
 * Interests (a favourite is set through PATCH /api/user/{id}, users/routes.ts, answered by applyFavourite here):
 *   GET /api/interests/{favorites|favorited-me|viewed|viewed-me|proposals}?page&limit
 *                         { data: [Profile & { listDate, viewCount? }], total, page, limit }
 * Staff (agent token; agents need a scope on the profile's brand domain, admins any):
 *   POST /api/profile/{id}/view-member       { userId } -> { viewed: true, count, lastViewDate }
 *   POST /api/profile/{id}/favourite-member  { userId, remove? } -> { favorite }
 */
export const interestRoutes = new Hono<AppEnv>()
  .get('/interests/:list', member, validate('query', pagingQuery()), async (c) => {
    const list = c.req.param('list');
    if (!(interestLists as readonly string[]).includes(list)) throw new ApiError(404, 'not-found', t('error.not-found'));
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await listInterests(c.get('deps'), c.get('deps').db, viewer, list as InterestList, c.req.valid('query')));
  })
  .post('/profile/:id/view-member', staff, validate('json', staffMemberBody), async (c) =>
    c.json(await staffViewMember(c.get('deps'), c.get('deps').db, c.get('auth'), c.req.param('id'), c.req.valid('json').userId)),
  )
  .post('/profile/:id/favourite-member', staff, validate('json', staffMemberBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await staffFavouriteMember(c.get('deps'), c.get('deps').db, c.get('auth'), c.req.param('id'), body.userId, body.remove === true));
  });
