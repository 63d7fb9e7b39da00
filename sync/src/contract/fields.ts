/**
 * zod field builders over the docs/product.md#validation rules, so a contract field reports exactly the message the
 * web form shows: 'Required' when absent or blank, then the first failing rule's message.
 */
import { z } from 'zod';
import { text } from './text.js';
import { t } from '../texts.js';
import { atLeastOne, email, maxLength, minLength, required, type RuleResult } from '../rules/validators.js';

export type TextRule = (value: string) => RuleResult;

function missing(input: unknown): boolean {
  return input === undefined || input === null;
}

const requiredOrInvalid = (issue: { input?: unknown }) =>
  missing(issue.input) ? t('validation.required') : t('validation.invalid-value');

export interface TextOptions {
  /** Passwords keep their spaces; everything else is trimmed before the rules run. */
  trim?: boolean;
}

/** A required string checked by `rules` in order. */
export function textField(rules: readonly TextRule[] = [], { trim = true }: TextOptions = {}) {
  const base = text({ error: requiredOrInvalid });
  return (trim ? base.trim() : base).superRefine((value, ctx) => {
    const problem = required(value) ?? firstFailure(rules, value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** An optional string: absent or blank is fine, anything else must pass `rules`. */
export function optionalTextField(rules: readonly TextRule[] = []) {
  return text({ error: t('validation.invalid-value') })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const problem = firstFailure(rules, value);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional();
}

function firstFailure(rules: readonly TextRule[], value: string): RuleResult {
  for (const rule of rules) {
    const problem = rule(value);
    if (problem !== null) return problem;
  }
  return null;
}

/** Rule: at most `max` symbols, naming `field` in the message. */
export const maxLen =
  (max: number, field: string): TextRule =>
  (value) =>
    maxLength(value, max, field);

/** One of `values`; 'Required' when absent. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (missing(issue.input) ? t('validation.required') : t('validation.one-of')),
  });
}

/** A list of distinct `values` with 'Select at least one' when empty. */
export function atLeastOneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(choice(values), { error: requiredOrInvalid })
    .superRefine((list, ctx) => {
      const problem = atLeastOne(list);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((list) => [...new Set(list)]);
}

/**
 * Whether a date text names an instant PostgreSQL can compare and store: JavaScript reads years 0, negative and
 * past 9999 (and writes them back as `0000-…`, `-000001-…`, `+010000-…`), which the database refuses.
 */
export function storableInstant(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** Trimmed and lower-cased, so one mailbox is one account whatever the capitals typed. */
export const emailField = textField([email]).transform((value) => value.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordField = textField(
  [(v) => minLength(v, PASSWORD_MIN, 'password'), (v) => maxLength(v, PASSWORD_MAX, 'password')],
  { trim: false },
);
