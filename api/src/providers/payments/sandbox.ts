import crypto from 'node:crypto';
import { SANDBOX_CARDS, type CardBrand } from '@sync/contract/payments';
import {
  isApplePayValidationUrl,
  ProcessorError,
  type ApplePaySessionInput,
  type CardDetails,
  type CardProcessor,
  type ChargeInput,
  type ChargeResult,
  type ChargeResultHandler,
  type ChargeStarted,
  type RefundInput,
} from './processor.js';

/** How a card behaves when charged; the token carries it (never the number), so saved cards keep it across restarts. */
type Behaviour = 'ok' | 'bank' | 'system' | 'action';

interface TokenPayload {
  b: Behaviour;
  l4: string;
  br: string;
  m: number;
  y: number;
}

export interface SandboxCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
}

interface SandboxCharge {
  input: ChargeInput;
  started: ChargeStarted;
  state: 'pending' | 'requires-action' | 'settled';
  result?: ChargeResult;
}

export interface SandboxProcessorOptions {
  /** How long the "bank" takes before the webhook fires (PAYMENT_SANDBOX_DELAY_MS). */
  delayMs: number;
  merchantId: string;
  /** Deliveries that fail (the API was busy or down) are retried this many times, like a processor's webhooks. */
  retries?: number;
}

const TOKEN = /^tok_sbx_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{16,})$/;

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

function behaviourOf(digits: string): Behaviour {
  switch (digits) {
    case SANDBOX_CARDS.bankDecline:
      return 'bank';
    case SANDBOX_CARDS.systemError:
      return 'system';
    case SANDBOX_CARDS.requiresAction:
      return 'action';
    default:
      return 'ok';
  }
}

function decodeToken(token: string): TokenPayload | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as Partial<TokenPayload>;
    if (!payload || !['ok', 'bank', 'system', 'action'].includes(payload.b ?? '') || !/^\d{4}$/.test(payload.l4 ?? '')) return undefined;
    if (!Number.isInteger(payload.m) || !Number.isInteger(payload.y) || typeof payload.br !== 'string') return undefined;
    return payload as TokenPayload;
  } catch {
    return undefined;
  }
}

/**
 * A card processor that behaves like a real one, in process: it tokenises card data (keeping only the behaviour,
 * brand, last four and expiry inside the token), answers every charge asynchronously after `delayMs` through the
 * result handler (the webhook), honours idempotency keys, and for 4000 0027 6000 3184 waits until the member
 * approves or declines on its own confirmation page. Deterministic: the card number alone decides the outcome.
 */
export class SandboxProcessor implements CardProcessor {
  private handler: ChargeResultHandler | undefined;
  private readonly byKey = new Map<string, SandboxCharge>();
  private readonly byRef = new Map<string, SandboxCharge>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly refunds = new Map<string, RefundInput>();
  private readonly retries: number;

  constructor(private readonly options: SandboxProcessorOptions) {
    this.retries = options.retries ?? 3;
  }

  /** The tokenize endpoint's work: the number and CVV stop here. Validation happens in the route (contract). */
  tokenize(card: SandboxCard): { token: string; last4: string; brand: string } {
    const digits = card.cardNumber.replace(/\D/g, '');
    const payload: TokenPayload = {
      b: behaviourOf(digits),
      l4: digits.slice(-4),
      br: cardBrandOf(digits),
      m: card.expMonth,
      y: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
    };
    const token = `tok_sbx_${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${crypto.randomBytes(16).toString('base64url')}`;
    return { token, last4: payload.l4, brand: payload.br };
  }

  async describe(token: string): Promise<CardDetails | undefined> {
    const p = decodeToken(token);
    return p && { brand: p.br, last4: p.l4, expMonth: p.m, expYear: p.y };
  }

  onResult(handler: ChargeResultHandler): void {
    this.handler = handler;
  }

