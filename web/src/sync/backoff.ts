/**
 * Retry spacing for the outbox and the socket: 1 s doubling to 30 s, with "equal jitter" (half the step
 * fixed, half random) so many clients coming back at once spread out.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

export function backoffDelay(attempt: number, random: () => number = Math.random, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
