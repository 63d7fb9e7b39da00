import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AuthenticateBody, RegisterBody, ResendEmailBody } from '@sync/contract/auth';
import { defaultAgeRangeOf } from '@sync/contract/profile-edit';
import { t } from '@sync/texts';
import { RESEND_WAIT_MS } from '@sync/rules/verification';
import type { AppDeps, AuthContext, BrandContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { agents, authSessions, brands, creditLedger, emailTokens, profiles, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { hashPassword, verifyNothing, verifyPassword } from '../../lib/password.js';
import { assertCurrentPassword } from './current-password.js';
import { consumeEmailToken, createEmailToken, findEmailToken, spendMailedTokens } from './email-tokens.js';
import { resetPasswordMail, verificationMail } from './mails.js';
import { announceLogout, issueSession, liveAgentSessions, reissueSessionToken, revokeSessions, rotateSessionToken, type SessionMeta } from './sessions.js';
import { assertWithinLimits, takeRateLimit } from './rate-limit.js';
import { assertNotThrottled, recordAttempt } from './throttle.js';

export { issueSession } from './sessions.js';
export type { IssuedSession, SessionMeta, Subject } from './sessions.js';

/** A member may ask for another verification mail this long after the previous one. */
/** Forgot-password mails to one account are spaced like verification mails, so nobody can flood a mailbox. */
const RESET_MAIL_GAP_MS = 2 * 60_000;

export const INVALID_EMAIL = 'Invalid email';
export const USERNAME_TAKEN = 'This username is already taken. Please choose another one.';

import type { RequestMeta } from '../../lib/request.js';

const invalidCredentials = () => new ApiError(401, 'invalid-credentials', t('error.login-invalid-credentials'));
const autoLoginFailed = () => new ApiError(401, 'auto-login-failed', t('error.auto-login-failed'));
const blockedAccount = () => new ApiError(403, 'account-blocked', t('error.forbidden'));

/** Which unique index a failed insert hit, for the races that slip past the checks before it. */
function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? message ?? 'unique';
  }
  return undefined;
}

async function brandName(exec: Executor, brandId: string): Promise<string> {
  const [row] = await exec.select({ brand: brands.brand }).from(brands).where(eq(brands.id, brandId)).limit(1);
  return row?.brand ?? 'Amora';
}

/** A mail that fails to go out must not undo what the member did; the resend button is there for that. */
async function sendSafely(deps: AppDeps, mail: Parameters<AppDeps['providers']['mail']['send']>[0]) {
  try {
    await deps.providers.mail.send(mail);
  } catch (err) {
    console.error(`[mail] sending "${mail.subject}" to ${mail.to} failed:`, err instanceof Error ? err.message : err);
  }
}

async function sendVerificationMail(deps: AppDeps, user: { id: string; brandId: string }, to: string, changeTo: string | null, exec: Executor = deps.db) {
  const token = await createEmailToken(deps, exec, { userId: user.id, purpose: 'verify-email', email: changeTo });
  const link = `${deps.config.publicUrl}/api/verify-email?token=${token}`;
  await sendSafely(deps, verificationMail(await brandName(deps.db, user.brandId), to, link));
}

// ---------------------------------------------------------------- registration

