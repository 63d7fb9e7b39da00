/**
 * docs/product.md#validation form rules. Each returns null when the value passes, else the message to show.
 * They are the single definition behind both the web forms and the zod contracts in
 * `sync/src/contract`. Rules that depend on the time take `now` (defaulting to the call time).
 */
import { t } from '../texts.js';
import { MIN_AGE, ageFromDateString, parseDateString } from './age.js';

export type RuleResult = string | null;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
export const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;
/** Cards are not issued with expiry dates further ahead than this. */
const EXPIRY_MAX_YEARS_AHEAD = 20;

/** Present: not undefined, null, blank text or an empty list. */
export function required(value: unknown): RuleResult {
  const missing =
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  return missing ? t('validation.required') : null;
}

export function dateString(value: string): RuleResult {
  return parseDateString(value) ? null : t('validation.date-string');
}

/** At least 18 full years old on `now`; an unreal date fails with the date-format message. */
export function adult(birthDate: string, now: Date = new Date()): RuleResult {
  const age = ageFromDateString(birthDate, now);
  if (age === null) return t('validation.date-string');
  return age >= MIN_AGE ? null : t('validation.adult');
}

/** At most `max` full years old on `now`. */
export function maxAge(birthDate: string, max: number, now: Date = new Date()): RuleResult {
  const age = ageFromDateString(birthDate, now);
  if (age === null) return t('validation.date-string');
  return age <= max ? null : t('validation.max-age', { max });
}

/** Luhn checksum over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Card number without the spaces people type between digit groups. */
export function normaliseCardNumber(value: string): string {
  return value.replace(/ /g, '');
}

export function creditCard(value: string): RuleResult {
  const digits = normaliseCardNumber(value);
  return /^\d{13,19}$/.test(digits) && luhnValid(digits) ? null : t('validation.credit-card');
}

export function cvv(value: string): RuleResult {
  return /^\d{3,4}$/.test(value) ? null : t('validation.cvv');
}

/** A 2- or 4-digit year as a full year: '27' is 2027. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

function expiryProblem(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return true;
  const y = fullYear(year);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  // A card stays valid through the last day of its expiry month.
  if (y < nowYear || (y === nowYear && month < nowMonth)) return true;
  return y > nowYear + EXPIRY_MAX_YEARS_AHEAD;
}

function toInteger(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/** Separate expiry month (1..12) and year (YY or YYYY) fields, not before the month of `now`. */
export function expirationDate(month: number | string, year: number | string, now: Date = new Date()): RuleResult {
  return expiryProblem(toInteger(month), toInteger(year), now) ? t('validation.expiration-date') : null;
}

/** One `MM/YY` field, not before the month of `now`. */
export function expiryMmYy(value: string, now: Date = new Date()): RuleResult {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return t('validation.expiry-mmyy');
  return expiryProblem(Number(match[1]), Number(match[2]), now) ? t('validation.expiry-mmyy') : null;
}

export function zipcode(value: string): RuleResult {
  return /^\d{5}(-\d{4})?$/.test(value) ? null : t('validation.zipcode');
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A deliverable-looking address: dot-atom local part (no quoted forms), a domain of at least two
 * labels and an alphabetic top-level label. Stricter than RFC 5322 on purpose: what it refuses,
 * mail providers refuse too.
 */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1] ?? '');
}

export function email(value: string): RuleResult {
  return isEmail(value) ? null : t('validation.email');
}

/** Counts characters as people see them (code points), so an emoji is one symbol. */
function symbolCount(value: string): number {
  return [...value].length;
}

export function minLength(value: string, min: number, field: string): RuleResult {
  return symbolCount(value) >= min ? null : t('validation.min-length', { field, min });
}

export function maxLength(value: string, max: number, field: string): RuleResult {
  return symbolCount(value) <= max ? null : t('validation.max-length', { field, max });
}

export function isUsername(value: string): boolean {
  return new RegExp(`^\\w{${USERNAME_MIN},${USERNAME_MAX}}$`).test(value);
}

/** Word characters only (ASCII letters, digits, underscore), 3 to 24 of them. */
export function username(value: string): RuleResult {
  return isUsername(value) ? null : t('validation.username', { min: USERNAME_MIN, max: USERNAME_MAX });
}

export function atLeastOne(values: readonly unknown[]): RuleResult {
  return values.length > 0 ? null : t('validation.at-least-one');
}

export function isIpV4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export function isIpV6(value: string): boolean {
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string | undefined): string[] => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const all = [...head, ...tail];
  let count = 0;
  for (let i = 0; i < all.length; i += 1) {
    const group = all[i] ?? '';
    if (/^[0-9A-Fa-f]{1,4}$/.test(group)) {
      count += 1;
    } else if (i === all.length - 1 && isIpV4(group)) {
      // An embedded IPv4 tail (::ffff:192.0.2.1) fills two groups.
      count += 2;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}

export function ipAddress(value: string): RuleResult {
  return isIpV4(value) || isIpV6(value) ? null : t('validation.ip-address');
}

export function usernameOrEmail(value: string): RuleResult {
  return isUsername(value) || isEmail(value) ? null : t('validation.username-or-email');
}

/** The first failing rule's message, so a form shows one message per field. */
export function firstProblem(...results: RuleResult[]): RuleResult {
  return results.find((r) => r !== null) ?? null;
}
