import { useState } from 'react';
import { createNewPasswordForm, type NewPasswordForm } from '@sync/contract/auth';
import { PASSWORD_MIN } from '@sync/contract/fields';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { contractResolver, messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { authenticate } from '@web/lib/auth-session';
import { ApiError } from '@web/lib/http';
import { toast } from '@web/ui/toast';
import { resetPassword } from './account-api';
import './account-forms.css';

addTexts(enAccount);

export interface PasswordResetFormProps {
  /**
   * The reset token the reset link's auto-login handed back (the mailed one is spent by it). Without one the
   * member proves the change with the current password, as the API asks of a signed-in member.
   */
  token?: string | undefined;
  onDone: () => void;
}

/** New password + confirmation -> POST /reset-password; a failure is the generic error (docs/product.md#errors-and-texts). */
export function PasswordResetForm({ token, onDone }: PasswordResetFormProps) {
  const needsCurrent = !token;
  const [resolver] = useState(() => contractResolver<NewPasswordForm, NewPasswordForm>(createNewPasswordForm({ needsCurrent })));
  const { form, formRef, focusFirstError } = useContractForm({ resolver, defaultValues: { password: '', confirm: '', currentPassword: '' } });
  const { register, handleSubmit, formState } = form;

  const submit = handleSubmit(async ({ password, currentPassword }) => {
    try {
      const answer = await resetPassword(token ? { token, password } : { password, currentPassword });
      // The reset keeps this session under a fresh token: the one held so far no longer refreshes.
      if (answer?.access_token) authenticate(answer.access_token);
      toast.success(t('auth.password-changed'));
      onDone();
    } catch (error) {
      toast.error(error instanceof ApiError && error.code === 'invalid-current-password' ? error.message : t('error.generic'));
    }
  }, focusFirstError);

  const passwordField = (field: { name: keyof NewPasswordForm; id: string; label: string; autoComplete: string; hint?: string }) => (
    <FormField id={field.id} label={field.label} required error={messageOf(formState.errors, field.name)} hint={field.hint}>
      {(control) => <PasswordInput {...control} {...register(field.name)} autoComplete={field.autoComplete} />}
    </FormField>
  );

  return (
    <form ref={formRef} className="form-stack account-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('account.new-password-form')}>
      <p className="account-form__lead">{t('account.new-password-lead')}</p>
      {passwordField({ name: 'password', id: 'reset-password', label: t('account.new-password'), autoComplete: 'new-password', hint: t('account.password-hint', { min: PASSWORD_MIN }) })}
      {passwordField({ name: 'confirm', id: 'reset-password-confirm', label: t('account.new-password-confirm'), autoComplete: 'new-password' })}
      {needsCurrent &&
        passwordField({ name: 'currentPassword', id: 'reset-current-password', label: t('account.current-password'), autoComplete: 'current-password' })}
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('account.saving')}>
        {t('account.save-new-password')}
      </SubmitButton>
    </form>
  );
}