export async function register(deps: AppDeps, brand: BrandContext, body: RegisterBody, meta: RequestMeta) {
  const limits = deps.config.floodLimits;
  await assertWithinLimits(deps, 'register', { ip: [meta.ip, limits.registerPerIp], account: [body.email.toLowerCase(), limits.registerPerEmail] });
  // Past a few sign-ups from one address the next ones need a solved v2 challenge before the hard limit refuses.
  const busyIp = !(await takeRateLimit(deps, 'register:ip-captcha', meta.ip, limits.registerCaptchaAfter)).ok;
  const captcha = await deps.providers.captcha.verify({
    token: body.captchaToken,
    version: body.captchaVersion,
    ip: meta.ip,
    subject: `${body.email} ${body.username}`,
    requireV2: busyIp,
  });
  if (!captcha.ok) {
    const message = body.captchaToken && body.captchaVersion === 'v2' ? t('recaptcha-v2-error') : t('recaptcha-v3-failed');
    throw new ApiError(412, 'captcha-required', message, { version: 'v2' });
  }

  const [taken] = await deps.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${body.email.toLowerCase()}`, sql`lower(${users.username}) = ${body.username.toLowerCase()}`))
    .limit(1);
  // A taken address is told apart from a malformed one, so the form can offer sign-in and password reset.
  if (taken?.email.toLowerCase() === body.email.toLowerCase()) throw new ApiError(422, 'email-taken', t('sign-up.email-taken'));
  if (taken) throw new ApiError(422, 'username-taken', USERNAME_TAKEN);

  const passwordHash = await hashPassword(body.password);
  const now = deps.clock.now();
  const credits = deps.config.signupCredits;
  const range = defaultAgeRangeOf(body.birthDate, now);
  let created: { userId: string; session: { access_token: string } };
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          brandId: brand.id,
          username: body.username,
          email: body.email.toLowerCase(),
          passwordHash,
          gender: body.gender,
          lookingFor: body.lookingFor,
          birthDate: body.birthDate,
          country: brand.defaultCountry,
          timezone: brand.timezone,
          credits,
          firstLoginDate: now,
          activityDate: now,
          lastVerificationEmailDate: now,
          createDate: now,
          updateDate: now,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.insert(profiles).values({
        kind: 'member',
        userId,
        brandId: brand.id,
        username: body.username,
        gender: body.gender,
        birthDate: body.birthDate,
        country: brand.defaultCountry,
        location: { country: brand.defaultCountry },
        lookingForAgeMin: range.min,
        lookingForAgeMax: range.max,
        activityDate: now,
        createDate: now,
        updateDate: now,
      });
      if (credits > 0) {
        await tx.insert(creditLedger).values({ userId, delta: credits, reason: 'signup', balanceAfter: credits, createDate: now });
      }
      const session = await issueSession(deps, { type: 'user', id: userId }, meta, tx);
      return { userId, session };
    });
  } catch (err) {
    const hit = uniqueViolation(err);
    if (hit?.includes('email')) throw new ApiError(422, 'invalid-email', INVALID_EMAIL);
    if (hit?.includes('username')) throw new ApiError(422, 'username-taken', USERNAME_TAKEN);
    throw err;
  }
  await sendVerificationMail(deps, { id: created.userId, brandId: brand.id }, body.email.toLowerCase(), null);
  return { status: 'success' as const, access_token: created.session.access_token };
}

// ---------------------------------------------------------------- sign-in

export async function authenticate(deps: AppDeps, body: AuthenticateBody, meta: RequestMeta) {
  const kind = body.type ?? 'user';
  const login = body.username.trim().toLowerCase();
  const account =
    kind === 'agent'
      ? (
          await deps.db
            .select({ id: agents.id, passwordHash: agents.passwordHash, blocked: sql<boolean>`false`, deletionDueDate: sql<Date | null>`null` })
            .from(agents)
            .where(sql`lower(${agents.email}) = ${login}`)
            .limit(1)
        )[0]
      : (
          await deps.db
            .select({ id: users.id, passwordHash: users.passwordHash, blocked: users.blocked, deletionDueDate: users.deletionDueDate })
            .from(users)
            .where(or(sql`lower(${users.username}) = ${login}`, sql`lower(${users.email}) = ${login}`))
            .limit(1)
        )[0];
  // One bucket per account whichever name was typed; unknown names get their own bucket.
  const accountKey = account ? `${kind}:${account.id}` : `${kind}:?${login}`;
  await assertNotThrottled(deps, accountKey, meta.ip);

  const ok = account ? await verifyPassword(account.passwordHash, body.password) : await verifyNothing(body.password);
  await recordAttempt(deps, accountKey, meta.ip, ok);
  if (!ok || !account) throw invalidCredentials();
  if (account.blocked) throw blockedAccount();

  if (kind === 'agent') return { access_token: await signInAgent(deps, account.id, body.force === true, meta) };

  // Deletion requested and the grace period running: the right password may keep the account, on purpose only
  // (docs/decisions/0034). Once erased, the account has no password and never gets here.
  if (account.deletionDueDate) {
    if (body.cancelDeletion !== true) {
      const deletionDate = account.deletionDueDate.toISOString();
      throw new ApiError(409, 'deletion-pending', t('auth.deletion-pending', { date: deletionDate.slice(0, 10) }), { deletionDate });
    }
    await cancelDeletion(deps.db, account.id, deps.clock.now());
  }

  const session = await issueSession(deps, { type: 'user', id: account.id }, meta);
  await markSignedIn(deps, account.id);
  return { access_token: session.access_token };
}

/** Sign-in during the grace period, the member choosing to keep the account (users/account-deletion.ts starts it). */
async function cancelDeletion(exec: Executor, userId: string, now: Date): Promise<void> {
  await exec
    .update(users)
    .set({ deletionRequestDate: null, deletionDueDate: null, updateDate: now })
    .where(and(eq(users.id, userId), isNull(users.deletedDate)));
}

async function markSignedIn(deps: AppDeps, userId: string) {
  const now = deps.clock.now();
  await deps.db
    .update(users)
    .set({ activityDate: now, firstLoginDate: sql`coalesce(${users.firstLoginDate}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

/**
 * docs/product.md#authentication "only one device per agent": a live session elsewhere answers 409 unless the agent forces the
 * take-over, which ends the old session and logs its sockets out. The agent row is locked meanwhile, so two
 * devices signing in at once cannot both win.
 */
async function signInAgent(deps: AppDeps, agentId: string, force: boolean, meta: SessionMeta): Promise<string> {
  const { token, ended, revoked } = await deps.db.transaction(async (tx) => {
    await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId)).for('update');
    const live = await liveAgentSessions(deps, tx, agentId);
    if (live.length > 0 && !force) throw new ApiError(409, 'agent-already-logged-in', t('error.agent-already-logged-in'));
    const now = deps.clock.now();
    const ended = await tx
      .update(authSessions)
      .set({ revokedDate: now, revokedReason: 'signed-in-elsewhere' })
      .where(and(eq(authSessions.agentId, agentId), isNull(authSessions.revokedDate)))
      .returning({ id: authSessions.id, expiryDate: authSessions.expiryDate });
    const session = await issueSession(deps, { type: 'agent', id: agentId }, meta, tx);
    return { token: session.access_token, ended: ended.map((s) => s.id), revoked: ended.filter((s) => s.expiryDate.getTime() > now.getTime()).map((s) => s.id) };
  });
  deps.sessions.drop(ended);
  await announceLogout(deps, revoked, 'signed-in-elsewhere');
  return token;
}

