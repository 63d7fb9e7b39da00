import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { emailTokens, users } from '../../db/schema/index.js';
import { consumeEmailToken, createEmailToken, findEmailToken, spendMailedTokens } from './email-tokens.js';
import { emailChangeNoticeMail } from './mails.js';
import { revokeSessions } from './sessions.js';

/** Where GET /undo-email-change sends the browser: the root route shows the notice and opens sign-in. */
export const UNDO_DONE_PATH = '/?email_change=undone';
export const UNDO_INVALID_PATH = '/?email_change=invalid';

/**
 * An email change asked for: the undo token, kept with the current address. Written in the change's
 * transaction; the mail goes out after it commits (mailEmailChangeNotice).
 */
export async function createUndoToken(deps: Pick<AppDeps, 'clock'>, exec: Executor, user: { id: string; email: string }): Promise<string> {
  return createEmailToken(deps, exec, { userId: user.id, purpose: 'undo-email-change', email: user.email });
}

/** Tells the address being replaced, with the link that keeps it: a stolen token must not move the account quietly. */
export async function mailEmailChangeNotice(deps: AppDeps, brand: string, oldEmail: string, newEmail: string, undoToken: string) {
  const link = `${deps.config.publicUrl}/api/undo-email-change?token=${undoToken}`;
  try {
    await deps.providers.mail.send(emailChangeNoticeMail(brand, oldEmail, newEmail, link));
  } catch (err) {
    console.error(`[mail] email-change notice to ${oldEmail} failed:`, err instanceof Error ? err.message : err);
  }
}

/**
 * GET /undo-email-change: the account keeps (or gets back) the address the notice went to, which the click
 * proves; the pending change and every other mailed token die and every session ends, since whoever asked for
 * the change holds one. The member signs in again and is told to reset the password.
 */
export async function undoEmailChange(deps: AppDeps, raw: string | undefined): Promise<string> {
  const token = await findEmailToken(deps.db, raw, ['undo-email-change']);
  if (!token?.email) return UNDO_INVALID_PATH;
  const oldEmail = token.email.toLowerCase();
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    if (!(await consumeEmailToken(deps, tx, token.id))) return false;
    // Someone else may have taken the address since; the account then stays as it is.
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${oldEmail}`, ne(users.id, token.userId)))
      .limit(1);
    if (other) return false;
    await tx.update(users).set({ email: oldEmail, emailValidated: true, updateDate: now }).where(eq(users.id, token.userId));
    await spendMailedTokens(deps, tx, token.userId);
    // Older undo links of the same account would only replay this one.
    await tx
      .update(emailTokens)
      .set({ usedDate: now })
      .where(and(eq(emailTokens.userId, token.userId), eq(emailTokens.purpose, 'undo-email-change'), isNull(emailTokens.usedDate)));
    return true;
  });
  if (!done) return UNDO_INVALID_PATH;
  await revokeSessions(deps, { userId: token.userId }, 'email-change-undone');
  return UNDO_DONE_PATH;
}
