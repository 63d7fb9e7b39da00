/**
 * The one text schema every string field and query value of the contract is built from (docs/api.md#text-input:
 * NUL and lone surrogates are refused with 400). PostgreSQL cannot store either: `text` refuses the NUL
 * byte, `jsonb` refuses `\u0000` and unpaired surrogate escapes. Refusing them here, where the request is
 * validated, answers the client's mistake with the error shape instead of a 500 from the database, and a
 * pushed mutation carrying them becomes a business failure instead of blocking the queue.
 */
import { z } from 'zod';
import { t } from '../texts.js';

// With the `u` flag a paired surrogate is one code point, so \p{Cs} matches only a lone half.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Whether PostgreSQL can store the value: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

function storableString(params?: Parameters<typeof z.string>[0]) {
  // The message is read when a value is refused, in the language of that moment, not when the schema is built.
  return z.string(params).refine(isStorableText, { error: () => t('validation.special-characters'), params: { unstorable: true } });
}

/**
 * One schema for every plain `text()`: a zod schema never changes (`.max()` and the like answer a new one), and the
 * contract's modules call `text()` a few hundred times as they load, each call a string schema and a refinement:
 * on a cheap phone that was a good part of the tasks that evaluate them.
 */
const plainText = storableString();

/** `z.string(params)` that refuses what the database cannot store; chain `.max()`, `.trim()`, `.regex()` as usual. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return params === undefined ? plainText : storableString(params);
}

/**
 * Whether a validation issue is this refusal. Routes that answer a field's own rule with another status (docs/product.md#errors-and-texts:
 * a bad email address is 422) still answer it 400, as the contract does for every field.
 */
export function isUnstorableIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.unstorable === true;
}

/**
 * A string taken as it comes, for the one value the server makes storable itself: a pushed mutation's name is
 * recorded with its refusal (`invalid-mutation`), so one bad name fails that mutation, not the whole push.
 */
export function rawText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params);
}
