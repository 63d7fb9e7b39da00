/**
 * docs/product.md#validation / docs/api.md#messaging: members see chat messages with emails and phone numbers masked (staff see
 * the original). Each masked character becomes '*' and spaces stay, so the message keeps its shape.
 */

export const MASK_CHAR = '*';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * A run of digits joined by spaces, dots, dashes or parentheses, maybe after '+' or '(',
 * not starting inside a number (letters may touch it: "call5551234567" is still a phone).
 * Whether it is a phone number is decided afterwards.
 */
const NUMBER_RUN = /(?<![\d.])\+?\(?\d(?:[\d \t().-]*\d)?/g;

const MIN_PHONE_DIGITS = 7;

/** Number runs that carry 7+ digits yet are not phone numbers. */
const NOT_A_PHONE: readonly RegExp[] = [
  /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$/, // 2024-01-15
  /^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/, // 15.01.2024, 1-15-2024
  /^(?:19|20)\d{2}[ \t]*-[ \t]*(?:19|20)\d{2}$/, // 2019 - 2024
  /^\d+\.\d{1,2}$/, // 1250000.50
];

const CURRENCY_BEFORE = /[$€£¥₹][ \t]?$/;

function hide(text: string): string {
  return text.replace(/\S/g, MASK_CHAR);
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

function looksLikePhone(run: string, before: string): boolean {
  if (digitCount(run) < MIN_PHONE_DIGITS) return false;
  if (CURRENCY_BEFORE.test(before)) return false;
  return !NOT_A_PHONE.some((pattern) => pattern.test(run));
}

export function maskEmails(text: string): string {
  return text.replace(EMAIL, hide);
}

export function maskPhones(text: string): string {
  return text.replace(NUMBER_RUN, (run: string, offset: number) =>
    looksLikePhone(run, text.slice(Math.max(0, offset - 2), offset)) ? hide(run) : run,
  );
}

/** Emails first, so the digits of an address such as jane1234567@x.com are already hidden. */
export function maskContacts(text: string): string {
  return maskPhones(maskEmails(text));
}

export function containsContact(text: string): boolean {
  return maskContacts(text) !== text;
}
