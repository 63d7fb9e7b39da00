import { eq, sql } from 'drizzle-orm';
import { safeRedirectPath } from '@sync/rules/redirect';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import type { AgeVerificationResult } from '../../providers/age-verification/verifier.js';
import { publishUserUpdate } from '../users/user-update.js';

/**
 * A return address on this site only: a path, or an absolute URL on the request's own origin (which is reduced to
 * its path). Anything else could send the member to another site after verification (open redirect).
 */
export function sameSiteUrl(value: string, origin: string): string | undefined {
  let candidate = value;
  if (!value.startsWith('/')) {
    try {
      const url = new URL(value);
      if (url.origin !== origin) return undefined;
      candidate = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return undefined;
    }
  }
  const path = safeRedirectPath(candidate);
  return path === undefined ? undefined : `${origin}${path}`;
}

/**
 * POST /api/user/{id}/age-verification: opens a session with the provider and marks the member's verification
 * pending (a previous approval stays until a new outcome replaces it). Answers where to send the browser.
 */
export async function startAgeVerification(
  deps: AppDeps,
  userId: string,
  body: { callbackUrl: string; cancelUrl: string },
  origin: string,
): Promise<{ redirectUrl: string }> {
  const callbackUrl = sameSiteUrl(body.callbackUrl, origin);
  const cancelUrl = sameSiteUrl(body.cancelUrl, origin);
  if (!callbackUrl || !cancelUrl) {
    const fields = { ...(callbackUrl ? {} : { callbackUrl: t('age-verification.invalid-url') }), ...(cancelUrl ? {} : { cancelUrl: t('age-verification.invalid-url') }) };
    throw new ApiError(400, 'invalid-redirect', t('age-verification.invalid-url'), { fields });
  }
  const reference = userId;
  const session = await deps.providers.ageVerification.start({ reference, callbackUrl, cancelUrl });
  const now = deps.clock.now().toISOString();
  await deps.db
    .update(users)
    .set({
      ageVerification: sql`${users.ageVerification} || ${JSON.stringify({ status: 'pending', reference: session.sessionId, startedAt: now })}::jsonb`,
      updateDate: deps.clock.now(),
    })
    .where(eq(users.id, userId));
  return { redirectUrl: session.redirectUrl };
}

/**
 * The provider's outcome (its webhook). Only the member's current session counts; a late answer for an older
 * session is ignored. Approve sets result true, decline false; cancel leaves the result as it was.
 */
export async function handleAgeVerificationResult(deps: AppDeps, result: AgeVerificationResult): Promise<void> {
  const now = deps.clock.now();
  const patch =
    result.outcome === 'cancelled'
      ? { status: 'cancelled', checkedAt: now.toISOString() }
      : { status: result.outcome, result: result.outcome === 'approved', checkedAt: now.toISOString() };
  const updated = await deps.db
    .update(users)
    .set({ ageVerification: sql`${users.ageVerification} || ${JSON.stringify(patch)}::jsonb`, updateDate: now })
    .where(sql`${users.id} = ${result.reference} and ${users.ageVerification}->>'reference' = ${result.sessionId}`)
    .returning({ id: users.id });
  if (updated.length > 0) await publishUserUpdate(deps, result.reference);
}

/** PATCH /api/user/{id}/is-doi: the member confirmed the double opt-in (or withdrew it with isDOI false). */
export async function setDoi(deps: AppDeps, userId: string, isDOI: boolean): Promise<void> {
  await deps.db.update(users).set({ isDOI, updateDate: deps.clock.now() }).where(eq(users.id, userId));
}
