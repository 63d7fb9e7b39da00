import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { ApiError } from '@web/lib/http';
import { removeSavedCard } from '@web/lib/payments-api';
import { userStore } from '@web/lib/user-store';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';
import { toast } from '@web/ui/toast';
import { failureText, failureTitle } from './failure-text';
import './payments.css';

addTexts(enMember);

function PaymentSuccessBody({ props, close }: PopupBodyProps<'payment-success'>) {
  const membership = props.kind === 'membership';
  return (
    <div className="stack pay-popup">
      <div className="pay-popup__icon pay-popup__icon--success" aria-hidden="true">
        {'✓'}
      </div>
      <p className="pay-popup__lead">
        {membership
          ? props.credits
            ? t('member.pay.welcome-vip-credits', { credits: props.credits })
            : t('member.pay.welcome-vip')
          : props.credits !== undefined && props.credits !== null
            ? t('member.pay.credits-added', { count: props.credits })
            : t('member.pay.credits-added-unknown')}
      </p>
      {props.invoiceId && <p className="muted pay-popup__small">{t('member.pay.invoice', { id: props.invoiceId })}</p>}
      <div className="popup__actions">
        <Link to="/profiles" className="button button--primary" onClick={close}>
          {membership ? t('member.pay.explore-profiles') : t('member.pay.start-chatting')}
        </Link>
      </div>
    </div>
  );
}

function PaymentFailedBody({ props, close }: PopupBodyProps<'payment-failed'>) {
  const bank = props.reason === 'bank';
  return (
    <div className="stack pay-popup">
      <div className="pay-popup__icon pay-popup__icon--failed" aria-hidden="true">
        !
      </div>
      <p className="pay-popup__lead">{failureText(props.reason ?? 'system')}</p>
      <p className="muted pay-popup__small">{bank ? t('member.pay.bank-nothing-charged') : props.reason === 'refunded' ? t('payment.refund-statement') : t('member.pay.support-nothing-charged')}</p>
      <div className="popup__actions">
        {bank ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              close();
              props.onRetry?.();
            }}
          >
            {t('member.pay.try-different-card')}
          </button>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={close}>
              {t('member.pay.close')}
            </button>
            <Link to="/contact-us" className="button button--primary" onClick={close}>
              {t('member.pay.contact-support')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

function WaitingForPaymentBody({ props, close }: PopupBodyProps<'waiting-for-payment'>) {
  const [asked, setAsked] = useState(false);
  const action = props.reason === 'action' && props.actionUrl;
  return (
    <div className="stack pay-popup">
      {action ? (
        <>
          <p className="pay-popup__lead">{t('member.pay.bank-confirm-lead')}</p>
          <iframe className="pay-popup__frame" src={props.actionUrl ?? undefined} title={t('member.pay.bank-confirm-frame')} />
          <a href={props.actionUrl ?? undefined} target="_blank" rel="noopener" className="pay-popup__small">
            {t('member.pay.open-confirmation-new-tab')}
          </a>
        </>
      ) : (
        <p className="pay-popup__lead">{t('member.pay.still-waiting-lead')}</p>
      )}
      <p className="muted pay-popup__small" role="status">
        {asked ? t('member.pay.checked-again') : t('member.pay.check-any-time')}
      </p>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('member.pay.close')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setAsked(true);
            props.onCheckAgain?.();
          }}
        >
          {t('member.pay.check-again')}
        </button>
      </div>
    </div>
  );
}

function RemoveCardBody({ props, close }: PopupBodyProps<'remove-card'>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const answer = await removeSavedCard(props.cardId);
      userStore.update({ savedCards: answer.savedCards });
      toast.success(t('payment.card-removed'));
      props.onRemoved?.();
      close();
    } catch (failure) {
      // docs/product.md#errors-and-texts: the server's message when it gives one.
      setError(failure instanceof ApiError && failure.message ? failure.message : t('error.generic'));
      setBusy(false);
    }
  }
  return (
    <div className="stack pay-popup">
      <p className="pay-popup__lead">
        {props.brand
          ? t('member.pay.remove-brand-card-question', { brand: `${props.brand.charAt(0).toUpperCase()}${props.brand.slice(1)}`, last4: props.last4 ?? '••••' })
          : t('member.pay.remove-card-question', { last4: props.last4 ?? '••••' })}
      </p>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close} disabled={busy}>
          {t('member.pay.keep-card')}
        </button>
        <button type="button" className="button button--danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
          {busy ? t('member.pay.removing') : t('member.pay.remove-card')}
        </button>
      </div>
    </div>
  );
}

/** docs/product.md#screens-and-routes payment popups: success, failed, remove card, waiting for payment. */
export function registerPaymentPopups(): void {
  registerPopup('payment-success', { title: () => t('member.pay.payment-successful'), Body: PaymentSuccessBody, size: 'sm' });
  registerPopup('payment-failed', { title: (props) => failureTitle(props.reason ?? 'system'), Body: PaymentFailedBody, size: 'sm' });
  registerPopup('waiting-for-payment', { title: () => t('member.pay.waiting-for-payment'), Body: WaitingForPaymentBody, size: 'md' });
  registerPopup('remove-card', { title: () => t('member.pay.remove-card'), Body: RemoveCardBody, size: 'sm' });
}
