import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over a `sync/contract` schema, so a form shows the contract's own messages
 * (docs/product.md#validation texts). `toInput` maps what the controls hold to what the contract takes, e.g. an unanswered
 * radio ('') to undefined so it reads 'Required' rather than 'Invalid option'.
 */
export function contractResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toInput: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TOutput> {
  // The contract's input type differs from the controls' (strings for numbers, '' for unanswered), hence the casts.
  const resolve = zodResolver(schema as z.ZodType<TOutput, FieldValues>) as unknown as Resolver<FieldValues, unknown, TOutput>;
  return (values, context, options) =>
    resolve(toInput(values) as FieldValues, context, options as unknown as Parameters<typeof resolve>[2]) as ReturnType<Resolver<TValues, unknown, TOutput>>;
}

export interface ContractFormOptions<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  // The resolver says what the form holds; the defaults only fill it in.
  defaultValues: NoInfer<DefaultValues<TValues>>;
}

/**
 * The house's form: nothing is checked until the first submit, then each field is checked again as it
 * changes (so a message goes as soon as the answer is right). After a failed submit (`focusFirstError` as
 * handleSubmit's onInvalid), or an error the server put on a field, the first invalid control in document
 * order takes the focus.
 */
export function useContractForm<TValues extends FieldValues, TOutput>({ resolver, defaultValues }: ContractFormOptions<TValues, TOutput>) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // react-hook-form focuses in registration order, which is not the page's once fields come and go.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Found by name in document order, at once: the messages have not rendered yet when react-hook-form reports them.
  const focusFirstError = useCallback((errors: Partial<Record<string, unknown>>) => {
    const invalid = new Set(Object.keys(errors));
    const controls = Array.from(formRef.current?.elements ?? []) as HTMLInputElement[];
    controls.find((control) => invalid.has(control.name) && !control.disabled)?.focus();
  }, []);
  return { form, formRef, focusFirstError };
}

/** The message under a field, as FormField and ChoiceGroup take it. */
export function messageOf<TValues extends FieldValues>(errors: FieldErrors<TValues>, name: keyof TValues & string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Runs `onEdit` whenever the member changes an answer, e.g. to drop a notice about the last attempt. */
export function useOnEdit<TValues extends FieldValues>(form: UseFormReturn<TValues, unknown, unknown>, onEdit: () => void): void {
  const { watch } = form;
  useEffect(() => {
    const subscription = watch(() => onEdit());
    return () => subscription.unsubscribe();
  }, [watch, onEdit]);
}
