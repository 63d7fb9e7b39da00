/**
 * The card processor (issue E). The API never sees a card number or CVV: the browser hands them to the
 * processor (its widget, or the sandbox's tokenize endpoint) and the API receives an opaque token plus the
 * card's brand, last four digits and expiry. Charges settle asynchronously: `charge` only starts one, and the
 * outcome arrives later through the confirmation handler (the processor's webhook), possibly more than once.
 */

export type ChargeFailure = 'bank' | 'system';

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeInput {
  /** Sent to the processor: a retried call with the same key is the same charge. */
  idempotencyKey: string;
  token: string;
  amountCents: number;
  currency: string;
  description: string;
  /** A renewal without the member present: an extra confirmation step cannot happen and fails the charge. */
  offSession?: boolean;
  /** Same-site path the processor's confirmation page sends the member back to. */
  returnPath?: string;
}

export interface ChargeStarted {
  providerRef: string;
  /** The member must confirm on the processor's page first; the charge stays pending until they do. */
  actionUrl?: string;
}

/** What the processor's webhook tells: the charge with this key settled. */
export interface ChargeResult {
  providerRef: string;
  idempotencyKey: string;
  status: 'success' | 'failed';
  failure?: ChargeFailure;
}

/** Gives a settled charge back in full; a retried call with the same key is the same refund. */
export interface RefundInput {
  providerRef: string;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
}

export type ChargeResultHandler = (result: ChargeResult) => Promise<void>;

export interface ApplePaySessionInput {
  validationUrl: string;
  domainName: string;
  displayName: string;
}

export interface CardProcessor {
  /** The card behind a token, or undefined when the processor does not know it. */
  describe(token: string): Promise<CardDetails | undefined>;
  charge(input: ChargeInput): Promise<ChargeStarted>;
  refund(input: RefundInput): Promise<void>;
  /** Where settled charges are reported (the API's confirmation handler); set once at start. */
  onResult(handler: ChargeResultHandler): void;
  /** Apple Pay merchant validation: the merchant session the browser hands to completeMerchantValidation. */
  applePaySession(input: ApplePaySessionInput): Promise<Record<string, unknown>>;
}

export class ProcessorError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid-token' | 'invalid-request' | 'unavailable',
  ) {
    super(message);
    this.name = 'ProcessorError';
  }
}

/** Apple's merchant validation hosts (apple-pay-gateway*.apple.com); anything else is refused before any call. */
export function isApplePayValidationUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && /^apple-pay-gateway(-[a-z0-9-]+)?\.apple\.com$/.test(url.hostname);
}
