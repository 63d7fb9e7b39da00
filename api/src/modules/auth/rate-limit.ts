import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import { rateLimitHits } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';

/** At most `max` requests in any `windowMs` (config.ts: REGISTER_LIMIT_*, FORGOT_PASSWORD_LIMIT_*). */
export interface FloodLimit {
  max: number;
  windowMs: number;
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Counts one request in `bucket` for `key` (an IP, an email) and says whether it fits the limit. The row is
 * written before counting, so two API processes on one database never both let the limit's last request
 * through (a burst arriving at the same instant may be refused a little more than needed, never less); a refused
 * request's row is taken back, so hammering on does not extend the wait. Refused: the seconds until the request
 * would fit again.
 */
export async function takeRateLimit(deps: Deps, bucket: string, key: string, limit: FloodLimit): Promise<{ ok: true } | { ok: false; waitSeconds: number }> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - limit.windowMs);
  const [own] = await deps.db.insert(rateLimitHits).values({ bucket, key, createDate: now }).returning({ id: rateLimitHits.id });
  const inWindow = and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.createDate, since));
  // The (max+1)-th newest request in the window, this one included: when it exists the limit is passed.
  const [over] = await deps.db.select({ id: rateLimitHits.id }).from(rateLimitHits).where(inWindow).orderBy(desc(rateLimitHits.createDate)).offset(limit.max).limit(1);
  if (Math.random() < 0.02) await deps.db.delete(rateLimitHits).where(lt(rateLimitHits.createDate, new Date(now.getTime() - KEEP_MS)));
  if (!over) return { ok: true };
  await deps.db.delete(rateLimitHits).where(eq(rateLimitHits.id, own!.id));
  // The request becomes possible again when the max-th newest counted one leaves the window.
  const [gate] = await deps.db
    .select({ createDate: rateLimitHits.createDate })
    .from(rateLimitHits)
    .where(inWindow)
    .orderBy(desc(rateLimitHits.createDate))
    .offset(limit.max - 1)
    .limit(1);
  const until = (gate?.createDate.getTime() ?? now.getTime()) + limit.windowMs;
  return { ok: false, waitSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

export function tooManyRequests(waitSeconds: number): ApiError {
  return new ApiError(429, 'too-many-requests', t('error.too-many-requests', { minutes: Math.max(1, Math.ceil(waitSeconds / 60)) }), { waitSeconds });
}

/** Per IP first, then per target account: a refusal of either answers 429 with the error shape. */
export async function assertWithinLimits(deps: Deps, action: string, checks: { ip: [string, FloodLimit]; account: [string, FloodLimit] }) {
  for (const [kind, [key, limit]] of Object.entries(checks)) {
    const taken = await takeRateLimit(deps, `${action}:${kind}`, key, limit);
    if (!taken.ok) throw tooManyRequests(taken.waitSeconds);
  }
}
