import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import { applePaySessionBody, createOrderBody, payOrderBody } from '@sync/contract/payments';
import { safeRedirectPath } from '@sync/rules/redirect';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { AppEnv } from '../../context.js';
import { brands, products, savedCards, subscriptions } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { idempotency, idempotentWrite } from '../../lib/idempotency.js';
import { isApplePayValidationUrl, ProcessorError } from '../../providers/payments/processor.js';
import { requireAuth } from '../auth/middleware.js';
import { validate } from '../../lib/validate.js';
import { idParams } from '../../lib/params.js';
import { cancelMembership } from './memberships.js';
import { publishUserUpdate } from '../users/user-update.js';
import { createOrder, loadOrder, prepareCharge, sendCharge, type PayInput } from './orders.js';
import { memberPayments, toSubscription } from '../users/payment-parts.js';

const member = requireAuth('user');

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

/**
 * Orders, saved cards, memberships and Apple Pay (docs/api.md#payments; shapes in
 * sync/src/contract/payments.ts). Members only, their own records only (another member's id is 404).
 *   POST   /api/order                       { currency, country, products: [{ productId, days? }] } + Idempotency-Key
 *                                           -> 201 order; 404 product-not-found, 400 price-unavailable,
 *                                           409 first-purchase-only | membership-active, 403 age-verification-required
 *   PATCH  /api/order/{id}                  { paymentToken, saveCard } | { savedCardId } (+ returnUrl) + Idempotency-Key
 *                                           -> 200 order, lastTransaction pending (with actionUrl when the processor
 *                                           wants an extra confirmation); 409 order-not-payable, 400 invalid-payment-token,
 *                                           404 card-not-found. A failed order may be paid again with another card.
 *   GET    /api/order/{id}                  -> order; poll until lastTransaction.status is success | failed (failure bank | system)
 *   DELETE /api/payment-methods/{id}        -> { savedCards }; 404 card-not-found, 409 card-in-use (renewing membership)
 *   DELETE /api/subscription/{id}           cancel -> the subscription: active until currentPeriodEnd, nextChargeDate null;
 *                                           again -> the same answer; 409 membership-ended when it already ended
 *   POST   /api/payment-session/apple-pay   { validationUrl } -> the merchant session object; 400 invalid-redirect
 */
export const paymentRoutes = new Hono<AppEnv>()
  .post('/order', member, idempotency(), validate('json', createOrderBody), async (c) => {
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const out = await idempotentWrite(c, 201, (tx) => createOrder(tx, c.get('auth').id, body, deps.clock.now(), c.req.header('idempotency-key')));
    return out.response;
  })
  .patch('/order/:id', member, idempotency(), idParams('id'), validate('json', payOrderBody), async (c) => {
    const id = c.req.param('id');
    const body = c.req.valid('json') as PayInput;
    const returnPath = body.returnUrl === undefined ? undefined : safeRedirectPath(body.returnUrl);
    if (body.returnUrl !== undefined && !returnPath) throw new ApiError(400, 'invalid-redirect', t('age-verification.invalid-url'));
    const deps = c.get('deps');
    const userId = c.get('auth').id;
    // The processor is asked about the token before the order is locked: no outside call inside a transaction.
    const card = 'paymentToken' in body ? await deps.providers.payments.describe(body.paymentToken) : undefined;
    let prepared: Awaited<ReturnType<typeof prepareCharge>> | undefined;
    const out = await idempotentWrite(c, 200, async (tx) => {
      prepared = await prepareCharge(tx, userId, id, body, card, deps.clock.now());
      return (await loadOrder(tx, userId, id))!;
    });
    if (out.replayed || !prepared) return out.response;
    await sendCharge(deps, prepared, { returnPath: returnPath ?? '/' });
    return c.json(await loadOrder(deps.db, userId, id), 200);
  })
  .get('/order/:id', member, async (c) => {
    const id = c.req.param('id');
    const order = isUuid(id) ? await loadOrder(c.get('deps').db, c.get('auth').id, id) : undefined;
    if (!order) throw notFound();
    return c.json(order);
  })
  .delete('/payment-methods/:id', member, async (c) => {
    const id = c.req.param('id');
    const deps = c.get('deps');
    const userId = c.get('auth').id;
    if (!isUuid(id)) throw new ApiError(404, 'card-not-found', t('payment.card-not-found'));
    await deps.db.transaction(async (tx) => {
      const [card] = await tx
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), isNull(savedCards.deleteDate)))
        .for('update');
      if (!card) throw new ApiError(404, 'card-not-found', t('payment.card-not-found'));
      const [renewing] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.savedCardId, id), eq(subscriptions.active, true), isNull(subscriptions.cancelDate)));
      if (renewing) throw new ApiError(409, 'card-in-use', t('payment.card-in-use'));
      await tx.update(savedCards).set({ deleteDate: deps.clock.now() }).where(eq(savedCards.id, id));
    });
    await publishUserUpdate(deps, userId);
    return c.json({ savedCards: (await memberPayments(deps.db, userId)).savedCards });
  })
  .delete('/subscription/:id', member, async (c) => {
    const id = c.req.param('id');
    const deps = c.get('deps');
    const userId = c.get('auth').id;
    if (!isUuid(id)) throw notFound();
    const [own] = await deps.db
      .select({ s: subscriptions, sku: products.sku })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
    if (!own) throw notFound();
    if (!own.s.active) throw new ApiError(409, 'membership-ended', t('payment.membership-ended'));
    const row = await deps.db.transaction((tx) => cancelMembership(tx, id, deps.clock.now()));
    if (!row) throw new ApiError(409, 'membership-ended', t('payment.membership-ended'));
    await publishUserUpdate(deps, userId);
    return c.json(toSubscription(row, own.sku));
  })
  .post('/payment-session/apple-pay', member, validate('json', applePaySessionBody), async (c) => {
    const body = c.req.valid('json');
    if (!isApplePayValidationUrl(body.validationUrl)) throw new ApiError(400, 'invalid-redirect', t('payment.apple-pay-url'));
    const [brand] = await c.get('deps').db.select({ name: brands.brand }).from(brands).where(eq(brands.id, c.get('brand').id));
    try {
      const session = await c.get('deps').providers.payments.applePaySession({
        validationUrl: body.validationUrl,
        domainName: new URL(c.req.url).hostname,
        displayName: brand?.name ?? c.get('brand').domain,
      });
      return c.json(session);
    } catch (err) {
      if (err instanceof ProcessorError && err.code === 'invalid-request') throw new ApiError(400, 'invalid-redirect', t('payment.apple-pay-url'));
      throw err;
    }
  });
