import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { favouriteBody, isFavouriteBody } from '@sync/contract/interests';
import { isUnstorableIssue } from '@sync/contract/text';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { idParam } from '../../lib/params.js';
import { loadStaff, scopedMember } from '../agents/staff.js';
import { assertOwnAccount, ownAccount, requireAuth } from '../auth/middleware.js';
import { readJson, requestMeta } from '../../lib/request.js';
import { validate } from '../../lib/validate.js';
import { applyFavourite } from '../interests/service.js';
import { deletionRequestBody } from '@sync/contract/safety';
import { requestDeletion } from './account-deletion.js';
import { exportMemberData } from './data-export.js';
import { deleteOwnImage } from './delete-image.js';
import { accountPatchBody } from '@sync/contract/profile-edit';
import { loadUserState } from './service.js';
import { invalidEmail, updateAccount } from './update.js';

const member = requireAuth('user');

/**
 * The member's own account:
 *   GET    /api/user/{id}                  user state (docs/product.md#data) with images, favourites, viewed and the edit fields;
 *                                          members their own (else 403), agents within their scope (else 403
 *                                          out-of-scope), admins any; 404 unknown
 *   PATCH  /api/user/{id}                  any part of the edit form (accountPatchBody, sync/contract/profile-edit.ts) -> user state +
 *                                          { profileCompleted, emailVerificationSent, pendingEmail?, access_token? };
 *                                          400 bad values (error.fields), 400 birth-date-locked, 422 invalid-email,
 *                                          400 current-password-required / invalid-current-password (a new
 *                                          password or email needs `currentPassword`; an email change mails the
 *                                          old address an undo link).
 *                                          A body naming `favourite` sets or takes back a favourite instead
 *                                          ({ favourite, remove? } -> { favorite }; adding needs premium: 402
 *                                          premium-required; 404 unknown profile): interests/service.ts applyFavourite.
 *   DELETE /api/user/{id}/image/{imageId}  own image only (else 404) -> { images, profileCompleted }
 *   GET    /api/user/{id}/export           own only (else 403): account, conversations with messages, orders, as a
 *                                          JSON attachment (users/data-export.ts)
 *   POST   /api/user/{id}/deletion         own only (else 403) { currentPassword } -> { deletionDate }: every session
 *                                          ends now, the data goes when the grace period ends (users/account-deletion.ts);
 *                                          400 current-password-required / invalid-current-password, 429 throttled
 */
/** PATCH /user/{id} takes two bodies (docs/api.md#endpoints): one naming a `favourite`, or an edit of the account. */
function patchBodySchema(_c: Context, raw: unknown) {
  return isFavouriteBody(raw) ? favouriteBody : accountPatchBody;
}

/** Refused before the schema: a body that is no object, and a date of birth (it never changes after sign-up). */
const patchBodyChecks: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = await readJson(c);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ApiError(400, 'invalid-json', 'The request body must be a JSON object');
  }
  if (!isFavouriteBody(raw) && 'birthDate' in raw) {
    throw new ApiError(400, 'birth-date-locked', 'The date of birth cannot be changed', { fields: { birthDate: 'The date of birth cannot be changed' } });
  }
  await next();
};

/** docs/product.md#errors-and-texts profile save: a bad address answers the same 422 as a taken one. */
function emailRefusal(issues: z.core.$ZodIssue[]): ApiError | undefined {
  return !issues.some(isUnstorableIssue) && issues.some((i) => i.path[0] === 'email') ? invalidEmail() : undefined;
}

export const userRoutes = new Hono<AppEnv>()
  .get('/user/:id', requireAuth(), async (c) => {
    const id = idParam(c, 'id');
    const auth = c.get('auth');
    // Members see only themselves; agents the members of their scope, admins anyone.
    if (auth.type === 'user') assertOwnAccount(auth.id, id);
    if (auth.type === 'agent') await scopedMember(c.get('deps').db, await loadStaff(c.get('deps').db, auth), id);
    const state = await loadUserState(c.get('deps'), c.get('deps').db, id);
    if (!state) throw new ApiError(404, 'not-found', t('error.not-found'));
    return c.json(state);
  })
  .patch('/user/:id', member, ownAccount, patchBodyChecks, validate('json', patchBodySchema, { refusal: emailRefusal }), async (c) => {
    const body = c.req.valid('json');
    if ('favourite' in body) return c.json(await applyFavourite(c.get('deps'), c.get('auth').id, body));
    return c.json(await updateAccount(c.get('deps'), c.get('auth'), body, requestMeta(c)));
  })
  .get('/user/:id/export', member, async (c) => {
    assertOwnAccount(c.get('auth').id, c.req.param('id'));
    const data = await exportMemberData(c.get('deps'), c.get('auth').id);
    if (!data) throw new ApiError(404, 'not-found', t('error.not-found'));
    c.header('content-disposition', `attachment; filename="my-data-${data.exportDate.slice(0, 10)}.json"`);
    c.header('cache-control', 'no-store');
    return c.json(data);
  })
  .post('/user/:id/deletion', member, ownAccount, validate('json', deletionRequestBody, { allowEmpty: true }), async (c) =>
    c.json(await requestDeletion(c.get('deps'), c.get('auth').id, c.req.valid('json'), requestMeta(c).ip ?? '')),
  )
  .delete('/user/:id/image/:imageId', member, async (c) => {
    assertOwnAccount(c.get('auth').id, idParam(c, 'id'));
    return c.json(await deleteOwnImage(c.get('deps'), c.get('auth').id, c.req.param('imageId')));
  });
