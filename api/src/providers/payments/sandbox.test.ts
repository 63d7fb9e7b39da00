import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@sync/contract/payments';
import type { ChargeResult } from './processor.js';
import { cardBrandOf, SandboxProcessor } from './sandbox.js';

function processor() {
  const p = new SandboxProcessor({ delayMs: 1, merchantId: 'merchant.test' });
  const results: ChargeResult[] = [];
  p.onResult(async (r) => {
    results.push(r);
  });
  return { p, results };
}

const card = (cardNumber: string) => ({ cardNumber, expMonth: 4, expYear: 31 });

describe('sandbox card processor', () => {
  it('keeps no card number: the token describes brand, last four and expiry only', async () => {
    const { p } = processor();
    const { token, last4, brand } = p.tokenize(card(SANDBOX_CARDS.success));
    expect({ last4, brand }).toEqual({ last4: '4242', brand: 'visa' });
    expect(token).not.toContain('424242');
    expect(Buffer.from(token.slice('tok_sbx_'.length).split('.')[0]!, 'base64url').toString()).not.toContain('4242424242');
    expect(await p.describe(token)).toEqual({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 });
    expect(await p.describe('tok_sbx_garbage.xxxxxxxxxxxxxxxxxxxxxx')).toBeUndefined();
  });

  it('answers after the delay through the handler, once per idempotency key', async () => {
    const { p, results } = processor();
    const { token } = p.tokenize(card(SANDBOX_CARDS.success));
    const input = { idempotencyKey: 'k1', token, amountCents: 999, currency: 'USD', description: 'x' };
    const [a, b] = await Promise.all([p.charge(input), p.charge(input)]);
    expect(a.providerRef).toBe(b.providerRef);
    expect(results).toHaveLength(0);
    await p.idle();
    expect(results).toEqual([{ providerRef: a.providerRef, idempotencyKey: 'k1', status: 'success' }]);
  });

  it('decides by test card: bank decline, system error, extra confirmation (declined off session)', async () => {
    const { p, results } = processor();
    const charge = async (n: string, key: string, offSession = false) =>
      p.charge({ idempotencyKey: key, token: p.tokenize(card(n)).token, amountCents: 100, currency: 'USD', description: 'x', offSession });
    await charge(SANDBOX_CARDS.bankDecline, 'bank');
    await charge(SANDBOX_CARDS.systemError, 'system');
    const action = await charge(SANDBOX_CARDS.requiresAction, 'action');
    await charge(SANDBOX_CARDS.requiresAction, 'offsession', true);
    await p.idle();
    expect(Object.fromEntries(results.map((r) => [r.idempotencyKey, r.failure ?? r.status]))).toEqual({ bank: 'bank', system: 'system', offsession: 'bank' });
    expect(action.actionUrl).toBe(`/api/sandbox/payments/action/${action.providerRef}`);
    expect(p.decide(action.providerRef, true)).toBe('/');
    expect(p.decide(action.providerRef, true)).toBeUndefined();
    await p.idle();
    expect(results.find((r) => r.idempotencyKey === 'action')?.status).toBe('success');
  });

  it('refuses unknown tokens and names card brands', async () => {
    const { p } = processor();
    await expect(p.charge({ idempotencyKey: 'z', token: 'tok_nope', amountCents: 1, currency: 'USD', description: 'x' })).rejects.toThrow('No such payment token');
    expect(['5555555555554444', '378282246310005', '6011111111111117', '2223003122003222'].map(cardBrandOf)).toEqual(['mastercard', 'amex', 'discover', 'mastercard']);
  });
});