/** PATCH /authenticate: the same session, a new token; the presented one stops refreshing (rotation). */
export async function refresh(deps: AppDeps, token: string) {
  const outcome = await rotateSessionToken(deps, token);
  // docs/product.md#authentication: whatever makes a refresh impossible answers 403, and the web logs out.
  if (!outcome.ok) throw new ApiError(403, outcome.reason === 'superseded' ? 'token-superseded' : 'token-expired', t('error.token-expired'));
  return { access_token: outcome.token };
}

// ---------------------------------------------------------------- tokens by mail

/**
 * GET /autologin: every mailed token is single use. A password-reset token also signs in (docs/product.md#authentication: the
 * reset link goes through auto-login, its reset flag carried along); it is spent here and the answer carries
 * a fresh reset token, expiring with the mailed one, for the reset form to send (POST /reset-password).
 */
export async function autoLogin(deps: AppDeps, raw: string | undefined, meta: SessionMeta) {
  const token = await findEmailToken(deps.db, raw, ['auto-login', 'reset-password']);
  if (!token || !(await consumeEmailToken(deps, deps.db, token.id))) throw autoLoginFailed();
  const [user] = await deps.db.select({ blocked: users.blocked }).from(users).where(eq(users.id, token.userId)).limit(1);
  if (!user || user.blocked) throw autoLoginFailed();
  const resetToken =
    token.purpose === 'reset-password'
      ? await createEmailToken(deps, deps.db, { userId: token.userId, purpose: 'reset-password', expiryDate: token.expiryDate })
      : undefined;
  const session = await issueSession(deps, { type: 'user', id: token.userId }, meta);
  await markSignedIn(deps, token.userId);
  return { accessToken: session.access_token, ...(resetToken ? { resetToken } : {}) };
}

