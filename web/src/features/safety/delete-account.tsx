import { useState, type FormEvent } from 'react';
import { DELETION_GRACE_DAYS } from '@sync/contract/safety';
import { t } from '@sync/texts';
import { call, pathParams, rpc, via } from '@web/lib/rpc';
import { ApiError } from '@web/lib/http';
import { formatLocale } from '@web/lib/i18n';
import { FormField } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { PopupFrame } from '@web/ui/popups/popup-frame';
import { toast } from '@web/ui/toast';
import './safety.css';

/**
 * Settings: delete the account with the current password, after a confirmation. The server ends every session,
 * so this device signs out at once; the data goes after the grace period (decision 0034).
 */
export function DeleteAccount({ userId, onDeleted }: { userId: string; onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [graceEnd, setGraceEnd] = useState('');

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('error.current-password-required'));
      return;
    }
    setError(undefined);
    // The date the confirmation names, from the moment the member asks.
    setGraceEnd(new Date(Date.now() + DELETION_GRACE_DAYS * 86_400_000).toLocaleDateString(formatLocale(), { dateStyle: 'long' }));
    setConfirming(true);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await call(rpc.user[':id'].deletion.$post({ param: pathParams({ id: userId }), json: { currentPassword: password } }, via({ loader: false })));
      setConfirming(false);
      toast.info(t('auth.deletion-pending', { date: new Date(answer.deletionDate).toLocaleDateString(formatLocale(), { dateStyle: 'long' }) }), { duration: 10_000 });
      onDeleted();
    } catch (err) {
      setConfirming(false);
      setBusy(false);
      const fields = err instanceof ApiError ? (err.body as { error?: { fields?: Record<string, string> } } | undefined)?.error?.fields : undefined;
      setError(fields?.currentPassword ?? (err instanceof ApiError ? err.message : t('error.generic')));
    }
  };
  return (
    <form className="delete-account" onSubmit={ask} noValidate aria-label={t('settings.delete-title')}>
      <FormField label={t('settings.delete-password')} error={error} required>
        {(control) => <PasswordInput {...control} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <div className="settings-actions">
        <button type="submit" className="button settings-danger">
          {t('settings.delete-button')}
        </button>
      </div>
      {confirming && (
        <PopupFrame open onOpenChange={(o) => !o && !busy && setConfirming(false)} title={t('settings.delete-confirm-title')} description={t('settings.delete-confirm-text', { date: graceEnd })} size="sm" kind="delete-account">
          <div className="popup__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={busy}>
              {t('safety.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {t('settings.delete-confirm')}
            </button>
          </div>
        </PopupFrame>
      )}
    </form>
  );
}
