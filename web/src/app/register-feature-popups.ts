import { registerAccountPopups } from '@web/features/account-forms/account-popups';
import { registerProfileCompletedPopup } from '@web/features/account/completion';
import { registerNoSubscriptionPopup } from '@web/features/profiles/no-subscription-popup';
import { registerNoCreditsPopup } from '@web/features/chat/no-credits-popup';
import { registerAttachmentGalleryPopup } from '@web/features/chat/attachment-gallery-popup';
import { registerMessagingPopups } from '@web/features/messages/messaging-popups';
import { registerPaymentPopups } from '@web/features/payments/payment-popups';

/** The feature popups, loaded when the first popup opens or the app is idle (registerAppPopups). */
export function registerFeaturePopups(): void {
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
