import { useState, type FormEvent } from 'react';
import { resetPasswordBody } from '@sync/contract/auth';
import { PASSWORD_MIN } from '@sync/contract/fields';
import { t } from '@sync/texts';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { toast } from '@web/ui/toast';
import { resetPassword } from './account-api';
import './account-forms.css';

export interface PasswordResetFormProps {
  /**
   * The mailed reset token, when the popup carries one. Without it the member is signed in by the
   * reset link's auto-login and the bearer token proves the reset (api/src/modules/auth/routes.ts).
   */
  token?: string | undefined;
  onDone: () => void;
}

/** New password + confirmation -> POST /reset-password; a failure is the generic error (SPEC §8). */
export function PasswordResetForm({ token, onDone }: PasswordResetFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; confirm?: string | undefined }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = resetPasswordBody.shape.password.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: confirm === '' ? t('validation.required') : confirm !== password ? t('validation.passwords-match') : undefined,
    };
    setErrors(next);
    if (!parsed.success || next.password || next.confirm) return;
    setBusy(true);
    try {
      await resetPassword(token ? { token, password: parsed.data } : { password: parsed.data });
      toast.success(t('auth.password-changed'));
      onDone();
    } catch {
      toast.error(t('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-stack account-form" onSubmit={submit} noValidate aria-label="Choose a new password">
      <p className="account-form__lead">Choose a new password for your account. You will use it the next time you sign in.</p>
      <FormField id="reset-password" label="New password" required error={errors.password} hint={`At least ${PASSWORD_MIN} characters.`}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField id="reset-password-confirm" label="Confirm new password" required error={errors.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setErrors((x) => ({ ...x, confirm: undefined }));
            }}
          />
        )}
      </FormField>
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save new password
      </SubmitButton>
    </form>
  );
}
