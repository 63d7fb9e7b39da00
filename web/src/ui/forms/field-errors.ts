import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * The first message per top-level field of a failed zod parse, so a form shows one message
 * under each field, worded by the shared rules in sync/ (never re-stated here).
 */
export function fieldErrorsOf<K extends string = string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** Moves focus to the first invalid control, in document order, so keyboard users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
}
