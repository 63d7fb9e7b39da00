import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../auth/middleware.js';
import { parsePaging } from '../profiles/list-query.js';
import { MODERATION_STATUSES, decide, listModeration, type ModerationStatus } from './service.js';

const admin = requireAuth('admin');
const PAGE_SIZE = 20;

/**
 * Image moderation, admins only (an agent whose role is admin; anyone else 403):
 *   GET  /api/moderation/images?status=pending|approved|rejected&page&limit
 *        -> { data: ModerationItem[], total, page, limit }, newest first; status defaults to pending
 *   POST /api/moderation/images/{id}/approve | /reject -> ModerationItem; 404 unknown id.
 *        The member gets websocket `userUpdate` { payload: { images, promotions } } (or { stale: ['images'], promotions }
 *        when the gallery is too big for one event: refetch GET /api/user/{id}).
 */
export const moderationRoutes = new Hono<AppEnv>()
  .get('/moderation/images', admin, async (c) => {
    const status = c.req.query('status') || 'pending';
    if (!(MODERATION_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError(400, 'invalid-query', `status must be one of ${MODERATION_STATUSES.join(', ')}`, { fields: { status: 'unknown value' } });
    }
    return c.json(await listModeration(c.var.deps, status as ModerationStatus, parsePaging(c.req.queries(), PAGE_SIZE)));
  })
  .post('/moderation/images/:id/approve', admin, async (c) => c.json(await decide(c.var.deps, c.req.param('id'), 'approved')))
  .post('/moderation/images/:id/reject', admin, async (c) => c.json(await decide(c.var.deps, c.req.param('id'), 'rejected')));
