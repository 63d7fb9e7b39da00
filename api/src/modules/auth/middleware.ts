import type { MiddlewareHandler } from 'hono';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { idParam } from '../../lib/params.js';
import { authenticateAccessToken, type SessionFailure } from './sessions.js';
import { requestHeader } from '../../lib/request-header.js';

export type AuthKind = 'user' | 'agent' | 'admin';

/** The bearer token of a request, if it carries one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export function sessionError(reason: SessionFailure): ApiError {
  if (reason === 'blocked') return new ApiError(403, 'account-blocked', t('error.forbidden'));
  if (reason === 'invalid') return new ApiError(401, 'unauthorized', t('error.unauthorized'));
  return new ApiError(401, 'token-expired', t('error.token-expired'));
}

/**
 * Verifies the access token and its live session and sets `c.get('auth')`. 401 without a valid token or
 * session; 403 when the signed-in kind is not the one asked for (`admin`: an agent whose role is admin).
 */
export function requireAuth(kind?: AuthKind): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(requestHeader(c, 'authorization'));
    if (!token) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
    const check = await authenticateAccessToken(c.get('deps'), token);
    if (!check.ok) throw sessionError(check.reason);
    const { auth } = check;
    const allowed =
      kind === undefined ||
      (kind === 'user' && auth.type === 'user') ||
      (kind === 'agent' && auth.type === 'agent') ||
      (kind === 'admin' && auth.type === 'agent' && auth.role === 'admin');
    if (!allowed) throw new ApiError(403, 'forbidden', t('error.forbidden'));
    c.set('auth', auth);
    await next();
  };
}

/** A member's own-account routes (`/user/{id}/…`): the path's id must be the caller's. */
export function assertOwnAccount(authId: string, pathId: string | undefined) {
  if (authId !== pathId) throw new ApiError(403, 'forbidden', t('error.forbidden'));
}

/** The path's `:id` must be the signed-in member's own account (404 not an id, 403 another's), checked before the body. */
export const ownAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertOwnAccount(c.get('auth').id, idParam(c, 'id'));
  await next();
};
