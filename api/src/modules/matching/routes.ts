import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context.js';
import { validate } from '../../lib/validate.js';
import { requireAuth } from '../auth/middleware.js';
import { parseWith, readJson } from '../auth/request.js';
import { parsePaging } from '../profiles/list-query.js';
import { loadViewer } from '../profiles/viewer.js';
import { likesStatus, listDislikes, listMatches, nextProfile, swipe, undoSwipe } from './service.js';

/** SPEC §3 swipe payload. */
export const swipeBody = z.object({
  toUserId: z.string({ error: 'toUserId is required' }).min(1, 'toUserId is required').max(100),
  actionType: z.enum(['like', 'dislike'], { error: "actionType must be 'like' or 'dislike'" }),
});

/** Optional body of POST /api/match/undo: without toUserId the most recent live swipe is undone. */
export const undoBody = z.object({ toUserId: z.string().min(1).max(100).optional() });

const member = requireAuth('user');

export const matchingRoutes = new Hono<AppEnv>()
  .get('/match/next', member, async (c) => {
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    const card = await nextProfile(c.var.deps, c.var.deps.db, viewer);
    return card ? c.json(card) : c.body(null, 204);
  })
  .get('/match/likes', member, async (c) => {
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    return c.json(await likesStatus(c.var.deps, c.var.deps.db, viewer));
  })
  .post('/match/swipe', member, validate('json', swipeBody), async (c) => {
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    return c.json(await swipe(c.var.deps, c.var.deps.db, viewer, c.req.valid('json')));
  })
  .post('/match/undo', member, async (c) => {
    const body = parseWith(undoBody, await readJson(c, { allowEmpty: true }));
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    return c.json(await undoSwipe(c.var.deps, c.var.deps.db, viewer, body));
  })
  .get('/match/dislikes', member, async (c) => {
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    return c.json(await listDislikes(c.var.deps, c.var.deps.db, viewer, parsePaging(c.req.queries())));
  })
  .get('/matches', member, async (c) => {
    const viewer = await loadViewer(c.var.deps.db, c.var.auth.id);
    return c.json(await listMatches(c.var.deps, c.var.deps.db, viewer, parsePaging(c.req.queries())));
  });
