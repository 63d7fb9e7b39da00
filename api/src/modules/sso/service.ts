import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { users } from '../../db/schema/index.js';
import type { SsoIdentity, SsoProvider } from '../../providers/sso/sso.js';
import { createEmailToken } from '../auth/email-tokens.js';

/** The configured single sign-on provider (providers/create.ts); none means SSO is off. */
export function ssoProvider(deps: AppDeps): SsoProvider | undefined {
  return deps.providers.sso;
}

/** users.sso_subject: the provider's subject is only unique within its issuer. */
export const ssoSubject = (identity: Pick<SsoIdentity, 'issuer' | 'subject'>) => `${identity.issuer}|${identity.subject}`;

export type SsoOutcome = { ok: true; userId: string } | { ok: false; code: 'not_found' | 'account_blocked' };

/**
 * The member this identity signs in: the one linked to its subject, else the one whose address the provider
 * has verified (linked from then on). An unverified address finds no one: anybody can claim any address
 * at some providers. An account already linked to another subject is not taken over.
 */
export async function findSsoUser(deps: AppDeps, identity: SsoIdentity): Promise<SsoOutcome> {
  const subject = ssoSubject(identity);
  const [linked] = await deps.db.select({ id: users.id, blocked: users.blocked }).from(users).where(eq(users.ssoSubject, subject)).limit(1);
  let found = linked;
  if (!found && identity.email && identity.emailVerified) {
    const [byEmail] = await deps.db
      .update(users)
      .set({ ssoSubject: subject, updateDate: deps.clock.now() })
      .where(and(sql`lower(${users.email}) = ${identity.email.toLowerCase()}`, isNull(users.ssoSubject)))
      .returning({ id: users.id, blocked: users.blocked });
    // A parallel callback for the same person may have linked it a moment ago.
    [found] = byEmail
      ? [byEmail]
      : await deps.db.select({ id: users.id, blocked: users.blocked }).from(users).where(eq(users.ssoSubject, subject)).limit(1);
  }
  if (!found) return { ok: false, code: 'not_found' };
  if (found.blocked) return { ok: false, code: 'account_blocked' };
  return { ok: true, userId: found.id };
}

/**
 * A single-use auto-login token (10 minutes) for `/?token=`: the web app's token flow trades it at
 * GET /api/autologin for an access token, which is where the session is opened.
 */
export function autoLoginToken(deps: AppDeps, userId: string): Promise<string> {
  return createEmailToken(deps, deps.db, { userId, purpose: 'auto-login' });
}
