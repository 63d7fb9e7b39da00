import { useLayoutEffect, useState, type ReactNode } from 'react';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { ApiError } from '@web/lib/http';
import { formatLocale } from '@web/lib/i18n';
import { messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { anyMissing, credentialsResolver, prefetchCredentialsRules } from '@web/ui/forms/credentials';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { toast } from '@web/ui/toast';
import { login } from './account-api';
import './account-forms.css';

addTexts(enAccount);

export interface SignInFormProps {
  /** Receives the access token of a successful login. */
  onSuccess: (accessToken: string) => void | Promise<void>;
  onForgotPassword: () => void;
  /** Under the button: the way to sign up (a link on the page, a popup switch in the popup). */
  footer?: ReactNode;
  idPrefix?: string;
  /** In a popup the first field takes the focus, so people can type straight away. */
  autoFocus?: boolean;
}

/** The message for a failed login (docs/product.md#errors-and-texts): 401 credentials, 429 the server's words, else generic. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return t('error.login-invalid-credentials');
    if (error.status === 429) return error.message;
  }
  return t('error.generic');
}

export function SignInForm({ onSuccess, onForgotPassword, footer, idPrefix = 'sign-in', autoFocus = false }: SignInFormProps) {
  const { form, formRef, focusFirstError } = useContractForm({ resolver: credentialsResolver, defaultValues: { username: '', password: '' } });
  const { register, handleSubmit, formState, setFocus } = form;
  // Layout effect: the box is registered by then (refs are set first), and focused before the member sees the form.
  useLayoutEffect(() => {
    if (autoFocus) setFocus('username');
  }, [autoFocus, setFocus]);
  const [keeping, setKeeping] = useState(false);
  const busy = formState.isSubmitting || keeping;
  // Sign-in during the grace period of a deletion (decision 0034): the member chooses to keep the account or not.
  const [pendingDeletion, setPendingDeletion] = useState<{ username: string; password: string; date: string } | null>(null);

  const submit = handleSubmit(
    async ({ username, password }) => {
      try {
        const answer = await login({ username, password });
        await onSuccess(answer.access_token);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && error.code === 'deletion-pending') {
          const date = (error.body as { error?: { deletionDate?: string } } | undefined)?.error?.deletionDate;
          setPendingDeletion({ username, password, date: date ? new Date(date).toLocaleDateString(formatLocale(), { dateStyle: 'long' }) : '' });
          return;
        }
        toast.error(loginFailureMessage(error));
      }
    },
    (errors) => {
      // docs/product.md#validation: both are needed; without either, warn and make no call.
      if (anyMissing(errors)) toast.warning(t('error.login-invalid-credentials'));
      focusFirstError(errors);
    },
  );

  async function keepAccount() {
    if (!pendingDeletion || busy) return;
    setKeeping(true);
    try {
      const answer = await login({ username: pendingDeletion.username, password: pendingDeletion.password, cancelDeletion: true });
      setPendingDeletion(null);
      toast.success(t('auth.deletion-cancelled'));
      await onSuccess(answer.access_token);
    } catch (error) {
      toast.error(loginFailureMessage(error));
    } finally {
      setKeeping(false);
    }
  }

  if (pendingDeletion) {
    return (
      <section className="form-stack account-form account-form__deletion" aria-labelledby={`${idPrefix}-deletion-title`}>
        <p id={`${idPrefix}-deletion-title`} className="account-form__deletion-title" role="alert">
          {t('auth.deletion-pending', { date: pendingDeletion.date })}
        </p>
        <p className="muted">{t('auth.deletion-pending-text')}</p>
        <button type="button" className="form-submit" onClick={() => void keepAccount()} disabled={busy} aria-busy={busy}>
          {busy && <span className="form-submit__spinner" aria-hidden="true" />}
          <span>{t('auth.deletion-cancel')}</span>
        </button>
        <button type="button" className="button button--ghost" onClick={() => setPendingDeletion(null)} disabled={busy}>
          {t('auth.deletion-leave')}
        </button>
      </section>
    );
  }

  return (
    <form
      ref={formRef}
      className="form-stack account-form"
      onSubmit={(event) => void submit(event)}
      onFocus={prefetchCredentialsRules}
      noValidate
      aria-label={t('account.sign-in-form')}
    >
      <FormField id={`${idPrefix}-username`} label={t('account.username-or-email')} error={messageOf(formState.errors, 'username')}>
        {(control) => (
          <input
            {...control}
            aria-invalid={Boolean(formState.errors.username)}
            {...register('username')}
            className="form-input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-password`} label={t('account.password')} error={messageOf(formState.errors, 'password')}>
        {(control) => (
          <PasswordInput
            {...control}
            aria-invalid={Boolean(formState.errors.password)}
            {...register('password')}
            autoComplete="current-password"
          />
        )}
      </FormField>
      <div className="account-form__row-end">
        <button type="button" className="text-link" onClick={onForgotPassword}>
          {t('account.forgot-password')}
        </button>
      </div>
      <SubmitButton busy={busy} busyLabel={t('account.signing-in')}>
        {t('account.sign-in')}
      </SubmitButton>
      {footer && <div className="account-form__footer">{footer}</div>}
    </form>
  );
}
