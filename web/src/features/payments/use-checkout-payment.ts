import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { userStore } from '@web/lib/user-store';
import { cartStore } from '@web/lib/cart';
import { paymentMachine } from '@web/machines/payment.machine';
import { requestPull } from '@web/sync/sync-runtime';
import { closePopup, openPopup } from '@web/ui/popups/popup-queue';
import type { PaymentStep } from './payment-progress';

/**
 * The checkout's payment (docs/decisions/0012): the payment machine, and what the member is shown as it moves.
 * Success and failure are told once, on entering the state (popups, the member read again); the waiting popup
 * lives exactly as long as the machine waits for payment, so it closes itself when the order settles.
 * `onRetryWithNewCard` must be stable: the machine keeps the first one.
 */
export function useCheckoutPayment(onRetryWithNewCard: () => void) {
  // The failure is told once: by its popup, then, once that is closed, by the alert above the form.
  const [failurePopupOpen, setFailurePopupOpen] = useState(false);
  const [machine] = useState(() =>
    paymentMachine.provide({
      actions: {
        paymentSucceeded: ({ context }) => {
          const purchase = context.attempt?.purchase;
          cartStore.clear();
          // Credits and premium come from the server: read the member again, and let the mirror catch up.
          const id = userStore.get().user?._id;
          if (id) void userStore.load(id).catch(() => undefined);
          requestPull();
          openPopup('payment-success', { orderId: context.orderId ?? undefined, kind: purchase?.kind, credits: purchase?.credits, invoiceId: context.order?.invoiceId ?? null });
        },
        paymentFailed: ({ context, self }) => {
          setFailurePopupOpen(true);
          openPopup(
            'payment-failed',
            {
              reason: context.failure ?? 'system',
              onRetry: () => {
                self.send({ type: 'RETRY' });
                onRetryWithNewCard();
              },
            },
            { onClose: () => setFailurePopupOpen(false) },
          );
        },
      },
    }),
  );
  const [state, send, actor] = useMachine(machine, { input: {} });

  const waiting = state.matches('waitingForPayment');
  useEffect(() => {
    if (!waiting) return;
    const { context } = actor.getSnapshot();
    const popup = openPopup('waiting-for-payment', {
      orderId: context.orderId ?? undefined,
      actionUrl: context.actionUrl,
      reason: context.waitingReason ?? 'timeout',
      onCheckAgain: () => actor.send({ type: 'CHECK_AGAIN' }),
    });
    return () => closePopup(popup);
  }, [waiting, actor]);

  const step: PaymentStep = state.matches({ submitting: 'tokenizing' })
    ? 'tokenizing'
    : state.matches({ submitting: 'ordering' })
      ? 'ordering'
      : state.matches({ submitting: 'charging' })
        ? 'charging'
        : 'confirming';

  return {
    state,
    send,
    busy: state.matches('submitting') || state.matches('waitingForConfirmation'),
    waiting,
    step,
    /** Shown above the form only once its popup is closed. */
    failure: state.matches('failure') && !failurePopupOpen ? state.context.failure : null,
  };
}
