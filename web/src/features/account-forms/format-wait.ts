/** A wait in seconds as minutes:seconds, e.g. 95 -> '1:35' (SPEC §4: the resend timer is shown in minutes). */
export function formatWait(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** details.waitSeconds of a 429 answer `{ error: { code, message, details } }`, when present. */
export function waitSecondsOf(body: unknown): number | null {
  const error = (body as { error?: { details?: { waitSeconds?: unknown }; waitSeconds?: unknown } } | undefined)?.error;
  const value = error?.details?.waitSeconds ?? error?.waitSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
