import type { PaymentFailure } from '@sync/contract/payments';

/** docs/product.md#screens-and-routes popups and overlays, by name, with the props each one takes. */
export interface PopupPropsByKind {
  'sign-in': { redirect?: string; view?: 'forgot' };
  'password-reset': { token?: string };
  'sign-up': { redirect?: string };
  sidebar: Record<string, never>;
  'user-menu': Record<string, never>;
  'no-credits': Record<string, never>;
  'no-subscription': { profile?: { _id: string; username?: string }; feature?: string };
  terms: { onAccept?: () => void };
  'location-confirmation': { city?: string; onConfirm?: () => void };
  'archive-confirmation': { conversationId: string; username?: string; onConfirm?: () => void };
  'restore-confirmation': { conversationId: string; username?: string; onConfirm?: () => void };
  'profile-completed': Record<string, never>;
  'payment-success': { orderId?: string; kind?: 'credits' | 'membership'; credits?: number; invoiceId?: string | null };
  'payment-failed': { reason?: PaymentFailure; onRetry?: () => void };
  'remove-card': { cardId: string; last4?: string; brand?: string; onConfirm?: () => void; onRemoved?: () => void };
  'waiting-for-payment': { orderId?: string; actionUrl?: string | null; reason?: 'action' | 'timeout'; onCheckAgain?: () => void };
  'agent-end-session': { onConfirm?: () => void };
  /** With `cancelLabel`, a second button closes without confirming (the safe choice of a confirmation). */
  general: { title?: string; message: string; confirmLabel?: string; cancelLabel?: string; onConfirm?: () => void };
  'attachment-gallery': { images: { src: string; alt?: string }[]; index?: number };
  standalone: { name: string; [prop: string]: unknown };
}

export type PopupKind = keyof PopupPropsByKind;

export const POPUP_KINDS = [
  'sign-in',
  'password-reset',
  'sign-up',
  'sidebar',
  'user-menu',
  'no-credits',
  'no-subscription',
  'terms',
  'location-confirmation',
  'archive-confirmation',
  'restore-confirmation',
  'profile-completed',
  'payment-success',
  'payment-failed',
  'remove-card',
  'waiting-for-payment',
  'agent-end-session',
  'general',
  'attachment-gallery',
  'standalone',
] as const satisfies readonly PopupKind[];
