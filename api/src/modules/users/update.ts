import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { User } from '@sync/contract/entities';
import type { AppDeps, AuthContext } from '../../context.js';
import { brands, emailTokens, profiles, users } from '../../db/schema/index.js';
import type { ProfileLocation, UserSettings } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { assertCurrentPassword } from '../auth/current-password.js';
import { createUndoToken, mailEmailChangeNotice } from '../auth/email-change.js';
import { createEmailToken, spendMailedTokens } from '../auth/email-tokens.js';
import { verificationMail } from '../auth/mails.js';
import { reissueSessionToken, revokeSessions } from '../auth/sessions.js';
import { loadViewer } from '../profiles/viewer.js';
import { recomputeCompletion } from '../profiles/completion.js';
import type { AccountPatchBody } from '@sync/contract/profile-edit';
import { loadUserState } from './service.js';

export const invalidEmail = () => new ApiError(422, 'invalid-email', t('edit-save-error-invalid-email'));

/** PATCH /api/user/{id}'s answer: the user state plus what the web shows once after a save. */
export type AccountUpdateResult = User & {
  /** True on the save that completed the profile: the web opens the profile-completed popup. */
  profileCompleted: boolean;
  /** A verification mail went to `pendingEmail`; `email` stays the old address until the link is opened. */
  emailVerificationSent: boolean;
  pendingEmail?: string;
  /** A fresh token for the caller's session after a password change (other sessions ended). */
  access_token?: string;
};

type Deps = AppDeps;

/**
 * Saves any part of the edit form in one transaction: nothing is written when any part fails. An email change
 * keeps the current address and mails a verification link to the new one (the auth module's verify-email flow
 * sets it when opened) and a notice with an undo link to the old one; a password change ends the member's other
 * sessions and every mailed token. Both need the current password.
 */
export async function updateAccount(
  deps: Deps,
  auth: AuthContext,
  body: AccountPatchBody,
  meta: { ip: string },
): Promise<AccountUpdateResult> {
  const [current] = await deps.db
    .select({ user: users, brandName: brands.brand })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, auth.id))
    .limit(1);
  if (!current) throw new ApiError(404, 'not-found', t('error.not-found'));
  const { user } = current;

  const newEmail = body.email !== undefined && body.email !== user.email.toLowerCase() ? body.email : null;
  if (newEmail) {
    const [other] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${newEmail}`, ne(users.id, user.id)))
      .limit(1);
    if (other) throw invalidEmail();
  }

  // A bearer token alone changes neither the password nor the email (either hands the account over).
  if (body.password !== undefined || newEmail) await assertCurrentPassword(deps, user, body.currentPassword, meta.ip);
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;

  // Registration makes the profile row; an account made another way gets it here, so every field has a home.
  const { profileId } = await loadViewer(deps.db, user.id);
  const now = deps.clock.now();
  const { completed, token, undoToken } = await deps.db.transaction(async (tx) => {
    const [profile] = await tx.select({ location: profiles.location }).from(profiles).where(eq(profiles.id, profileId)).limit(1);

    const settings: Partial<UserSettings> = {};
    if (body.keepLocationPrivate !== undefined) settings.keepLocationPrivate = body.keepLocationPrivate;
    if (body.showOnline !== undefined) settings.showOnline = body.showOnline;
    if (body.notifyByEmail !== undefined) settings.notifyByEmail = body.notifyByEmail;
    if (body.measurement !== undefined) settings.measurement = body.measurement;
    if (body.timeFormat !== undefined) settings.timeFormat = body.timeFormat;
    if (body.language !== undefined) settings.language = body.language;

    let country: string | undefined;
    let location: ProfileLocation | undefined;
    if (body.location !== undefined) {
      country = body.location?.country?.toUpperCase() ?? profile?.location.country ?? user.country;
      location = body.location
        ? { country, city: body.location.city, state: body.location.state, ...(body.location.zip ? { zip: body.location.zip } : {}) }
        : { country };
    }

    await tx
      .update(users)
      .set({
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(body.gender !== undefined ? { gender: body.gender } : {}),
        ...(country ? { country } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(newEmail ? { lastVerificationEmailDate: now } : {}),
        // Merged in SQL, so settings saved by another request meanwhile are kept.
        ...(Object.keys(settings).length ? { settings: sql`${users.settings} || ${JSON.stringify(settings)}::jsonb` } : {}),
        updateDate: now,
      })
      .where(eq(users.id, user.id));

    await tx
      .update(profiles)
      .set({
        ...(body.gender !== undefined ? { gender: body.gender } : {}),
        ...(location ? { location, country: location.country } : {}),
        ...(body.lookingForAge ? { lookingForAgeMin: body.lookingForAge.min, lookingForAgeMax: body.lookingForAge.max } : {}),
        ...(body.lookingFor !== undefined ? { lookingForTags: [...new Set(body.lookingFor)] } : {}),
        ...(body.aboutMe !== undefined ? { aboutMe: body.aboutMe } : {}),
        ...(body.height !== undefined ? { heightCm: body.height } : {}),
        ...(body.bodyType !== undefined ? { bodyType: body.bodyType } : {}),
        ...(body.ethnicity !== undefined ? { ethnicity: body.ethnicity } : {}),
        ...(body.hairColor !== undefined ? { hairColor: body.hairColor } : {}),
        ...(body.eyeColor !== undefined ? { eyeColor: body.eyeColor } : {}),
        ...(body.relationshipStatus !== undefined ? { relationshipStatus: body.relationshipStatus } : {}),
        updateDate: now,
      })
      .where(eq(profiles.id, profileId));

    let token: string | undefined;
    let undoToken: string | undefined;
    // A new password ends every link mailed before it, the verification of a new address included (it is sent below).
    if (passwordHash) await spendMailedTokens(deps, tx, user.id);
    if (newEmail) {
      // Links to an address the member has since replaced must not set it.
      await tx
        .update(emailTokens)
        .set({ expiryDate: now })
        .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'verify-email'), isNull(emailTokens.usedDate)));
      token = await createEmailToken(deps, tx, { userId: user.id, purpose: 'verify-email', email: newEmail });
      undoToken = await createUndoToken(deps, tx, user);
    }
    const { completed } = await recomputeCompletion(tx, user.id, now);
    return { completed, token, undoToken };
  });

  if (newEmail && token) {
    const link = `${deps.config.publicUrl}/api/verify-email?token=${token}`;
    try {
      await deps.providers.mail.send(verificationMail(current.brandName, newEmail, link));
    } catch (err) {
      // The change is saved; the member can ask for the mail again with POST /resend-email.
      console.error(`[mail] verification for a changed address failed:`, err instanceof Error ? err.message : err);
    }
  }
  if (newEmail && undoToken) await mailEmailChangeNotice(deps, current.brandName, user.email, newEmail, undoToken);

  let access_token: string | undefined;
  if (passwordHash) {
    await revokeSessions(deps, { userId: user.id, exceptSid: auth.sid }, 'password-changed');
    access_token = await reissueSessionToken(deps, auth);
  }

  const state = await loadUserState(deps, deps.db, user.id);
  if (!state) throw new ApiError(404, 'not-found', t('error.not-found'));
  return {
    ...state,
    profileCompleted: completed,
    emailVerificationSent: Boolean(newEmail),
    ...(newEmail ? { pendingEmail: newEmail } : {}),
    ...(access_token ? { access_token } : {}),
  };
}