  async charge(input: ChargeInput): Promise<ChargeStarted> {
    const seen = this.byKey.get(input.idempotencyKey);
    if (seen) return seen.started;
    const card = decodeToken(input.token);
    if (!card) throw new ProcessorError('No such payment token', 'invalid-token');
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new ProcessorError('Amount must be positive cents', 'invalid-request');
    const providerRef = `ch_sbx_${crypto.randomBytes(12).toString('hex')}`;
    const charge: SandboxCharge = { input, started: { providerRef }, state: 'pending' };
    this.byKey.set(input.idempotencyKey, charge);
    this.byRef.set(providerRef, charge);
    if (card.b === 'action' && !input.offSession) {
      charge.state = 'requires-action';
      charge.started = { providerRef, actionUrl: `/api/sandbox/payments/action/${providerRef}` };
    } else if (card.b === 'action') {
      // Nobody is there to confirm a renewal: authentication required is a decline.
      this.settleLater(charge, 'failed', 'bank');
    } else if (card.b === 'ok') {
      this.settleLater(charge, 'success');
    } else {
      this.settleLater(charge, 'failed', card.b);
    }
    return charge.started;
  }

  async refund(input: RefundInput): Promise<void> {
    const charge = this.byRef.get(input.providerRef);
    if (!charge || charge.result?.status !== 'success') throw new ProcessorError('No settled charge to refund', 'invalid-request');
    if (input.amountCents !== charge.input.amountCents) throw new ProcessorError('A refund gives the whole charge back', 'invalid-request');
    if (!this.refunds.has(input.idempotencyKey)) this.refunds.set(input.idempotencyKey, input);
  }

  /** The refunds made for a charge (tests). */
  refundsOf(providerRef: string): RefundInput[] {
    return [...this.refunds.values()].filter((r) => r.providerRef === providerRef);
  }

  /** The charge waiting on the confirmation page, if any (the page shows amount and currency). */
  pendingAction(providerRef: string): { amountCents: number; currency: string; description: string } | undefined {
    const charge = this.byRef.get(providerRef);
    if (!charge || charge.state !== 'requires-action') return undefined;
    return { amountCents: charge.input.amountCents, currency: charge.input.currency, description: charge.input.description };
  }

  /** The member's answer on the confirmation page; returns where to send them back, or undefined if nothing waits. */
  decide(providerRef: string, approve: boolean): string | undefined {
    const charge = this.byRef.get(providerRef);
    if (!charge || charge.state !== 'requires-action') return undefined;
    charge.state = 'pending';
    if (approve) this.settleLater(charge, 'success');
    else this.settleLater(charge, 'failed', 'bank');
    return charge.input.returnPath ?? '/';
  }

  /** Sends the last result of a charge again, as processors do when a webhook was not acknowledged in time. */
  async redeliver(providerRef: string): Promise<void> {
    const result = this.byRef.get(providerRef)?.result;
    if (!result) throw new Error(`no settled charge ${providerRef}`);
    await this.deliver(result);
  }

  /** Resolves when every scheduled result has been delivered (tests and graceful shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async applePaySession(input: ApplePaySessionInput): Promise<Record<string, unknown>> {
    if (!isApplePayValidationUrl(input.validationUrl)) throw new ProcessorError('Not an Apple Pay validation URL', 'invalid-request');
    const now = Date.now();
    return {
      epochTimestamp: now,
      expiresAt: now + 60 * 60_000,
      merchantSessionIdentifier: `SSH${crypto.randomBytes(16).toString('hex').toUpperCase()}_SANDBOX`,
      nonce: crypto.randomBytes(4).toString('hex'),
      merchantIdentifier: crypto.createHash('sha256').update(this.options.merchantId).digest('hex').toUpperCase(),
      domainName: input.domainName,
      displayName: input.displayName,
      signature: crypto.randomBytes(64).toString('hex'),
      operationalAnalyticsIdentifier: `${input.displayName}:${this.options.merchantId}`,
      retries: 0,
      pspId: this.options.merchantId,
    };
  }

  private settleLater(charge: SandboxCharge, status: ChargeResult['status'], failure?: ChargeResult['failure']) {
    const result: ChargeResult = {
      providerRef: charge.started.providerRef,
      idempotencyKey: charge.input.idempotencyKey,
      status,
      ...(failure ? { failure } : {}),
    };
    const job = new Promise<void>((resolve) => setTimeout(resolve, this.options.delayMs)).then(async () => {
      charge.state = 'settled';
      charge.result = result;
      await this.deliver(result);
    });
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }

  private async deliver(result: ChargeResult): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (!this.handler) throw new Error('no confirmation handler registered');
        await this.handler(result);
        return;
      } catch (err) {
        if (attempt >= this.retries) {
          console.error(`[payments-sandbox] webhook for ${result.providerRef} failed`, err);
          return;
        }
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  }
}
