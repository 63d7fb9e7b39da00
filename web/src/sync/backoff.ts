/** Outbox retries: 1 s doubling to 30 s, "equal jitter" (half fixed, half random) so clients spread out. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;

export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
