/** Account payloads (docs/api.md#auth) and the access-token payload. */
import { z } from 'zod';
import { text } from './text.js';
import { normaliseExp } from '../rules/token-exp.js';
import { t } from '../texts.js';
import { MAX_AGE } from '../rules/age.js';
import {
  EMAIL_MAX,
  adult,
  dateString,
  email,
  maxAge,
  maxLength,
  username,
  usernameOrEmail,
} from '../rules/validators.js';
import { PASSWORD_MAX, choice, emailField, maxLen, optionalTextField, passwordField, textField } from './fields.js';

export const genders = ['man', 'woman'] as const;
export type Gender = (typeof genders)[number];

export const loginKinds = ['user', 'agent'] as const;
export type LoginKind = (typeof loginKinds)[number];

/**
 * Registration body. Age rules depend on the day, so the schema reads `now()` at validation
 * time; the API passes its injected clock, the web app uses the default.
 */
export function createRegisterBody(now: () => Date = () => new Date()) {
  return z.object({
    username: textField([username]),
    email: emailField,
    password: passwordField,
    gender: choice(genders),
    lookingFor: choice(genders),
    birthDate: textField([dateString, (v) => adult(v, now()), (v) => maxAge(v, MAX_AGE, now())]),
    terms: z.literal(true, { error: t('validation.terms') }),
    /** Sent again after a 412 asked for a CAPTCHA v2, or with a v3 token from the start. */
    captchaToken: text().max(4096).optional(),
    captchaVersion: z.enum(['v2', 'v3']).optional(),
  });
}
export const registerBody = createRegisterBody();
export type RegisterBody = z.infer<typeof registerBody>;
export type RegisterInput = z.input<typeof registerBody>;

export const registerAnswer = z.object({ status: z.literal('success'), access_token: text() });
export type RegisterAnswer = z.infer<typeof registerAnswer>;

export const authenticateBody = z.object({
  /** A username or an email address. */
  username: textField([maxLen(EMAIL_MAX, 'username'), usernameOrEmail]),
  password: textField([(v) => maxLength(v, PASSWORD_MAX, 'password')], { trim: false }),
  type: choice(loginKinds).optional(),
  /** An agent taking its session over from another device after a 409. */
  force: z.boolean().optional(),
  /** A member whose account awaits deletion keeps it and signs in (answered 409 deletion-pending without it). */
  cancelDeletion: z.boolean().optional(),
});
export type AuthenticateBody = z.infer<typeof authenticateBody>;

/** POST /authenticate and PATCH /authenticate (refresh) answer this. */
export const accessTokenAnswer = z.object({ access_token: text() });
export type AccessTokenAnswer = z.infer<typeof accessTokenAnswer>;

/** GET /autologin answers in camelCase (docs/api.md#endpoints). */
export const autoLoginAnswer = z.object({ accessToken: text() });
export type AutoLoginAnswer = z.infer<typeof autoLoginAnswer>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: textField([maxLen(4096, 'token')]),
  password: passwordField,
});

/**
 * POST /reset-password as the route takes it: with the mailed token, or signed in with the current password
 * instead (api auth/routes.ts).
 */
export const passwordResetRequestBody = resetPasswordBody.extend({
  token: resetPasswordBody.shape.token.optional(),
  currentPassword: text({ error: 'currentPassword must be text' }).max(200).optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/**
 * The new-password form (the reset link's, or a signed-in member's change): the new password twice, and the
 * current one when there is no reset token to prove the change.
 */
export function createNewPasswordForm({ needsCurrent }: { needsCurrent: boolean }) {
  const typed = textField([], { trim: false });
  return z
    .object({ password: passwordField, confirm: typed, currentPassword: needsCurrent ? typed : text() })
    .refine((form) => form.confirm === form.password, {
      path: ['confirm'],
      message: t('validation.passwords-match'),
      // Said beside the password's own message, not only once it passes (zod's default for object checks).
      when: ({ value }) => {
        const form = value as { password?: unknown; confirm?: unknown };
        return typeof form.password === 'string' && typeof form.confirm === 'string' && form.confirm !== '';
      },
    });
}
export type NewPasswordForm = z.output<ReturnType<typeof createNewPasswordForm>>;

export const resendEmailBody = z.object({
  new_email: optionalTextField([email]).transform((value) => (value ? value.toLowerCase() : undefined)),
});
export type ResendEmailBody = z.infer<typeof resendEmailBody>;

/** The JWT payload: `_id`, `exp`, `type` and the session id `sid`; other claims pass through. */
export const tokenPayload = z.looseObject({
  _id: text().min(1),
  exp: z.number().positive(),
  type: z.enum(loginKinds),
  sid: text().min(1),
});
export type TokenPayload = z.infer<typeof tokenPayload>;

// normaliseExp lives with the rules so the web app's token reader need not load this module's schemas (and zod).
export { normaliseExp } from '../rules/token-exp.js';

/** docs/product.md#validation: a token whose exp is at or before now is expired. */
export function isExpired(exp: number, now: Date = new Date()): boolean {
  return normaliseExp(exp) <= now.getTime();
}
