import { eq, sql, type SQL } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { brands, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/**
 * SPEC §3: a member is age-verified when verification does not apply or its result is truthy. It applies when
 * the member's brand demands it (brands.age_verification_required) or the account was flagged on its own.
 * Which actions need it is docs/decisions/0009-age-verification-gates.md: sending messages and buying.
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

/** The same rule as one SQL boolean, for folding the gate into a statement the caller runs anyway. */
export function ageVerifiedSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select not (u.age_verification_applicable or b.age_verification_required) or coalesce(u.age_verification->'result' = 'true'::jsonb, false)
    from ${users} u join ${brands} b on b.id = u.brand_id where u.id = ${userId}), true)`;
}

export async function isAgeVerified(exec: Executor, userId: string): Promise<boolean> {
  return (await ageVerificationState(exec, userId)).verified;
}

/** 403 age-verification-required unless the member may act. */
export async function assertAgeVerified(exec: Executor, userId: string): Promise<void> {
  if (!(await isAgeVerified(exec, userId))) throw new ApiError(403, 'age-verification-required', t('age-verification.required'));
}
