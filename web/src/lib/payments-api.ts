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
import { api } from './api';

/** docs/api.md#payments: the calls the checkout, the saved cards and the age verification make. */

function idempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The processor's own tokeniser (the sandbox stands in for a real processor's widget): card data goes
 * here and nowhere else; our order API only ever sees the token.
 */
export function tokenizeCard(card: TokenizeBody): Promise<TokenizeAnswer> {
  return api.post<TokenizeAnswer>('/sandbox/payments/tokenize', card, { auth: false });
}

/** POST /api/order; one key per attempt so a retried request cannot create a second order. */
export function createOrder(body: CreateOrderBody, key = idempotencyKey()): Promise<Order> {
  return api.post<Order>('/order', body, { headers: { 'Idempotency-Key': key } });
}

/** PATCH /api/order/{id} with a fresh token or a saved card. */
export function payOrder(orderId: string, body: PayOrderBody, key = idempotencyKey()): Promise<Order> {
  return api.patch<Order>(`/order/${encodeURIComponent(orderId)}`, body, { headers: { 'Idempotency-Key': key } });
}

export function getOrder(orderId: string): Promise<Order> {
  return api.get<Order>(`/order/${encodeURIComponent(orderId)}`);
}

/** DELETE /api/payment-methods/{id}; a refusal carries the server's message (docs/product.md#errors-and-texts). */
export function removeSavedCard(cardId: string): Promise<RemoveCardAnswer> {
  return api.delete<RemoveCardAnswer>(`/payment-methods/${encodeURIComponent(cardId)}`);
}

/** DELETE /api/subscription/{id}: cancel; the membership stays active until its period ends. */
export function cancelSubscription(subscriptionId: string): Promise<SubscriptionView> {
  return api.delete<SubscriptionView>(`/subscription/${encodeURIComponent(subscriptionId)}`);
}

/** POST /api/user/{id}/age-verification: where to send the browser. */
export function startAgeVerification(userId: string, body: { callbackUrl: string; cancelUrl: string }): Promise<AgeVerificationStartAnswer> {
  return api.post<AgeVerificationStartAnswer>(`/user/${encodeURIComponent(userId)}/age-verification`, body);
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