/** Where GET /verify-email sends the browser (docs/api.md#auth). */
export async function verifyEmail(deps: AppDeps, raw: string | undefined): Promise<string> {
  const token = await findEmailToken(deps.db, raw, ['verify-email']);
  if (!token) return '/verify?verification_error=invalid';
  const [user] = await deps.db.select().from(users).where(eq(users.id, token.userId)).limit(1);
  if (!user) return '/verify?verification_error=invalid';
  const now = deps.clock.now();
  const pendingChange = token.email !== null && token.email.toLowerCase() !== user.email.toLowerCase();
  const verified = user.emailValidated && !pendingChange;

  if (token.expiryDate.getTime() <= now.getTime()) {
    return verified ? '/verify?verification_error=already_verified' : `/verify?verification_error=expired&token=${encodeURIComponent(raw!)}`;
  }
  // A verification link signs in once, when it verifies: opened again it is only a notice (docs/product.md#errors-and-texts's already-verified row).
  if (token.usedDate || verified) return verified ? '/verify?verification_error=already_verified' : '/verify?verification_error=invalid';

  try {
    const done = await deps.db.transaction(async (tx) => {
      if (!(await consumeEmailToken(deps, tx, token.id))) return false;
      await tx
        .update(users)
        .set({ emailValidated: true, updateDate: now, ...(pendingChange ? { email: token.email!.toLowerCase() } : {}) })
        .where(eq(users.id, user.id));
      return true;
    });
    if (!done) return '/verify?verification_error=already_verified';
  } catch (err) {
    // The new address was taken by someone else since the mail went out.
    if (uniqueViolation(err)) return '/verify?verification_error=invalid';
    throw err;
  }
  return `/?token=${await createEmailToken(deps, deps.db, { userId: user.id, purpose: 'auto-login' })}`;
}

/** POST /resend-email: another verification mail, optionally to a new address that becomes the account's once verified. */
export async function resendEmail(deps: AppDeps, auth: AuthContext, body: ResendEmailBody) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.id)).limit(1);
  if (!user) throw new ApiError(404, 'not-found', t('error.not-found'));
  const newEmail = body.new_email && body.new_email !== user.email.toLowerCase() ? body.new_email : null;
  if (!newEmail && user.emailValidated) throw new ApiError(409, 'already-verified', t('verify.already-verified'));
  if (newEmail) {
    const [other] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${newEmail}`)
      .limit(1);
    if (other) throw new ApiError(422, 'invalid-email', t('edit-save-error-invalid-email'));
  }

  const now = deps.clock.now();
  const since = new Date(now.getTime() - RESEND_WAIT_MS);
  // Claimed with one conditional write, so two quick clicks send one mail.
  const claimed = await deps.db
    .update(users)
    .set({ lastVerificationEmailDate: now })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.lastVerificationEmailDate), sql`${users.lastVerificationEmailDate} <= ${since.toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: users.id });
  if (claimed.length === 0) {
    const next = (user.lastVerificationEmailDate?.getTime() ?? now.getTime()) + RESEND_WAIT_MS;
    const waitSeconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
    throw new ApiError(429, 'resend-wait', t('verify.resend-wait', { minutes: Math.ceil(waitSeconds / 60) }), {
      waitSeconds,
      nextResendDate: new Date(next).toISOString(),
    });
  }
  if (newEmail) {
    // Links to an address the member has since replaced must not set it.
    await deps.db
      .update(emailTokens)
      .set({ expiryDate: now })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'verify-email'), isNull(emailTokens.usedDate)));
  }
  await sendVerificationMail(deps, user, newEmail ?? user.email, newEmail);
  return { status: 'sent' as const, nextResendDate: new Date(now.getTime() + RESEND_WAIT_MS).toISOString() };
}

