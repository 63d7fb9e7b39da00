import { assign, fromPromise, setup } from 'xstate';
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_TIMEOUT_MS,
  type CreateOrderBody,
  type Order,
  type PaymentFailure,
  type PayOrderBody,
  type TokenizeBody,
} from '@sync/contract/payments';
import { ApiError } from '@web/lib/http';
import { createOrder, getOrder, payOrder, tokenizeCard } from '@web/lib/payments-api';

/** How the member pays: the card form (tokenised at the processor first) or a saved card. */
export type PaymentDetails = { kind: 'card'; card: TokenizeBody; saveCard: boolean } | { kind: 'saved'; savedCardId: string };

export interface SubmitInput {
  order: CreateOrderBody;
  details: PaymentDetails;
  /** Where the processor's extra confirmation page sends the member back to. */
  returnUrl?: string;
  /** What the member buys, as the checkout tells it once paid (the cart is emptied on success). */
  purchase?: { kind: 'credits' | 'membership'; credits: number };
}


export interface PaymentContext {
  /** The purchase under way (order body and how to pay). */
  attempt: SubmitInput | null;
  paymentToken: string | null;
  pollIntervalMs: number;
  pollTimeoutMs: number;
  orderId: string | null;
  order: Order | null;
  failure: PaymentFailure | null;
  /** A refusal to show beside the form (e.g. a token the processor did not accept). */
  formError: string | null;
  /** Its docs/api.md#payments code, e.g. `age-verification-required` (the checkout then offers the verification). */
  formErrorCode: string | null;
  /** The processor's confirmation page when it asks for an extra step. */
  actionUrl: string | null;
  /** Why the member waits: the processor asked for a confirmation, or polling ran out. */
  waitingReason: 'action' | 'timeout' | null;
}

export interface PaymentInput {
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
}

export type PaymentEvent =
  | { type: 'PAY'; input: SubmitInput }
  /** Waiting for payment: ask the server once more (and poll another window). */
  | { type: 'CHECK_AGAIN' }
  /** After a bank failure: back to the form to try a different card. */
  | { type: 'RETRY' }
  /** Leave success/failure for a fresh purchase. */
  | { type: 'RESET' };

const succeeded = (order: Order | undefined) => order?.lastTransaction?.status === 'success';
const failed = (order: Order | undefined) => order?.lastTransaction?.status === 'failed';
const needsAction = (order: Order | undefined) => order?.lastTransaction?.status === 'pending' && order.lastTransaction.requiresAction === true;

/** A refusal of the member's input (4xx other than transient ones) goes back to the form; anything else is a system failure. */
export function isInputRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 425, 429].includes(error.status);
}

type Output = { output: Order };

/** The PATCH body: the fresh token (and whether to keep the card) or the saved card. */
function payBody(context: Pick<PaymentContext, 'attempt' | 'paymentToken'>): PayOrderBody {
  const details = context.attempt?.details;
  const returnUrl = context.attempt?.returnUrl;
  const extra = returnUrl ? { returnUrl } : {};
  if (details?.kind === 'saved') return { savedCardId: details.savedCardId, ...extra };
  return { paymentToken: context.paymentToken ?? '', saveCard: details?.kind === 'card' && details.saveCard, ...extra };
}

/** A refused input goes back to the form with the server's words; anything else is a system failure. */
const inputOrSystemFailure = [
  { guard: 'isInputRefusal', target: '#payment.enteringDetails', actions: 'refuseInput' },
  { target: '#payment.failure', actions: 'systemFailure' },
] as const;
/** A settled order ends the flow whichever state saw it (the charge's answer or a poll). */
const settledOrder = [
  { guard: 'succeeded', target: '#payment.success', actions: 'keepOrder' },
  { guard: 'failed', target: '#payment.failure', actions: 'keepOrder' },
] as const;
const orderNeedsAction = { guard: 'needsAction', target: '#payment.waitingForPayment', actions: ['keepOrder', 'waitForAction'] } as const;
const outputOf = (event: unknown) => (event as Partial<Output>).output;

