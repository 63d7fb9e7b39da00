import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { checkoutDefaults, checkoutResolver, formatCardNumber, NEW_CARD, type CheckoutValues } from './card-form-rules';

const now = () => new Date('2026-11-22T12:00:00Z');
const good: CheckoutValues = { ...checkoutDefaults(NEW_CARD, { firstName: 'Demo', lastName: 'Member' }), cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvv: '123', zip: '10001', terms: true };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<CheckoutValues>;

async function messages(values: CheckoutValues): Promise<Record<string, string | undefined>> {
  const { errors } = await checkoutResolver(now)(values, undefined, options);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}

describe('checkout card form (docs/product.md#validation)', () => {
  it('accepts a good card with accepted terms and hands on the digits only', async () => {
    const answer = await checkoutResolver(now)(good, undefined, options);
    expect(answer.errors).toEqual({});
    expect(answer.values).toMatchObject({ payWith: 'new-card', cardNumber: '4242424242424242', cardholder: 'Demo Member' });
  });

  it('shows each documented text under its field', async () => {
    expect(await messages({ ...good, cardNumber: '4242 4242 4242 4241', cvv: '12', zip: '1234', expMonth: '10', expYear: '2026', cardholder: ' ', terms: false })).toEqual({
      cardNumber: 'Credit card is not valid',
      cvv: 'The CVV must be a 3 or 4 digit number',
      zip: 'Invalid zip code',
      expMonth: 'Invalid expiration date',
      cardholder: 'Required',
      terms: 'You must accept terms and conditions to make a purchase',
    });
    expect(await messages({ ...good, expMonth: '', expYear: '' })).toEqual({ expMonth: 'Required', expYear: 'Required' });
  });

  it('takes zip+4, this month as expiry, 13 and 19 digit cards, and needs the names', async () => {
    expect(await messages({ ...good, zip: '10001-1234', expMonth: '11', expYear: '2026' })).toEqual({});
    expect(await messages({ ...good, cardNumber: '4222222222222' })).toEqual({});
    expect(await messages({ ...good, firstName: '', lastName: '' })).toEqual({ firstName: 'Required', lastName: 'Required' });
  });

  it('a saved card needs only the terms, whatever the card fields hold', async () => {
    expect(await messages({ ...checkoutDefaults('card-1'), terms: false })).toEqual({ terms: 'You must accept terms and conditions to make a purchase' });
    const answer = await checkoutResolver(now)({ ...checkoutDefaults('card-1'), terms: true }, undefined, options);
    expect(answer.values).toEqual({ payWith: 'saved-card', savedCardId: 'card-1', terms: true });
  });

  it('formats the number in groups of four, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});
