/**
 * SQLSTATEs the database functions raise on purpose (api/src/db/functions/): a business failure,
 * whose message is the failure's code, and a sync client that belongs to another member.
 */
export const BUSINESS_FAILURE = 'DM001';
export const FOREIGN_CLIENT = 'DM002';

/** The SQLSTATE and message of an error PostgreSQL raised, looked for through drizzle's wrapping (`cause`). */
export function raisedBy(err: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, message: (e as Error).message };
  }
  return undefined;
}

/** The failure code of a business failure (SQLSTATE BUSINESS_FAILURE) a database function raised, if that is what err is. */
export function businessFailure(err: unknown): string | undefined {
  const raised = raisedBy(err);
  return raised?.code === BUSINESS_FAILURE ? raised.message : undefined;
}
