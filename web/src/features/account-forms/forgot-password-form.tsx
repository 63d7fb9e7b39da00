import { useState, type FormEvent } from 'react';
import { forgotPasswordBody } from '@sync/contract/auth';
import { t } from '@sync/texts';
import { fieldErrorsOf } from '@web/ui/forms/field-errors';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { ApiError } from '@web/lib/http';
import { toast } from '@web/ui/toast';
import { forgotPassword } from './account-api';
import './account-forms.css';

/** POST /forgot-password {email}; the answer never says whether the address has an account. */
export function ForgotPasswordForm({ onBack, idPrefix = 'forgot' }: { onBack: () => void; idPrefix?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = forgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrorsOf<'email'>(parsed.error).email);
      return;
    }
    setBusy(true);
    try {
      await forgotPassword(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      // Too many requests: the server's catalogue text says how long to wait.
      toast.error(error instanceof ApiError && error.status === 429 ? error.message : t('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="form-stack account-form">
        <div className="form-alert form-alert--success" role="status">
          <p>
            If an account exists for <strong>{sentTo}</strong>, a link to reset your password is on its way. It can take a
            few minutes, so check your spam folder too.
          </p>
        </div>
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    );
  }

  return (
    <form className="form-stack account-form" onSubmit={submit} noValidate aria-label="Reset your password">
      <p className="account-form__lead">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <FormField id={`${idPrefix}-email`} label="Email" error={error}>
        {(control) => (
          <input
            {...control}
            className="form-input"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send reset link
      </SubmitButton>
      <div className="account-form__footer">
        <button type="button" className="text-link" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
