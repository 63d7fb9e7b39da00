/** A wait in seconds as minutes:seconds, e.g. 95 -> '1:35' (docs/product.md#verification: the resend timer is shown in minutes). */
export function formatWait(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The wait a 429 answer names: `waitSeconds` beside code and message (the API spreads its details
 * into `error`), or nested under `details`.
 */
export function waitSecondsOf(body: unknown): number | null {
  const error = (body as { error?: { details?: { waitSeconds?: unknown }; waitSeconds?: unknown } } | undefined)?.error;
  const value = error?.waitSeconds ?? error?.details?.waitSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Seconds from `now` until an ISO date, or null when absent or past. */
export function secondsUntil(isoDate: unknown, now = Date.now()): number | null {
  if (typeof isoDate !== 'string') return null;
  const at = Date.parse(isoDate);
  return Number.isFinite(at) && at > now ? Math.ceil((at - now) / 1000) : null;
}
