/**
 * docs/api.md#payments (docs/product.md#data order, saved cards, subscriptions; docs/product.md#orders-and-payment orders, payment and verification; docs/api.md#endpoints calls).
 * Money travels as decimal major units (9.99) like the product pricing; the API computes in cents.
 *
 *   POST   /api/sandbox/payments/tokenize       tokenizeBody -> tokenizeAnswer (no auth: it stands in for the processor's widget)
 *   POST   /api/order                           createOrderBody (+ Idempotency-Key) -> 201 order
 *   PATCH  /api/order/{id}                      payOrderBody (+ Idempotency-Key) -> 200 order (lastTransaction pending)
 *   GET    /api/order/{id}                      -> order (poll until lastTransaction.status is not pending)
 *   DELETE /api/payment-methods/{id}            -> removeCardAnswer; errors carry the server's message
 *   DELETE /api/subscription/{id}               cancel: -> subscriptionView (active until currentPeriodEnd)
 *   POST   /api/payment-session/apple-pay       applePaySessionBody -> applePayMerchantSession
 *   POST   /api/user/{id}/age-verification      ageVerificationStartBody -> ageVerificationStartAnswer
 *   PATCH  /api/user/{id}/is-doi                doiBody -> user state (GET /api/user/{id})
 */
import { z } from 'zod';
import { text } from './text.js';
import { uuidSchema as uuid } from '../rules/ids.js';
import { t } from '../texts.js';
import { creditCard, cvv, expirationDate, normaliseCardNumber, zipcode } from '../rules/validators.js';
import { textField } from './fields.js';
import { paymentFailures, savedCard, subscription, transaction, type SavedCard } from './entities.js';

const id = text().min(1);
const isoDate = text().min(1);

/** docs/product.md#constants: orders and age verification are polled every 2 s for at most 25 s. */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
export const PAYMENT_POLL_TIMEOUT_MS = 25_000;

/** Error codes the payment calls answer with (beyond validation-failed, not-found, forbidden). */
export const paymentErrorCodes = [
  /** A `firstPurchaseOnly` package after the member's first purchase (409). */
  'first-purchase-only',
  /** A `postPaymentOnly` package before the member's first purchase (409). */
  'post-payment-only',
  /** The product has no price for this country / currency (400). */
  'price-unavailable',
  /** The product is unknown, inactive or belongs to another brand (404). */
  'product-not-found',
  /** Buying a membership while one is active (409). */
  'membership-active',
  /** The order was already paid or has a charge under way (409). */
  'order-not-payable',
  /** The payment token is unknown or expired at the processor (400). */
  'invalid-payment-token',
  /** The saved card is not the member's or was removed (404). */
  'card-not-found',
  /** The card pays for a membership that renews (409; cancel the membership first). */
  'card-in-use',
  /** The brand demands age verification for this action and the member has not passed it (403). */
  'age-verification-required',
  /** callbackUrl / cancelUrl / validationUrl not acceptable (400). */
  'invalid-redirect',
] as const;
export type PaymentErrorCode = (typeof paymentErrorCodes)[number];

// ---------- Tokenisation (the sandbox processor's own endpoint) ----------

