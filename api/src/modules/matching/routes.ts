import { Hono } from 'hono';
import { swipeBody, undoBody } from '@sync/contract/matching';
import type { AppEnv } from '../../context.js';
import { validate } from '../../lib/validate.js';
import { requireAuth } from '../auth/middleware.js';
import { pagingQuery } from '@sync/contract/query';
import { loadViewer } from '../profiles/viewer.js';
import { likesStatus, listDislikes, listMatches, nextProfile, swipe, undoSwipe } from './service.js';

const member = requireAuth('user');

/**
 * Swipe and match (docs/api.md#endpoints), member token required:
 *   GET  /api/match/next      200 Profile card | 204 when every profile was swiped
 *   GET  /api/match/likes     { likes, dailyLikes, nextRefillDate }  (after the day's refill)
 *   POST /api/match/swipe     { toUserId, actionType: 'like'|'dislike' } -> { match, conversationId, likes }
 *                             402 no-likes { profileId, feature: 'like' }; 409 already-swiped; 404 unknown profile
 *   POST /api/match/undo      { toUserId? } -> { _id, toUserId, actionType, createDate, undoDate, matchRemoved, likes }
 *                             404 nothing-to-undo
 *   GET  /api/match/dislikes  { data: [Profile & { swipeId, swipeDate }], total, page, limit }
 *   GET  /api/matches         { data: [Profile & { conversationId, matchDate }], total, page, limit }
 */
export const matchingRoutes = new Hono<AppEnv>()
  .get('/match/next', member, async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    const card = await nextProfile(c.get('deps'), c.get('deps').db, viewer);
    return card ? c.json(card) : c.body(null, 204);
  })
  .get('/match/likes', member, async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await likesStatus(c.get('deps'), c.get('deps').db, viewer));
  })
  .post('/match/swipe', member, validate('json', swipeBody), async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await swipe(c.get('deps'), c.get('deps').db, viewer, c.req.valid('json')));
  })
  .post('/match/undo', member, validate('json', undoBody, { allowEmpty: true }), async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await undoSwipe(c.get('deps'), c.get('deps').db, viewer, c.req.valid('json')));
  })
  .get('/match/dislikes', member, validate('query', pagingQuery()), async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await listDislikes(c.get('deps'), c.get('deps').db, viewer, c.req.valid('query')));
  })
  .get('/matches', member, validate('query', pagingQuery()), async (c) => {
    const viewer = await loadViewer(c.get('deps').db, c.get('auth').id);
    return c.json(await listMatches(c.get('deps'), c.get('deps').db, viewer, c.req.valid('query')));
  });
