/** How long a member waits between two verification emails (the API refuses sooner with 429 resend-wait). */
export const RESEND_WAIT_MS = 2 * 60_000;

/** When the next verification email may be sent, given the last one (null: at once). */
export function nextResendDate(lastSent: Date | null | undefined): Date | null {
  return lastSent ? new Date(lastSent.getTime() + RESEND_WAIT_MS) : null;
}