// ---------------------------------------------------------------- passwords

/** POST /forgot-password: always the same answer, so nobody learns which addresses have accounts. */
export async function forgotPassword(deps: AppDeps, email: string, meta: RequestMeta) {
  const limits = deps.config.floodLimits;
  // Counted by the typed address whether or not it has an account, so the limit tells nothing about accounts.
  await assertWithinLimits(deps, 'forgot-password', { ip: [meta.ip, limits.forgotPasswordPerIp], account: [email.toLowerCase(), limits.forgotPasswordPerEmail] });
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, brandId: users.brandId, blocked: users.blocked })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user || user.blocked) return { status: 'success' as const };
  const now = deps.clock.now();
  const [recent] = await deps.db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, user.id),
        eq(emailTokens.purpose, 'reset-password'),
        gt(emailTokens.createDate, new Date(now.getTime() - RESET_MAIL_GAP_MS)),
      ),
    )
    .limit(1);
  if (recent) return { status: 'success' as const };
  const token = await createEmailToken(deps, deps.db, { userId: user.id, purpose: 'reset-password' });
  const link = `${deps.config.publicUrl}/?token=${token}&reset-password=true`;
  await sendSafely(deps, resetPasswordMail(await brandName(deps.db, user.brandId), user.email, link));
  return { status: 'success' as const };
}

/**
 * POST /reset-password: with the mailed token (which proves the mailbox, so it also validates the email), or
 * signed in as the member with the current password: a bearer token alone never sets a password. Every other
 * session of the member ends, and every mailed token issued before; the caller's session, if it is the
 * member's, is kept and gets a fresh token, otherwise a new one is opened.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { token?: string; password: string; currentPassword?: string; auth?: AuthContext },
  meta: RequestMeta,
) {
  let userId: string;
  let fromMail = false;
  if (input.token) {
    const token = await findEmailToken(deps.db, input.token, ['reset-password']);
    if (!token || !(await consumeEmailToken(deps, deps.db, token.id))) throw new ApiError(400, 'invalid-reset-token', t('error.reset-link-invalid'));
    userId = token.userId;
    fromMail = true;
  } else if (input.auth?.type === 'user') {
    userId = input.auth.id;
    const [user] = await deps.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
    await assertCurrentPassword(deps, user, input.currentPassword, meta.ip);
  } else {
    throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
  }

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updateDate: now, ...(fromMail ? { emailValidated: true } : {}) })
      .where(eq(users.id, userId));
    await spendMailedTokens(deps, tx, userId);
  });

  const keep = input.auth?.type === 'user' && input.auth.id === userId ? input.auth : undefined;
  await revokeSessions(deps, { userId, exceptSid: keep?.sid }, 'password-changed');
  const access_token = keep ? await reissueSessionToken(deps, keep) : undefined;
  return { status: 'success' as const, access_token: access_token ?? (await issueSession(deps, { type: 'user', id: userId }, meta)).access_token };
}

/** POST /logout */
export async function logout(deps: AppDeps, auth: AuthContext) {
  await revokeSessions(deps, { sid: auth.sid }, 'logout');
  return { status: 'success' as const };
}
