import { t } from '@sync/texts';
import { registerAccountPopups } from '@web/features/account-forms/account-popups';
import { registerProfileCompletedPopup } from '@web/features/account/completion';
import { registerNoSubscriptionPopup } from '@web/features/profiles/no-subscription-popup';
import { registerNoCreditsPopup } from '@web/features/chat/no-credits-popup';
import { registerAttachmentGalleryPopup } from '@web/features/chat/attachment-gallery-popup';
import { registerMessagingPopups } from '@web/features/messages/messaging-popups';
import { registerPaymentPopups } from '@web/features/payments/payment-popups';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

function GeneralPopup({ props, close }: PopupBodyProps<'general'>) {
  return (
    <div className="stack">
      <p>{props.message}</p>
      <div className="popup__actions">
        {props.cancelLabel && (
          <button type="button" className="button button--ghost" onClick={close}>
            {props.cancelLabel}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            props.onConfirm?.();
            close();
          }}
        >
          {props.confirmLabel ?? t('popup.ok')}
        </button>
      </div>
    </div>
  );
}

/** The popups the shell provides; feature popups register themselves the same way. */
export function registerAppPopups(): void {
  registerPopup('general', { title: (props) => props.title ?? t('popup.general-title'), Body: GeneralPopup, size: 'sm' });
  // The account popups (sign-in with redirect, sign-up, password reset) live with the account forms.
  registerAccountPopups();
  // Locked member features (favourites, likes, photos) share the no-subscription popup.
  registerNoSubscriptionPopup();
  registerProfileCompletedPopup();
  // Messaging: no credits to send, archive and restore confirmations.
  registerNoCreditsPopup();
  registerAttachmentGalleryPopup();
  registerMessagingPopups();
  // Payments: success, failed, remove card, waiting for payment.
  registerPaymentPopups();
}
