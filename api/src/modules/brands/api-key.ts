import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { findBrandByApiKey } from './resolve.js';

/**
 * Brand and index-profile calls carry a brand's public API key instead of a member token (docs/api.md#endpoints).
 * The brand list is shared, so any brand's key opens it; GET /api/config hands each site its own key.
 */
export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('x-api-key')?.trim() ?? '';
  // Keys are short; a huge header is a client error, not a lookup.
  if (!key || key.length > 256 || !(await findBrandByApiKey(c.get('deps').db, key))) {
    throw new ApiError(401, 'invalid-api-key', 'A valid x-api-key header is required');
  }
  await next();
};
