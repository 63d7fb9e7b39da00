import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_DETAILS_MAX, reportReasonLabels, reportReasons, type ReportReason } from '@sync/contract/safety';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { ChoiceGroup, FormField } from '@web/ui/forms/form-field';
import { PopupFrame } from '@web/ui/popups/popup-frame';
import type { SafetyMenuSlot } from '@web/ui/safety-menu-slot';
import { toast } from '@web/ui/toast';
import { blockProfile, reportProfile } from './safety-api';
import '@web/ui/forms/forms.css';
import './safety.css';

/** The menu button's sign; its name comes from aria-label. */
const MORE_SIGN = '⋯';

type Open = 'block' | 'report' | null;

/**
 * "⋯" beside a profile's name (profile page, chat header): Report and Block, each confirmed in a dialog.
 * `onBlocked` runs once the server took the block (the chat leaves for the inbox, the profile page for the list).
 */
export function SafetyMenu({ profileId, username, onBlocked, className }: { profileId: string; username: string; onBlocked: () => void; className?: string }) {
  const [open, setOpen] = useState<Open>(null);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={`icon-button safety-menu__trigger${className ? ` ${className}` : ''}`} aria-label={t('safety.menu', { username })}>
          <span aria-hidden="true">{MORE_SIGN}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="menu__item" onSelect={() => setOpen('report')}>
              {t('safety.report')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={() => setOpen('block')}>
              {t('safety.block')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {open === 'block' && <BlockDialog profileId={profileId} username={username} onClose={() => setOpen(null)} onBlocked={onBlocked} />}
      {open === 'report' && <ReportDialog profileId={profileId} username={username} onClose={() => setOpen(null)} onBlocked={onBlocked} />}
    </>
  );
}

const failure = (error: unknown) => (error instanceof ApiError ? error.message : t('error.generic'));

function BlockDialog({ profileId, username, onClose, onBlocked }: { profileId: string; username: string; onClose: () => void; onBlocked: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await blockProfile(profileId);
      toast.success(t('safety.blocked-toast', { username }));
      onClose();
      onBlocked();
    } catch (err) {
      setError(failure(err));
      setBusy(false);
    }
  };
  return (
    <PopupFrame open onOpenChange={(o) => !o && onClose()} title={t('safety.block-title', { username })} description={t('safety.block-text', { username })} size="sm" kind="block-profile">
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {t('safety.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          {t('safety.block-confirm')}
        </button>
      </div>
    </PopupFrame>
  );
}

function ReportDialog({ profileId, username, onClose, onBlocked }: { profileId: string; username: string; onClose: () => void; onBlocked: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const name = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError('Choose a reason');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await reportProfile(profileId, { reason, ...(details.trim() ? { details: details.trim() } : {}), block: alsoBlock });
      toast.success(t('safety.report-sent'));
      onClose();
      if (alsoBlock) onBlocked();
    } catch (err) {
      setError(failure(err));
      setBusy(false);
    }
  };
  return (
    <PopupFrame open onOpenChange={(o) => !o && onClose()} title={t('safety.report-title', { username })} size="md" kind="report-profile" ownBody>
      <form className="popup__body safety-report" onSubmit={(e) => void submit(e)} noValidate>
        <ChoiceGroup legend={t('safety.report-reason')} error={reasonError} required>
          {(described) => (
            <div className="safety-report__reasons" role="radiogroup" {...described}>
              {reportReasons.map((value) => (
                <label key={value} className="safety-report__reason">
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setReasonError(undefined);
                    }}
                  />
                  <span>{reportReasonLabels[value]}</span>
                </label>
              ))}
            </div>
          )}
        </ChoiceGroup>
        <FormField label={t('safety.report-details')} hint={`${details.length} / ${REPORT_DETAILS_MAX}`}>
          {(control) => <textarea {...control} className="form-input safety-report__details" rows={3} maxLength={REPORT_DETAILS_MAX} value={details} onChange={(e) => setDetails(e.target.value)} />}
        </FormField>
        <label className="safety-report__block">
          <input type="checkbox" checked={alsoBlock} onChange={(e) => setAlsoBlock(e.target.checked)} />
          <span>{t('safety.report-also-block', { username })}</span>
        </label>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('safety.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('safety.report-send')}
          </button>
        </div>
      </form>
    </PopupFrame>
  );
}

/** The menu as the pages' slot takes it (routes hand it to the chat and profile pages). */
export const renderSafetyMenu: SafetyMenuSlot = (profile) => <SafetyMenu {...profile} />;
