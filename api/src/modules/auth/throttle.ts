import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import { loginAttempts } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/** docs/api.md#auth: more than 10 failed attempts for one account or one IP within 15 minutes answer 429. */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
const KEEP_MS = 24 * 60 * 60_000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * When the bucket unlocks: the moment its MAX_FAILURES-th newest failure leaves the window. Throttled
 * attempts are not recorded, so hammering on does not extend the lock: it lifts when the window passes.
 */
async function lockedUntil(deps: Deps, column: typeof loginAttempts.accountKey | typeof loginAttempts.ip, value: string, now: Date) {
  const [row] = await deps.db
    .select({ createDate: loginAttempts.createDate })
    .from(loginAttempts)
    .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.createDate, new Date(now.getTime() - WINDOW_MS))))
    .orderBy(desc(loginAttempts.createDate))
    .offset(MAX_FAILURES - 1)
    .limit(1);
  return row ? row.createDate.getTime() + WINDOW_MS : undefined;
}

export async function assertNotThrottled(deps: Deps, accountKey: string, ip: string) {
  const now = deps.clock.now();
  const until = Math.max((await lockedUntil(deps, loginAttempts.accountKey, accountKey, now)) ?? 0, (await lockedUntil(deps, loginAttempts.ip, ip, now)) ?? 0);
  if (until > now.getTime()) {
    const waitSeconds = Math.ceil((until - now.getTime()) / 1000);
    const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
    throw new ApiError(429, 'too-many-attempts', t('error.login-throttled', { minutes }), { waitSeconds });
  }
}

export async function recordAttempt(deps: Deps, accountKey: string, ip: string, success: boolean) {
  const now = deps.clock.now();
  await deps.db.insert(loginAttempts).values({ accountKey, ip, success, createDate: now });
  // Rows only matter for WINDOW_MS; a cheap occasional sweep keeps the table small without a job.
  if (Math.random() < 0.02) await deps.db.delete(loginAttempts).where(lt(loginAttempts.createDate, new Date(now.getTime() - KEEP_MS)));
}