const cardText = (rule: (v: string) => string | null) =>
  text({ error: t('validation.required') }).superRefine((value, ctx) => {
    const problem = rule(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/sandbox/payments/tokenize. Spaces in the card number are allowed ("4242 4242 4242 4242"). */
export const tokenizeBody = z
  .object({
    cardNumber: cardText(creditCard).transform(normaliseCardNumber),
    expMonth: z.coerce.number({ error: t('validation.expiration-date') }).int().min(1).max(12),
    /** YY or YYYY. */
    expYear: z.coerce.number({ error: t('validation.expiration-date') }).int().min(0).max(9999),
    cvv: cardText(cvv),
    cardholder: text().trim().min(1, t('validation.required')).max(100),
    zip: cardText(zipcode),
  })
  .superRefine((body, ctx) => {
    const problem = expirationDate(body.expMonth, body.expYear);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: problem });
  });
export type TokenizeBody = z.input<typeof tokenizeBody>;

// ---------- The checkout form (what the member fills in before tokenisation) ----------

const checkoutTerms = z.literal(true, { error: t('validation.checkout-terms') });

/**
 * docs/product.md#data checkout fields with the docs/product.md#validation texts, one message per field. A new card has every field but the city
 * required, the expiry checked once both parts are chosen; a saved card needs only the terms. Expiry depends
 * on the month, so the schema reads `now()` at validation time.
 */
export function createCheckoutForm(now: () => Date = () => new Date()) {
  const newCard = z
    .object({
      payWith: z.literal('new-card'),
      cardholder: textField(),
      firstName: textField(),
      lastName: textField(),
      cardNumber: textField([creditCard]).transform(normaliseCardNumber),
      expMonth: textField(),
      expYear: textField(),
      cvv: textField([cvv]),
      zip: textField([zipcode]),
      city: text().trim(),
      saveCard: z.boolean(),
      terms: checkoutTerms,
    })
    .refine((form) => !form.expMonth || !form.expYear || expirationDate(form.expMonth, form.expYear, now()) === null, {
      path: ['expMonth'],
      message: t('validation.expiration-date'),
      // Checked beside the other fields' messages, not only once they all pass (zod's default for object checks).
      when: ({ value }) => {
        const form = value as { expMonth?: unknown; expYear?: unknown };
        return typeof form.expMonth === 'string' && typeof form.expYear === 'string';
      },
    });
  const savedCard = z.object({ payWith: z.literal('saved-card'), savedCardId: id, terms: checkoutTerms });
  return z.discriminatedUnion('payWith', [newCard, savedCard]);
}
export type CheckoutForm = z.output<ReturnType<typeof createCheckoutForm>>;

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];

export const tokenizeAnswer = z.object({
  /** Opaque; the only card datum besides brand, last4 and expiry the API ever receives. */
  token: text().min(1),
  last4: text().regex(/^\d{4}$/),
  brand: text(),
});
export type TokenizeAnswer = z.infer<typeof tokenizeAnswer>;

/** Well-known sandbox test numbers (issue E). Any other valid number succeeds. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  bankDecline: '4000000000000002',
  systemError: '4000000000000119',
  requiresAction: '4000002760003184',
} as const;

// ---------- Orders ----------

export const createOrderBody = z.object({
  /** ISO 4217, must match the product's price entry for `country`. */
  currency: text().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code'),
  /** ISO 3166 alpha-2; the price entry is picked for it (or the product's default entry). */
  country: text().regex(/^[A-Z]{2}$/, 'Country must be a 2-letter code'),
  /** The cart: docs/product.md#constants holds at most one item. `days` picks the interval when a product has several (default: its first). */
  products: z
    .array(z.object({ productId: uuid, days: z.number().int().min(0).optional() }), { error: t('validation.required') })
    .min(1, t('validation.required'))
    .max(1, 'An order holds one product'),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/** PATCH /api/order/{id}: a fresh token from the card form, or a saved card. */
export const payWithTokenBody = z.object({
  paymentToken: text().min(1, t('validation.required')).max(512),
  /** Keep the card (token, brand, last4, expiry) for later purchases and membership renewals. */
  saveCard: z.boolean().default(false),
  /** Optional same-site path the processor's extra confirmation page returns to (default `/`). */
  returnUrl: text().max(512).optional(),
});
export const payWithSavedCardBody = z.object({
  savedCardId: uuid,
  returnUrl: text().max(512).optional(),
});
export const payOrderBody = z.union([payWithTokenBody.strict(), payWithSavedCardBody.strict()]);
export type PayOrderBody = z.input<typeof payOrderBody>;

