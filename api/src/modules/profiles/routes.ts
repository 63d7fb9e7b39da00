import { Hono, type Context, type TypedResponse } from 'hono';
import type { AppEnv } from '../../context.js';
import { profileListQuery, publicProfilesQuery } from '@sync/contract/query';
import { pickEncoding } from '../../http-compression.js';
import { ApiError } from '../../lib/errors.js';
import { accepts, parseWith, queryOf } from '../../lib/validate.js';
import { requireAuth } from '../auth/middleware.js';
import { findBrandByApiKey } from '../brands/resolve.js';
import { loadListViewer, renderPage, sharedListPage } from './list-page.js';
import { getProfile, listProfiles, listPublicProfiles } from './service.js';
import { loadViewer } from './viewer.js';
import { requestHeader } from '../../lib/request-header.js';

const memberAuth = requireAuth('user');

/** A shared page goes out as JSON serialised once (list-page.ts); it is the same answer listProfiles gives, and typed so for AppType. */
type PrerenderedList = Response & TypedResponse<Awaited<ReturnType<typeof listProfiles>>, 200, 'json'>;

/** Runs the member check inline, for routes that answer visitors too; the member as the list keeps them. */
async function authenticateMember(c: Context<AppEnv>) {
  await memberAuth(c, async () => undefined);
  const { db, profileLists } = c.get('deps');
  return profileLists.viewer(c.get('auth').id, () => loadListViewer(db, c.get('auth').id));
}

export const profileRoutes = new Hono<AppEnv>()
  /**
   * With a member token: the filtered, sorted, paged list (docs/api.md#profiles-and-matching).
   * Without one but with the brand's x-api-key: the landing page's cards (docs/api.md#endpoints public variant): `limit` up to
   * 24, `type` featured|new|online|recent, `premium` true|false, optional `gender`. A token that fails is a 401,
   * never a fall-back to the public list.
   */
  .get('/profiles', accepts('query', profileListQuery, publicProfilesQuery), async (c) => {
    const deps = c.get('deps');
    if (requestHeader(c, 'authorization') === undefined) {
      const key = requestHeader(c, 'x-api-key')?.trim() ?? '';
      const brand = key && key.length <= 256 ? await findBrandByApiKey(deps.db, key) : undefined;
      if (!brand) throw new ApiError(401, 'unauthorized', 'A member token or a valid x-api-key header is required');
      const query = parseWith(publicProfilesQuery, queryOf(c), 'query');
      return c.json(await listPublicProfiles(deps, deps.db, brand.id, query));
    }
    const { viewer, favourites } = await authenticateMember(c);
    if (!favourites) return c.json(await listProfiles(deps, deps.db, viewer, parseWith(profileListQuery, queryOf(c), 'query')));
    const { url } = c.req;
    const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const page = await sharedListPage(deps, viewer, search, () => parseWith(profileListQuery, queryOf(c), 'query'));
    const { body, encoding } = renderPage(page, favourites, deps.clock.now(), pickEncoding(requestHeader(c, 'accept-encoding')));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (encoding) Object.assign(headers, { 'content-encoding': encoding, vary: 'Accept-Encoding' });
    return c.body(body, 200, headers) as unknown as PrerenderedList;
  })
  /**
   * One profile with every approved photo; standard members get the first in full and `{ _id, type, blocked: true }`
   * for the rest (the blocked-photo overlay). Records the visit.
   */
  .get('/profile/:id', memberAuth, async (c) => {
    const deps = c.get('deps');
    const viewer = await loadViewer(deps.db, c.get('auth').id);
    return c.json(await getProfile(deps, deps.db, viewer, c.req.param('id')));
  });