/**
 * docs/product.md#orders-and-payment payment flow: entering details → waiting for confirmation → success | failure (bank: try a
 * different card; system: contact support). The order is polled every 2 s for up to 25 s; when that
 * runs out (docs/product.md#errors-and-texts: polling timeout returns null) or the processor asks for an extra confirmation,
 * the member waits for payment with a way to check again.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** The processor's tokeniser: the card goes there, only the token comes back to us. */
    tokenize: fromPromise<{ token: string }, { card: TokenizeBody }>(({ input }) => tokenizeCard(input.card)),
    /** POST /order with the cart. */
    createOrder: fromPromise<Order, { order: CreateOrderBody }>(({ input }) => createOrder(input.order)),
    /** PATCH /order/{id} with the token or the saved card; answers the order as the charge left it. */
    payOrder: fromPromise<Order, { orderId: string; body: PayOrderBody }>(({ input }) => payOrder(input.orderId, input.body)),
    /** GET /order/{id}. */
    fetchOrder: fromPromise<Order, { orderId: string }>(({ input }) => getOrder(input.orderId)),
  },
  actions: {
    keepOrder: assign(({ event }) => {
      const order = outputOf(event);
      if (!order) return {};
      return {
        order,
        orderId: order._id,
        actionUrl: order.lastTransaction?.actionUrl ?? null,
        failure: order.lastTransaction?.status === 'failed' ? (order.lastTransaction.failure ?? 'system') : null,
      };
    }),
    startAttempt: assign(({ event }) => ({
      attempt: (event as Extract<PaymentEvent, { type: 'PAY' }>).input,
      paymentToken: null,
      orderId: null,
      order: null,
      failure: null,
      formError: null,
      formErrorCode: null,
      actionUrl: null,
      waitingReason: null,
    })),
    keepToken: assign(({ event }) => ({ paymentToken: (event as { output?: { token: string } }).output?.token ?? null })),
    keepOrderId: assign(({ event }) => ({ orderId: outputOf(event)?._id ?? null, order: outputOf(event) ?? null })),
    clearAttempt: assign({ attempt: null, paymentToken: null, orderId: null, order: null, failure: null, formError: null, formErrorCode: null, actionUrl: null, waitingReason: null }),
    refuseInput: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error;
      return { formError: error?.message ?? null, formErrorCode: error?.code ?? null };
    }),
    systemFailure: assign({ failure: 'system' as const }),
    waitForAction: assign({ waitingReason: 'action' as const }),
    waitAfterTimeout: assign({ waitingReason: 'timeout' as const }),
    /** Effects the checkout provides: popups, refreshing the member, emptying the cart. */
    paymentSucceeded: () => undefined,
    paymentFailed: () => undefined,
    paymentWaiting: () => undefined,
  },
  guards: {
    succeeded: ({ event }) => succeeded(outputOf(event)),
    failed: ({ event }) => failed(outputOf(event)),
    needsAction: ({ event }) => needsAction(outputOf(event)),
    isInputRefusal: ({ event }) => isInputRefusal((event as { error?: unknown }).error),
    paysByCard: ({ context }) => context.attempt?.details.kind === 'card',
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
    pollTimeout: ({ context }) => context.pollTimeoutMs,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    attempt: null,
    paymentToken: null,
    pollIntervalMs: input.pollIntervalMs ?? PAYMENT_POLL_INTERVAL_MS,
    pollTimeoutMs: input.pollTimeoutMs ?? PAYMENT_POLL_TIMEOUT_MS,
    orderId: null,
    order: null,
    failure: null,
    formError: null,
    formErrorCode: null,
    actionUrl: null,
    waitingReason: null,
  }),
  initial: 'enteringDetails',
  states: {
    enteringDetails: {
      on: { PAY: { target: 'submitting', actions: 'startAttempt' } },
    },
    submitting: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'paysByCard', target: 'tokenizing' }, { target: 'ordering' }],
        },
        tokenizing: {
          invoke: {
            src: 'tokenize',
            input: ({ context }) => ({ card: (context.attempt?.details as Extract<PaymentDetails, { kind: 'card' }>).card }),
            onDone: { target: 'ordering', actions: 'keepToken' },
            onError: inputOrSystemFailure,
          },
        },
        ordering: {
          invoke: {
            src: 'createOrder',
            input: ({ context }) => ({ order: context.attempt!.order }),
            onDone: { target: 'charging', actions: 'keepOrderId' },
            onError: inputOrSystemFailure,
          },
        },
        charging: {
          invoke: {
            src: 'payOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '', body: payBody(context) }),
            onDone: [
              ...settledOrder,
              orderNeedsAction,
              { target: '#payment.waitingForConfirmation', actions: 'keepOrder' },
            ],
            onError: inputOrSystemFailure,
          },
        },
      },
    },
    waitingForConfirmation: {
      initial: 'fetching',
      after: { pollTimeout: { target: 'waitingForPayment', actions: 'waitAfterTimeout' } },
      states: {
        pause: { after: { pollInterval: 'fetching' } },
        fetching: {
          invoke: {
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              ...settledOrder,
              orderNeedsAction,
              { target: 'pause', actions: 'keepOrder' },
            ],
            // A lost poll is not a failed payment: try again at the next tick.
            onError: 'pause',
          },
        },
      },
    },
    waitingForPayment: {
      entry: 'paymentWaiting',
      initial: 'polling',
      states: {
        polling: {
          initial: 'pause',
          after: { pollTimeout: 'stalled' },
          on: { CHECK_AGAIN: '.fetching' },
          states: {
            pause: { after: { pollInterval: 'fetching' } },
            fetching: {
              invoke: {
                src: 'fetchOrder',
                input: ({ context }) => ({ orderId: context.orderId ?? '' }),
                onDone: [
                  ...settledOrder,
                  { target: 'pause', actions: 'keepOrder' },
                ],
                onError: 'pause',
              },
            },
          },
        },
        /** The 25 s ran out again: nothing runs until the member asks. */
        stalled: {
          on: { CHECK_AGAIN: 'polling.fetching' },
        },
      },
    },
    success: {
      entry: 'paymentSucceeded',
      on: { RESET: { target: 'enteringDetails', actions: 'clearAttempt' } },
    },
    failure: {
      entry: 'paymentFailed',
      on: {
        RETRY: { target: 'enteringDetails', actions: 'clearAttempt' },
        RESET: { target: 'enteringDetails', actions: 'clearAttempt' },
      },
    },
  },
});
