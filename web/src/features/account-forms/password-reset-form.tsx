import { useState, type FormEvent } from 'react';
import { resetPasswordBody } from '@sync/contract/auth';
import { PASSWORD_MIN } from '@sync/contract/fields';
import { t } from '@sync/texts';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { authenticate } from '@web/lib/auth-session';
import { ApiError } from '@web/lib/http';
import { toast } from '@web/ui/toast';
import { resetPassword } from './account-api';
import './account-forms.css';

export interface PasswordResetFormProps {
  /**
   * The reset token the reset link's auto-login handed back (the mailed one is spent by it). Without one the
   * member proves the change with the current password, as the API asks of a signed-in member.
   */
  token?: string | undefined;
  onDone: () => void;
}

/** New password + confirmation -> POST /reset-password; a failure is the generic error (SPEC §8). */
export function PasswordResetForm({ token, onDone }: PasswordResetFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; confirm?: string | undefined; currentPassword?: string | undefined }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = resetPasswordBody.shape.password.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: confirm === '' ? t('validation.required') : confirm !== password ? t('validation.passwords-match') : undefined,
      currentPassword: !token && currentPassword === '' ? t('validation.required') : undefined,
    };
    setErrors(next);
    if (!parsed.success || next.password || next.confirm || next.currentPassword) return;
    setBusy(true);
    try {
      const answer = await resetPassword(token ? { token, password: parsed.data } : { password: parsed.data, currentPassword });
      // The reset keeps this session under a fresh token: the one held so far no longer refreshes.
      if (answer?.access_token) authenticate(answer.access_token);
      toast.success(t('auth.password-changed'));
      onDone();
    } catch (error) {
      toast.error(error instanceof ApiError && error.code === 'invalid-current-password' ? error.message : t('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  type FieldName = keyof typeof errors;
  const passwordField = (field: { name: FieldName; id: string; label: string; autoComplete: string; value: string; set: (value: string) => void; hint?: string }) => (
    <FormField id={field.id} label={field.label} required error={errors[field.name]} hint={field.hint}>
      {(control) => (
        <PasswordInput
          {...control}
          name={field.name}
          autoComplete={field.autoComplete}
          value={field.value}
          onChange={(e) => {
            field.set(e.target.value);
            setErrors((x) => ({ ...x, [field.name]: undefined }));
          }}
        />
      )}
    </FormField>
  );

  return (
    <form className="form-stack account-form" onSubmit={submit} noValidate aria-label="Choose a new password">
      <p className="account-form__lead">Choose a new password for your account. You will use it the next time you sign in.</p>
      {passwordField({ name: 'password', id: 'reset-password', label: 'New password', autoComplete: 'new-password', value: password, set: setPassword, hint: `At least ${PASSWORD_MIN} characters.` })}
      {passwordField({ name: 'confirm', id: 'reset-password-confirm', label: 'Confirm new password', autoComplete: 'new-password', value: confirm, set: setConfirm })}
      {!token &&
        passwordField({ name: 'currentPassword', id: 'reset-current-password', label: 'Current password', autoComplete: 'current-password', value: currentPassword, set: setCurrentPassword })}
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save new password
      </SubmitButton>
    </form>
  );
}
