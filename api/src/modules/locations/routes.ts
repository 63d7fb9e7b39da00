import { Hono } from 'hono';
import type { AppEnv } from '../../context.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { lookupLocations, ZIP_QUERY_MAX } from './service.js';

/** Static data: browsers and the service worker may keep it a day. */
const CACHE = 'public, max-age=86400';

/**
 * GET /api/json/{country}.json[?zipCode=prefix], no auth: { by_city: [{ city, state }], by_zip: [{ zip, state, city }] }
 * (US, GB, DE; 404 for other countries; 400 for a malformed zipCode).
 */
export const locationRoutes = new Hono<AppEnv>().get('/json/:file', (c) => {
  const match = /^([A-Za-z]{2})\.json$/.exec(c.req.param('file'));
  if (!match) throw notFound('No location data for this country');
  const zipCode = c.req.query('zipCode')?.trim();
  if (zipCode && (zipCode.length > ZIP_QUERY_MAX || !/^[A-Za-z0-9 -]+$/.test(zipCode))) {
    throw new ApiError(400, 'invalid-query', 'zipCode: must be up to 12 letters, digits or spaces', { fields: { zipCode: 'invalid' } });
  }
  const data = lookupLocations(match[1]!, zipCode);
  if (!data) throw notFound('No location data for this country');
  c.header('Cache-Control', CACHE);
  return c.json(data);
});
