import { verifyPassword } from '../../lib/password.js';
import { ApiError } from '../../lib/errors.js';
import type { AppDeps } from '../../context.js';
import { t } from '@sync/texts';
import { assertNotThrottled, recordAttempt } from './throttle.js';

/**
 * What a bearer token alone must not do (change the password or the email): the member proves it is them
 * with the current password, throttled like sign-in since it is a password guess. Accounts made by single
 * sign-on have no password yet and pass.
 */
export async function assertCurrentPassword(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: { id: string; passwordHash: string | null },
  given: string | undefined,
  ip: string,
): Promise<void> {
  if (!user.passwordHash) return;
  if (!given) {
    throw new ApiError(400, 'current-password-required', t('error.current-password-required'), { fields: { currentPassword: t('validation.required') } });
  }
  const throttleKey = `user:${user.id}`;
  await assertNotThrottled(deps, throttleKey, ip);
  const ok = await verifyPassword(user.passwordHash, given);
  await recordAttempt(deps, throttleKey, ip, ok);
  if (!ok) {
    throw new ApiError(400, 'invalid-current-password', t('error.invalid-current-password'), {
      fields: { currentPassword: t('error.invalid-current-password') },
    });
  }
}
