import { Link } from '@tanstack/react-router';
import type { PaymentFailure } from '@sync/contract/payments';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { AgeVerificationNeeded } from './age-verification';
import { failureText, failureTitle } from './failure-text';

addTexts(enMember);

export type PaymentStep = 'tokenizing' | 'ordering' | 'charging' | 'confirming';

const steps = [
  { key: 'tokenizing', label: 'member.pay.step-tokenizing' },
  { key: 'ordering', label: 'member.pay.step-ordering' },
  { key: 'charging', label: 'member.pay.step-charging' },
  { key: 'confirming', label: 'member.pay.step-confirming' },
] as const;

/** Where a payment under way is, in place of the Pay button: the step now, the ones done and the ones to come. */
export function PaymentProgress({ step }: { step: PaymentStep }) {
  const at = steps.findIndex((s) => s.key === step);
  return (
    <div className="pay-progress" role="status" aria-live="polite">
      <span className="spinner pay-progress__spinner" aria-hidden="true" />
      <div>
        <p className="pay-progress__now">{steps[at] && t(steps[at].label)}…</p>
        <ol className="pay-progress__steps" aria-hidden="true">
          {steps.map((s, i) => (
            <li key={s.key} className={i < at ? 'is-done' : i === at ? 'is-current' : ''}>
              {t(s.label)}
            </li>
          ))}
        </ol>
        <p className="muted pay-progress__hint">{t('member.pay.keep-page-open')}</p>
      </div>
    </div>
  );
}

/** A failed payment above the form, once its popup is closed: a bank decline asks for another card, anything else for support. */
export function PaymentFailedAlert({ failure, onTryAgain, onTryAnotherCard }: { failure: PaymentFailure; onTryAgain: () => void; onTryAnotherCard: () => void }) {
  return (
    <div className="form-alert form-alert--error pay-alert" role="alert">
      <strong>{failureTitle(failure)}.</strong> {failureText(failure)}
      <div className="pay-alert__actions">
        {failure === 'bank' ? (
          <button type="button" className="button button--ghost" onClick={onTryAnotherCard}>
            {t('member.pay.try-different-card')}
          </button>
        ) : (
          <>
            <Link to="/contact-us" className="button button--ghost">
              {t('member.pay.contact-support')}
            </Link>
            <button type="button" className="button button--ghost" onClick={onTryAgain}>
              {t('member.pay.try-again')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** The server refused what was entered (e.g. an offer already used); an age check it asks for is offered right here. */
export function PaymentRefusedAlert({ message, code }: { message: string; code: string | null }) {
  return code === 'age-verification-required' ? (
    <AgeVerificationNeeded message={message} />
  ) : (
    <p className="form-alert form-alert--error" role="alert">
      {message}
    </p>
  );
}

/** The bank has not settled the payment: its confirmation page if it asked for one, and a way to ask again. */
export function WaitingForPaymentAlert({ reason, actionUrl, onCheckAgain }: { reason: 'action' | 'timeout' | null; actionUrl: string | null; onCheckAgain: () => void }) {
  return (
    <div className="form-alert pay-alert pay-alert--waiting" role="status">
      <strong>{t('member.pay.waiting-alert')}</strong> {reason === 'action' ? t('member.pay.bank-asks-confirm') : t('member.pay.bank-not-answered')}
      <div className="pay-alert__actions">
        {actionUrl && (
          <a className="button button--ghost" href={actionUrl} target="_blank" rel="noopener">
            {t('member.pay.open-confirmation')}
          </a>
        )}
        <button type="button" className="button button--primary" onClick={onCheckAgain}>
          {t('member.pay.check-again')}
        </button>
      </div>
    </div>
  );
}
