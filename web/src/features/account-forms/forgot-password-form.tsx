import { useState } from 'react';
import { forgotPasswordBody, type ForgotPasswordBody } from '@sync/contract/auth';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { contractResolver, messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { ApiError } from '@web/lib/http';
import { toast } from '@web/ui/toast';
import { forgotPassword } from './account-api';
import './account-forms.css';
import { RichText } from '@web/ui/rich-text';

addTexts(enAccount);

const resolver = contractResolver<{ email: string }, ForgotPasswordBody>(forgotPasswordBody);

/** POST /forgot-password {email}; the answer never says whether the address has an account. */
export function ForgotPasswordForm({ onBack, idPrefix = 'forgot' }: { onBack: () => void; idPrefix?: string }) {
  const { form, formRef, focusFirstError } = useContractForm({ resolver, defaultValues: { email: '' } });
  const { register, handleSubmit, formState } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(email);
      setSentTo(email);
    } catch (error) {
      // Too many requests: the server's catalogue text says how long to wait.
      toast.error(error instanceof ApiError && error.status === 429 ? error.message : t('error.generic'));
    }
  }, focusFirstError);

  if (sentTo) {
    return (
      <div className="form-stack account-form">
        <div className="form-alert form-alert--success" role="status">
          <p>
            <RichText id="account.reset-sent" values={{ email: sentTo }} components={{ 0: <strong /> }} />
          </p>
        </div>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('account.back-to-sign-in')}
        </button>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form-stack account-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('account.reset-form')}>
      <p className="account-form__lead">{t('account.reset-lead')}</p>
      <FormField id={`${idPrefix}-email`} label={t('account.email')} error={messageOf(formState.errors, 'email')}>
        {(control) => (
          <input
            {...control}
            className="form-input"
            type="email"
            {...register('email')}
            autoComplete="email"
          />
        )}
      </FormField>
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('account.sending')}>
        {t('account.send-reset-link')}
      </SubmitButton>
      <div className="account-form__footer">
        <button type="button" className="text-link" onClick={onBack}>
          {t('account.back-to-sign-in')}
        </button>
      </div>
    </form>
  );
}
