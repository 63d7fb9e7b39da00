import { Hono } from 'hono';
import { ageVerificationStartBody, doiBody } from '@sync/contract/payments';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { ownAccount, requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { loadUserState } from '../users/service.js';
import { setDoi, startAgeVerification } from './service.js';

const member = requireAuth('user');

/**
 * Age verification and double opt-in (docs/api.md#accounts, docs/api.md#payments):
 *   POST  /api/user/{id}/age-verification  { callbackUrl, cancelUrl }  own account -> { redirectUrl };
 *         both URLs same-site (a path like "/?verify-age=true" or this origin's absolute URL), else 400 invalid-redirect.
 *         The provider's page sends the browser to callbackUrl (approve / decline) or cancelUrl (cancel); the result
 *         shows in GET /api/user/{id} as ageVerification { status, result, completedAt } and live as userUpdate.
 *   PATCH /api/user/{id}/is-doi  { isDOI?: boolean = true }  own account -> the user state
 */
export const verificationRoutes = new Hono<AppEnv>()
  .post('/user/:id/age-verification', member, ownAccount, validate('json', ageVerificationStartBody), async (c) =>
    c.json(await startAgeVerification(c.get('deps'), c.get('auth').id, c.req.valid('json'), requestOrigin(c))),
  )
  .patch('/user/:id/is-doi', member, ownAccount, validate('json', doiBody, { allowEmpty: true }), async (c) => {
    await setDoi(c.get('deps'), c.get('auth').id, c.req.valid('json').isDOI);
    const state = await loadUserState(c.get('deps'), c.get('deps').db, c.get('auth').id);
    if (!state) throw notFound(t('error.not-found'));
    return c.json(state);
  });