export const orderStatuses = ['created', 'pending', 'paid', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const transactionStatuses = ['pending', 'success', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export { paymentFailures };
export type PaymentFailure = (typeof paymentFailures)[number];

export const orderLine = z.object({
  productId: id,
  sku: text(),
  name: text(),
  /** Price of the chosen interval, VAT included. */
  price: z.number(),
  credits: z.number().int(),
  /** 0 for a credit package, else the membership interval. */
  days: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const lastTransaction = z.object({
  _id: id,
  status: z.enum(transactionStatuses),
  /** Set when status is 'failed'. */
  failure: z.enum(paymentFailures).nullable(),
  amount: z.number(),
  currency: text(),
  createDate: isoDate,
  /**
   * The processor asks the member for an extra confirmation (test card 4000 0027 6000 3184): send the member
   * to `actionUrl` (the processor's page); the order stays pending until they approve or decline there.
   */
  requiresAction: z.boolean(),
  actionUrl: text().nullable(),
});
export type LastTransaction = z.infer<typeof lastTransaction>;

export const order = z.object({
  _id: id,
  createDate: isoDate,
  updateDate: isoDate,
  currency: text(),
  country: text(),
  products: z.array(orderLine),
  total: z.number(),
  /** VAT included in total, truncated to 2 decimals (docs/product.md#credits). */
  vat: z.number(),
  status: z.enum(orderStatuses),
  /** Set once paid. */
  invoiceId: text().nullable(),
  /** Null until the first PATCH. */
  lastTransaction: lastTransaction.nullable(),
});
export type Order = z.infer<typeof order>;

/** True once polling can stop: the last charge succeeded or failed. */
export function isOrderSettled(o: Pick<Order, 'lastTransaction'>): boolean {
  return o.lastTransaction !== null && o.lastTransaction.status !== 'pending';
}

// ---------- Saved cards, memberships, the member's payments ----------

export { savedCard, subscription, transaction };
export type { SavedCard };

/** DELETE /api/payment-methods/{id}: the cards that remain. */
export const removeCardAnswer = z.object({ savedCards: z.array(savedCard) });
export type RemoveCardAnswer = z.infer<typeof removeCardAnswer>;

/** A membership as the user state lists it (`user.subscriptions[]`) and DELETE /api/subscription/{id} answers. */
export const subscriptionView = subscription.extend({
  productId: text(),
  sku: text(),
  startDate: isoDate,
  intervalDays: z.number().int(),
  amount: z.number(),
  currency: text(),
  /** End of the paid period: renewal is charged then (unless cancelled). */
  currentPeriodEnd: isoDate,
  /** Next renewal charge; null once cancelled or lapsed. */
  nextChargeDate: isoDate.nullable(),
  /** Complimentary credits granted at the start and every 30 days while active. */
  monthlyCredits: z.number().int(),
  nextCreditsDate: isoDate.nullable(),
  /** Set when the member cancelled; stays active until currentPeriodEnd. */
  cancelDate: isoDate.nullable(),
  /** Set when it stopped (period ended after cancel, or renewal failed). */
  endDate: isoDate.nullable(),
  endReason: z.enum(['cancelled', 'renewal-failed']).nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** `user.transactions[]`: each charge, newest first. */
export const transactionView = transaction.extend({
  kind: z.enum(['purchase', 'renewal']),
  failure: z.enum(paymentFailures).nullable(),
});
export type TransactionView = z.infer<typeof transactionView>;

// ---------- Digital wallet ----------

/** POST /api/payment-session/apple-pay: the URL the browser's ApplePaySession gave in onvalidatemerchant. */
export const applePaySessionBody = z.object({ validationUrl: text().max(2048).pipe(z.url()) });
export type ApplePaySessionBody = z.infer<typeof applePaySessionBody>;

/** The opaque merchant session to hand to `session.completeMerchantValidation(...)` as is. */
export const applePayMerchantSession = z.looseObject({
  merchantSessionIdentifier: text(),
  merchantIdentifier: text(),
  displayName: text(),
  domainName: text(),
  epochTimestamp: z.number(),
  expiresAt: z.number(),
  nonce: text(),
  signature: text(),
});
export type ApplePayMerchantSession = z.infer<typeof applePayMerchantSession>;

// ---------- Age verification and DOI ----------

/**
 * POST /api/user/{id}/age-verification. Same-site only: a path (`/?verify-age=true`) or an absolute URL on the
 * request's own origin. The member comes back to callbackUrl after approving or declining, to cancelUrl on cancel.
 */
export const ageVerificationStartBody = z.object({
  callbackUrl: text().min(1, t('validation.required')).max(512),
  cancelUrl: text().min(1, t('validation.required')).max(512),
});
export type AgeVerificationStartBody = z.infer<typeof ageVerificationStartBody>;

/** Where to send the browser: the provider's verification page. */
export const ageVerificationStartAnswer = z.object({ redirectUrl: text() });
export type AgeVerificationStartAnswer = z.infer<typeof ageVerificationStartAnswer>;

export const ageVerificationStatuses = ['none', 'pending', 'approved', 'declined', 'cancelled'] as const;
export type AgeVerificationStatus = (typeof ageVerificationStatuses)[number];

/** docs/product.md#verification: the member returns to the site root with this query flag; the client then polls the user state. */
export const VERIFY_AGE_QUERY = 'verify-age';

/** PATCH /api/user/{id}/is-doi: the member confirmed the double opt-in (body may be empty: true). */
export const doiBody = z.object({ isDOI: z.boolean().default(true) });
export type DoiBody = z.infer<typeof doiBody>;
