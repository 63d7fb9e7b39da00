import { describe, expect, it } from 'vitest';
import { createCheckoutForm, createOrderBody, isOrderSettled, payOrderBody, tokenizeBody } from './payments.js';

const nextYear = new Date().getUTCFullYear() + 1;

describe('payments contract', () => {
  it('tokenize accepts a spaced test card and strips the spaces', () => {
    const body = tokenizeBody.parse({ cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvv: '123', cardholder: 'Ann Lee', zip: '12345' });
    expect(body.cardNumber).toBe('4242424242424242');
  });

  it('tokenize refuses a bad checksum, a short CVV, a past expiry and a bad zip with the documented messages', () => {
    const r = tokenizeBody.safeParse({ cardNumber: '4242424242424241', expMonth: 1, expYear: 2001, cvv: '12', cardholder: 'A', zip: '1234' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      cardNumber: 'Credit card is not valid',
      cvv: 'The CVV must be a 3 or 4 digit number',
      zip: 'Invalid zip code',
    });
  });

  it('an order holds exactly one product', () => {
    const productId = '3f1c0e2a-1b2c-4d5e-8f90-123456789abc';
    expect(createOrderBody.safeParse({ currency: 'USD', country: 'US', products: [{ productId }] }).success).toBe(true);
    expect(createOrderBody.safeParse({ currency: 'USD', country: 'US', products: [] }).success).toBe(false);
    expect(createOrderBody.safeParse({ currency: 'USD', country: 'US', products: [{ productId }, { productId }] }).success).toBe(false);
  });

  it('PATCH takes a token or a saved card, not both', () => {
    expect(payOrderBody.safeParse({ paymentToken: 'tok', saveCard: true }).success).toBe(true);
    expect(payOrderBody.safeParse({ savedCardId: '3f1c0e2a-1b2c-4d5e-8f90-123456789abc' }).success).toBe(true);
    expect(payOrderBody.safeParse({ paymentToken: 'tok', savedCardId: '3f1c0e2a-1b2c-4d5e-8f90-123456789abc' }).success).toBe(false);
    expect(payOrderBody.safeParse({}).success).toBe(false);
  });

  it('an order is settled once its last charge is not pending', () => {
    expect(isOrderSettled({ lastTransaction: null })).toBe(false);
    const tx = { _id: 'x', failure: null, amount: 1, currency: 'USD', createDate: '', requiresAction: false, actionUrl: null };
    expect(isOrderSettled({ lastTransaction: { ...tx, status: 'pending' } })).toBe(false);
    expect(isOrderSettled({ lastTransaction: { ...tx, status: 'failed', failure: 'bank' } })).toBe(true);
  });
});

describe('checkout form', () => {
  const form = createCheckoutForm(() => new Date('2026-11-22T12:00:00Z'));
  const card = { payWith: 'new-card', cardholder: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvv: '123', zip: '10001', city: '', saveCard: false, terms: true };

  it('reports an expired card beside the other fields, and takes a saved card with the terms only', () => {
    const parsed = form.safeParse({ ...card, expMonth: '10', expYear: '2026', cvv: '1' });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['cvv', 'expMonth']);
    expect(form.safeParse({ payWith: 'saved-card', savedCardId: 'card-1', terms: true }).success).toBe(true);
    expect(form.safeParse({ payWith: 'saved-card', savedCardId: 'card-1', terms: false }).success).toBe(false);
  });
});
