import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { moderationQuery } from '@sync/contract/safety';
import { decide, listModeration } from './service.js';

const admin = requireAuth('admin');

/**
 * Image moderation, admins only (an agent whose role is admin; anyone else 403):
 *   GET  /api/moderation/images?status=pending|approved|rejected&page&limit
 *        -> { data: ModerationItem[], total, page, limit }, newest first; status defaults to pending
 *   POST /api/moderation/images/{id}/approve | /reject -> ModerationItem; 404 unknown id.
 *        The member gets websocket `userUpdate` { payload: { images, promotions } } (or { stale: ['images'], promotions }
 *        when the gallery is too big for one event: refetch GET /api/user/{id}).
 */
export const moderationRoutes = new Hono<AppEnv>()
  .get('/moderation/images', admin, validate('query', moderationQuery), async (c) => {
    const { status, ...paging } = c.req.valid('query');
    return c.json(await listModeration(c.get('deps'), status, paging));
  })
  .post('/moderation/images/:id/approve', admin, async (c) => c.json(await decide(c.get('deps'), c.req.param('id'), 'approved')))
  .post('/moderation/images/:id/reject', admin, async (c) => c.json(await decide(c.get('deps'), c.req.param('id'), 'rejected')));
