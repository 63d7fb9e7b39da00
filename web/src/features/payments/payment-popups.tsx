import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { removeSavedCard } from '@web/lib/payments-api';
import { userStore } from '@web/lib/user-store';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';
import { toast } from '@web/ui/toast';
import { failureText, failureTitle } from './failure-text';
import './payments.css';

function PaymentSuccessBody({ props, close }: PopupBodyProps<'payment-success'>) {
  const membership = props.kind === 'membership';
  return (
    <div className="stack pay-popup">
      <div className="pay-popup__icon pay-popup__icon--success" aria-hidden="true">
        ✓
      </div>
      <p className="pay-popup__lead">
        {membership
          ? `Welcome to VIP! Your membership is active${props.credits ? ` and ${props.credits} complimentary credits are in your account` : ''}.`
          : `${props.credits ?? 'Your'} credits have been added to your account.`}
      </p>
      {props.invoiceId && <p className="muted pay-popup__small">Invoice {props.invoiceId}</p>}
      <div className="popup__actions">
        <Link to="/profiles" className="button button--primary" onClick={close}>
          {membership ? 'Explore profiles' : 'Start chatting'}
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
      <p className="muted pay-popup__small">{bank ? 'Nothing was charged. Your bank can tell you why it declined.' : props.reason === 'refunded' ? t('payment.refund-statement') : 'Nothing was charged. Our support team will sort it out with you.'}</p>
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
            Try a different card
          </button>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={close}>
              Close
            </button>
            <Link to="/contact-us" className="button button--primary" onClick={close}>
              Contact support
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
          <p className="pay-popup__lead">Your bank asks you to confirm this payment. Confirm it below (or in a new tab); this window updates by itself once it is done.</p>
          <iframe className="pay-popup__frame" src={props.actionUrl ?? undefined} title="Payment confirmation by your bank" />
          <a href={props.actionUrl ?? undefined} target="_blank" rel="noopener" className="pay-popup__small">
            Open the confirmation page in a new tab
          </a>
        </>
      ) : (
        <p className="pay-popup__lead">We are still waiting for your bank to confirm the payment. This can take a few minutes; you will not be charged twice.</p>
      )}
      <p className="muted pay-popup__small" role="status">
        {asked ? 'Checked again: still waiting. We keep checking for a little while.' : 'You can check again at any time.'}
      </p>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          Close
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setAsked(true);
            props.onCheckAgain?.();
          }}
        >
          Check again
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
        Remove the {props.brand ? `${props.brand.charAt(0).toUpperCase()}${props.brand.slice(1)} ` : ''}card ending in {props.last4 ?? '••••'}? You can add it again at your next purchase.
      </p>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close} disabled={busy}>
          Keep card
        </button>
        <button type="button" className="button button--danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
          {busy ? 'Removing…' : 'Remove card'}
        </button>
      </div>
    </div>
  );
}

/** docs/product.md#screens-and-routes payment popups: success, failed, remove card, waiting for payment. */
export function registerPaymentPopups(): void {
  registerPopup('payment-success', { title: 'Payment successful', Body: PaymentSuccessBody, size: 'sm' });
  registerPopup('payment-failed', { title: (props) => failureTitle(props.reason ?? 'system'), Body: PaymentFailedBody, size: 'sm' });
  registerPopup('waiting-for-payment', { title: 'Waiting for payment', Body: WaitingForPaymentBody, size: 'md' });
  registerPopup('remove-card', { title: 'Remove card', Body: RemoveCardBody, size: 'sm' });
}
