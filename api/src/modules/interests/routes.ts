import { Hono, type Context, type Next } from 'hono';
import { z } from 'zod';
import { text } from '@sync/contract/text';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { idParam } from '../../lib/params.js';
import { validate } from '../../lib/validate.js';
import { assertOwnAccount, requireAuth } from '../auth/middleware.js';
import { parseWith } from '../../lib/validate.js';
import { parsePaging } from '../profiles/list-query.js';
import { loadViewer } from '../profiles/viewer.js';
import { interestLists, listInterests, setFavourite, staffFavouriteMember, staffViewMember, type InterestList } from './service.js';

/** docs/api.md#endpoints: PATCH /user/{id} with body {favourite}; `remove: true` takes the favourite away. */
export const favouriteBody = z
  .object({
    favourite: text({ error: 'favourite must be a profile id' }).min(1, 'favourite must be a profile id').max(100),
    remove: z.boolean({ error: 'remove must be true or false' }).optional(),
  })
  .strict();

export const staffMemberBody = z.object({
  userId: text({ error: 'userId is required' }).min(1, 'userId is required').max(100),
  remove: z.boolean().optional(),
});

const member = requireAuth('user');
const staff = requireAuth('agent');

/**
 * PATCH /api/user/{id} is shared: docs/api.md#endpoints uses it both for a favourite ({favourite}) and for any update of the
 * account. This handler takes only bodies carrying a `favourite` key and hands every other body on with
 * next(), so the account-update handler (users module, mounted after this one) answers those. Hono keeps the
 * body it read, so the next handler can read it again.
 */
async function favouriteOrNext(c: Context<AppEnv>, next: Next) {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return next();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('favourite' in body)) return next();
  await member(c, async () => undefined);
  assertOwnAccount(c.var.auth.id, idParam(c, 'id'));
  const { favourite, remove } = parseWith(favouriteBody, body);
  const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
  const answer = await setFavourite(c.var.deps, c.var.deps.db, viewer, favourite, remove === true);
  // The list's overlay of this member (decision 0042): other processes drop it on the trigger's NOTIFY.
  c.var.deps.profileLists.dropViewer(viewer.userId);
  return c.json(answer);
}

/**
 * Favourites and interests:
 *   PATCH /api/user/{id}  { favourite: profileId } adds, { favourite: profileId, remove: true } removes -> { favorite }
 *                         member token of that id (else 403); adding needs premium: 402 premium-required
 *                         { profileId, feature: 'favourite' }; 404 unknown profile
 *   GET /api/interests/{favorites|favorited-me|viewed|viewed-me|proposals}?page&limit
 *                         { data: [Profile & { listDate, viewCount? }], total, page, limit }
 * Staff (agent token; agents need a scope on the profile's brand domain, admins any):
 *   POST /api/profile/{id}/view-member       { userId } -> { viewed: true, count, lastViewDate }
 *   POST /api/profile/{id}/favourite-member  { userId, remove? } -> { favorite }
 */
export const interestRoutes = new Hono<AppEnv>()
  .patch('/user/:id', favouriteOrNext)
  .get('/interests/:list', member, async (c) => {
    const list = c.req.param('list');
    if (!(interestLists as readonly string[]).includes(list)) throw new ApiError(404, 'not-found', t('error.not-found'));
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    return c.json(await listInterests(c.var.deps, c.var.deps.db, viewer, list as InterestList, parsePaging(c.req.queries())));
  })
  .post('/profile/:id/view-member', staff, validate('json', staffMemberBody), async (c) =>
    c.json(await staffViewMember(c.var.deps, c.var.deps.db, c.var.auth, c.req.param('id'), c.req.valid('json').userId)),
  )
  .post('/profile/:id/favourite-member', staff, validate('json', staffMemberBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await staffFavouriteMember(c.var.deps, c.var.deps.db, c.var.auth, c.req.param('id'), body.userId, body.remove === true));
  });
