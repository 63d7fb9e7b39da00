import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { memberAgeVerified } from '../../db/functions/calls.js';
import { ApiError } from '../../lib/errors.js';

/**
 * docs/product.md#data: whether the member may act under the age gate, as the database function member_age_verified
 * (api/src/db/functions/member_age_verified.sql) decides it, the one the send asks inside send_member_message.
 * Which actions need it is docs/decisions/0009-age-verification-gates.md: sending messages and buying.
 */
export async function isAgeVerified(exec: Executor, userId: string): Promise<boolean> {
  return memberAgeVerified.callIn(exec, { uid: userId });
}

/** 403 age-verification-required unless the member may act. */
export async function assertAgeVerified(exec: Executor, userId: string): Promise<void> {
  if (!(await isAgeVerified(exec, userId))) throw new ApiError(403, 'age-verification-required', t('age-verification.required'));
}
