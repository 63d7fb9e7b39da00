import type {
  AgeVerificationStartAnswer,
  CreateOrderBody,
  Order,
  PayOrderBody,
  RemoveCardAnswer,
  SubscriptionView,
  TokenizeAnswer,
  TokenizeBody,
} from '@sync/contract/payments';
import { call, pathParams, rpc, via } from './rpc';

/** docs/api.md#payments: the calls the checkout, the saved cards and the age verification make. */

function idempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The processor's own tokeniser (the sandbox stands in for a real processor's widget): card data goes
 * here and nowhere else; our order API only ever sees the token.
 */
export function tokenizeCard(card: TokenizeBody): Promise<TokenizeAnswer> {
  return call(rpc.sandbox.payments.tokenize.$post({ json: card }, via({ auth: false })));
}

/** POST /api/order; one key per attempt so a retried request cannot create a second order. */
export function createOrder(body: CreateOrderBody, key = idempotencyKey()): Promise<Order> {
  return call(rpc.order.$post({ json: body }, via({ headers: { 'Idempotency-Key': key } })));
}

/** PATCH /api/order/{id} with a fresh token or a saved card. */
export function payOrder(orderId: string, body: PayOrderBody, key = idempotencyKey()): Promise<Order> {
  return call(rpc.order[':id'].$patch({ param: pathParams({ id: orderId }), json: body }, via({ headers: { 'Idempotency-Key': key } })));
}

export function getOrder(orderId: string): Promise<Order> {
  return call(rpc.order[':id'].$get({ param: pathParams({ id: orderId }) }));
}

/** DELETE /api/payment-methods/{id}; a refusal carries the server's message (docs/product.md#errors-and-texts). */
export function removeSavedCard(cardId: string): Promise<RemoveCardAnswer> {
  return call(rpc['payment-methods'][':id'].$delete({ param: pathParams({ id: cardId }) }));
}

/** DELETE /api/subscription/{id}: cancel; the membership stays active until its period ends. */
export function cancelSubscription(subscriptionId: string): Promise<SubscriptionView> {
  return call(rpc.subscription[':id'].$delete({ param: pathParams({ id: subscriptionId }) }));
}

/** POST /api/user/{id}/age-verification: where to send the browser. */
export function startAgeVerification(userId: string, body: { callbackUrl: string; cancelUrl: string }): Promise<AgeVerificationStartAnswer> {
  return call(rpc.user[':id']['age-verification'].$post({ param: pathParams({ id: userId }), json: body }));
}

/**
 * Starts the verification and sends the browser to the provider's page; the provider comes back to the site root
 * with `verify-age=true` (docs/product.md#screens-and-routes, docs/product.md#verification), or to the settings when the member cancels.
 */
export async function beginAgeVerification(userId: string): Promise<void> {
  const origin = window.location.origin;
  const { redirectUrl } = await startAgeVerification(userId, { callbackUrl: `${origin}/?verify-age=true`, cancelUrl: `${origin}/settings` });
  window.location.assign(redirectUrl);
}
