import { Hono } from 'hono';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../auth/middleware.js';
import { isUuid } from '../auth/sessions.js';
import { loadUserState } from './service.js';

export const userRoutes = new Hono<AppEnv>().get('/user/:id', requireAuth(), async (c) => {
  const id = c.req.param('id');
  const auth = c.var.auth;
  // Members see only themselves; staff may look any member up.
  if (auth.type === 'user' && auth.id !== id) throw new ApiError(403, 'forbidden', t('error.forbidden'));
  const state = isUuid(id) ? await loadUserState(c.var.deps, c.var.deps.db, id) : undefined;
  if (!state) throw new ApiError(404, 'not-found', t('error.not-found'));
  return c.json(state);
});
