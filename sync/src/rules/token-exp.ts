const EXP_DIGITS = 13;

/**
 * docs/product.md#data: exp as a 13-digit millisecond timestamp. JWTs carry seconds (10 digits); anything
 * shorter is scaled up and anything longer (microseconds) scaled down, whole milliseconds kept.
 */
export function normaliseExp(exp: number): number {
  if (!Number.isFinite(exp) || exp <= 0) return 0;
  const whole = Math.trunc(exp);
  const digits = String(whole).length;
  if (digits === EXP_DIGITS) return whole;
  return digits < EXP_DIGITS ? whole * 10 ** (EXP_DIGITS - digits) : Math.trunc(whole / 10 ** (digits - EXP_DIGITS));
}
