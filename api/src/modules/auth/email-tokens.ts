import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { emailTokens } from '../../db/schema/index.js';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type EmailToken = typeof emailTokens.$inferSelect;

/** How long each kind of mailed token stays usable. */
export const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 48 * 60 * 60_000,
  'auto-login': 10 * 60_000,
  'reset-password': 60 * 60_000,
  'undo-email-change': 7 * 24 * 60 * 60_000,
};

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** A random 32-byte token (base64url); only its sha256 is stored, so a database leak signs no one in. */
export async function createEmailToken(
  deps: Pick<AppDeps, 'clock'>,
  exec: Executor,
  input: { userId: string; purpose: EmailTokenPurpose; email?: string | null; expiryDate?: Date },
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await exec.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(raw),
    email: input.email ?? null,
    createDate: now,
    expiryDate: input.expiryDate ?? new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
  });
  return raw;
}

/** The stored token, used or not, expired or not; the caller decides what each state means. */
export async function findEmailToken(exec: Executor, raw: string | undefined, purposes: EmailTokenPurpose[]): Promise<EmailToken | undefined> {
  if (!raw || raw.length > 200) return undefined;
  const [row] = await exec.select().from(emailTokens).where(eq(emailTokens.tokenHash, hashToken(raw))).limit(1);
  return row && purposes.includes(row.purpose) ? row : undefined;
}

/** Marks a token used exactly once: of two concurrent uses, one wins. */
export async function consumeEmailToken(deps: Pick<AppDeps, 'clock'>, exec: Executor, id: string): Promise<boolean> {
  const now = deps.clock.now();
  const rows = await exec
    .update(emailTokens)
    .set({ usedDate: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedDate), gt(emailTokens.expiryDate, now)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

export function isUsable(token: EmailToken, now: Date): boolean {
  return !token.usedDate && token.expiryDate.getTime() > now.getTime();
}

const PASSWORD_BOUND: EmailTokenPurpose[] = ['verify-email', 'reset-password', 'auto-login'];

/**
 * A password change or reset ends every mailed token issued before it (a link sitting in a mailbox someone
 * else read must not outlive the new password). The undo link of an email change survives: it is the owner's
 * way back when someone who knew the password took the account (modules/users/email-change.ts).
 */
export async function spendMailedTokens(deps: Pick<AppDeps, 'clock'>, exec: Executor, userId: string, purposes: EmailTokenPurpose[] = PASSWORD_BOUND): Promise<void> {
  const now = deps.clock.now();
  await exec
    .update(emailTokens)
    .set({ usedDate: now })
    .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedDate)));
}

