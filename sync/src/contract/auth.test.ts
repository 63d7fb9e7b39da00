import { describe, expect, it } from 'vitest';
import { authenticateBody, createNewPasswordForm, createRegisterBody, isExpired, normaliseExp, resendEmailBody, resetPasswordBody, tokenPayload } from './auth.js';
import { t } from '../texts.js';

const now = new Date('2025-06-15T12:00:00Z');
const registerBody = createRegisterBody(() => now);

const valid = {
  username: 'jane_doe',
  email: '  Jane@Example.COM ',
  password: 'correct horse',
  gender: 'woman',
  lookingFor: 'man',
  birthDate: '2007-06-15',
  terms: true,
};

/** The message per field path of a failed parse. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('registerBody', () => {
  it('accepts a valid sign-up and normalises the email', () => {
    const parsed = registerBody.parse(valid);
    expect(parsed.email).toBe('jane@example.com');
    expect(parsed.password).toBe('correct horse');
  });

  it('says Required for missing fields', () => {
    const result = registerBody.safeParse({ ...valid, username: undefined, email: '   ' });
    expect(messages(result)).toMatchObject({ username: 'Required', email: 'Required' });
  });

  it('uses the documented messages', () => {
    const result = registerBody.safeParse({
      ...valid,
      email: 'nope',
      password: 'short',
      gender: 'other',
      birthDate: '2007-06-16',
      terms: false,
    });
    expect(messages(result)).toEqual({
      email: 'Please enter a valid email address',
      password: 'The password must contain at least 8 symbols',
      gender: 'Please choose one of the options',
      birthDate: 'You have to be at least 18 years old',
      terms: 'Please acknowledge to proceed.',
    });
  });

  it('bounds dates and passwords', () => {
    expect(messages(registerBody.safeParse({ ...valid, birthDate: '15/06/2007' }))).toEqual({ birthDate: 'Incorrect date format' });
    expect(messages(registerBody.safeParse({ ...valid, birthDate: '1924-06-15' }))).toEqual({
      birthDate: 'You have to be at most 100 years old',
    });
    expect(registerBody.safeParse({ ...valid, birthDate: '1924-06-16' }).success).toBe(true);
    expect(messages(registerBody.safeParse({ ...valid, password: 'x'.repeat(129) }))).toEqual({
      password: 'The password must contain at most 128 symbols',
    });
  });

  it('reads the clock at validation time', () => {
    let today = new Date('2025-06-14T12:00:00Z');
    const body = createRegisterBody(() => today);
    expect(body.safeParse(valid).success).toBe(false);
    today = now;
    expect(body.safeParse(valid).success).toBe(true);
  });
});

describe('authenticateBody', () => {
  it('takes a username or an email', () => {
    expect(authenticateBody.parse({ username: 'jane_doe', password: 'x' }).username).toBe('jane_doe');
    expect(authenticateBody.parse({ username: 'agent@example.com', password: 'x', type: 'agent', force: true }).force).toBe(true);
  });
  it('refuses anything else', () => {
    expect(messages(authenticateBody.safeParse({ username: 'jane doe', password: 'x' }))).toEqual({
      username: 'Must be a valid username or email address.',
    });
    expect(messages(authenticateBody.safeParse({ username: 'jane', password: '' }))).toEqual({ password: 'Required' });
    expect(authenticateBody.safeParse({ username: `${'a'.repeat(250)}@b.co`, password: 'x' }).success).toBe(false);
    expect(authenticateBody.safeParse({ username: 'jane', password: 'x', type: 'admin' }).success).toBe(false);
  });
});

describe('other account bodies', () => {
  it('resets with a token and a valid password', () => {
    expect(resetPasswordBody.safeParse({ token: 'abc', password: 'long enough' }).success).toBe(true);
    expect(resetPasswordBody.safeParse({ token: '', password: 'long enough' }).success).toBe(false);
  });
  it('resends with or without a new address', () => {
    expect(resendEmailBody.parse({})).toEqual({ new_email: undefined });
    expect(resendEmailBody.parse({ new_email: 'New@Mail.com' })).toEqual({ new_email: 'new@mail.com' });
    expect(resendEmailBody.safeParse({ new_email: 'bad' }).success).toBe(false);
  });
});

describe('token payload', () => {
  it('needs _id, exp, type and sid and keeps other claims', () => {
    const parsed = tokenPayload.parse({ _id: 'u1', exp: 1_750_000_000, type: 'user', sid: 's1', iat: 1 });
    expect(parsed.iat).toBe(1);
    expect(tokenPayload.safeParse({ _id: 'u1', exp: 1, type: 'admin', sid: 's' }).success).toBe(false);
  });

  it('normalises exp to 13 digits', () => {
    expect(normaliseExp(1_750_000_000)).toBe(1_750_000_000_000);
    expect(normaliseExp(1_750_000_000_123)).toBe(1_750_000_000_123);
    expect(normaliseExp(1_750_000_000_123_456)).toBe(1_750_000_000_123);
    expect(normaliseExp(1_750_000_000.5)).toBe(1_750_000_000_000);
    expect(String(normaliseExp(175_000_000))).toHaveLength(13);
    expect(normaliseExp(0)).toBe(0);
  });

  it('expires at exp, not after', () => {
    expect(isExpired(1_750_000_000, new Date(1_750_000_000_000))).toBe(true);
    expect(isExpired(1_750_000_000, new Date(1_749_999_999_999))).toBe(false);
  });
});

describe('new-password form', () => {
  const messages = (input: Record<string, string>, needsCurrent: boolean) => {
    const parsed = createNewPasswordForm({ needsCurrent }).safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('needs the password twice, alike, and the current one only without a reset token', () => {
    expect(messages({ password: 'a-long-password', confirm: 'a-long-password', currentPassword: '' }, false)).toEqual({});
    expect(messages({ password: 'a-long-password', confirm: '', currentPassword: '' }, true)).toEqual({ confirm: t('validation.required'), currentPassword: t('validation.required') });
  });

  it('says the passwords differ beside a too-short password', () => {
    const found = messages({ password: 'short', confirm: 'other', currentPassword: '' }, false);
    expect(found.confirm).toBe(t('validation.passwords-match'));
    expect(found.password).toBeDefined();
  });
});
