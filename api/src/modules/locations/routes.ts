import { Hono, type MiddlewareHandler } from 'hono';
import { locationQuery } from '@sync/contract/query';
import type { AppEnv } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { validate } from '../../lib/validate.js';
import { lookupLocations } from './service.js';

/** Static data: browsers and the service worker may keep it a day. */
const CACHE = 'public, max-age=86400';

const FILE = /^([A-Za-z]{2})\.json$/;

/** A file name that is no `{country}.json` names nothing: 404 before the query is looked at. */
const countryFile: MiddlewareHandler = async (c, next) => {
  if (!FILE.test(c.req.param('file') ?? '')) throw notFound('No location data for this country');
  await next();
};

/**
 * GET /api/json/{country}.json[?zipCode=prefix], no auth: { by_city: [{ city, state }], by_zip: [{ zip, state, city }] }
 * (US, GB, DE; 404 for other countries; 400 for a malformed zipCode).
 */
export const locationRoutes = new Hono<AppEnv>().get('/json/:file', countryFile, validate('query', locationQuery), (c) => {
  const country = FILE.exec(c.req.param('file'))![1]!;
  const data = lookupLocations(country, c.req.valid('query').zipCode);
  if (!data) throw notFound('No location data for this country');
  c.header('Cache-Control', CACHE);
  return c.json(data);
});
