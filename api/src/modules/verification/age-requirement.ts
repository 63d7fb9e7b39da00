import { eq } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { brands, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/**
 * SPEC §3: a member is age-verified when verification does not apply or its result is truthy. It applies when
 * the member's brand demands it (brands.age_verification_required) or the account was flagged on its own.
 * Which actions need it is docs/decisions/0009-age-verification-gates.md: sending messages and buying. The send
 * checks it inside the database (api/src/db/functions/member_age_verified.sql): keep the two alike.
 */
export async function ageVerificationState(exec: Executor, userId: string): Promise<{ applicable: boolean; verified: boolean }> {
  const [row] = await exec
    .select({ own: users.ageVerificationApplicable, brand: brands.ageVerificationRequired, check: users.ageVerification })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, userId));
  if (!row) return { applicable: false, verified: true };
  const applicable = row.own || row.brand;
  return { applicable, verified: !applicable || row.check.result === true };
}

export async function isAgeVerified(exec: Executor, userId: string): Promise<boolean> {
  return (await ageVerificationState(exec, userId)).verified;
}

/** 403 age-verification-required unless the member may act. */
export async function assertAgeVerified(exec: Executor, userId: string): Promise<void> {
  if (!(await isAgeVerified(exec, userId))) throw new ApiError(403, 'age-verification-required', t('age-verification.required'));
}
