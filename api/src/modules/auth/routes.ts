import { Hono, type Context } from 'hono';
import { authenticateBody, createRegisterBody, forgotPasswordBody, passwordResetRequestBody, resendEmailBody } from '@sync/contract/auth';
import { isUnstorableIssue } from '@sync/contract/text';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { validate } from '../../lib/validate.js';
import { autoLoginQuery } from '@sync/contract/query';
import { bearerToken, requireAuth } from './middleware.js';
import { requestMeta } from '../../lib/request.js';
import * as auth from './service.js';
import { undoEmailChange } from './email-change.js';
import { authenticateAccessToken } from './sessions.js';

// The mailed token, or signed in with the current password instead (service.resetPassword decides which).

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/register',
    // Age rules depend on the day: the schema reads the injected clock.
    validate('json', (c) => createRegisterBody(() => (c as Context<AppEnv>).get('deps').clock.now()), {
      // docs/product.md#errors-and-texts: a bad address answers 422 'Invalid email' (the web shows its email message).
      refusal: (issues, raw) => {
        const typedEmail = typeof (raw as { email?: unknown } | null)?.email === 'string';
        const unstorable = issues.some(isUnstorableIssue);
        if (typedEmail && !unstorable && issues.some((i) => i.path[0] === 'email')) return new ApiError(422, 'invalid-email', auth.INVALID_EMAIL);
        return undefined;
      },
    }),
    async (c) => c.json(await auth.register(c.get('deps'), c.get('brand'), c.req.valid('json'), requestMeta(c)), 201),
  )
  .post('/authenticate', validate('json', authenticateBody), async (c) =>
    c.json(await auth.authenticate(c.get('deps'), c.req.valid('json'), requestMeta(c))),
  )
  .patch('/authenticate', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
    return c.json(await auth.refresh(c.get('deps'), token));
  })
  .post('/logout', requireAuth(), async (c) => c.json(await auth.logout(c.get('deps'), c.get('auth'))))
  .get('/autologin', validate('query', autoLoginQuery), async (c) => c.json(await auth.autoLogin(c.get('deps'), c.req.valid('query').token, requestMeta(c))))
  .get('/verify-email', async (c) => c.redirect(await auth.verifyEmail(c.get('deps'), c.req.query('token')), 302))
  .get('/undo-email-change', async (c) => c.redirect(await undoEmailChange(c.get('deps'), c.req.query('token')), 302))
  .post('/resend-email', requireAuth('user'), validate('json', resendEmailBody, { allowEmpty: true }), async (c) =>
    c.json(await auth.resendEmail(c.get('deps'), c.get('auth'), c.req.valid('json'))),
  )
  .post('/forgot-password', validate('json', forgotPasswordBody), async (c) =>
    c.json(await auth.forgotPassword(c.get('deps'), c.req.valid('json').email, requestMeta(c))),
  )
  .post('/reset-password', validate('json', passwordResetRequestBody), async (c) => {
    const body = c.req.valid('json');
    const bearer = bearerToken(c.req.header('authorization'));
    const check = bearer ? await authenticateAccessToken(c.get('deps'), bearer) : undefined;
    if (!body.token && check && !check.ok) throw new ApiError(401, 'token-expired', t('error.token-expired'));
    const signedIn = check?.ok ? check.auth : undefined;
    const input = { token: body.token, password: body.password, currentPassword: body.currentPassword, auth: signedIn };
    return c.json(await auth.resetPassword(c.get('deps'), input, requestMeta(c)));
  });
