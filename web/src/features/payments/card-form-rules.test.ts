import { describe, expect, it } from 'vitest';
import { emptyCardForm, formatCardNumber, validateCardForm } from './card-form-rules';

const now = new Date('2026-11-22T12:00:00Z');
const good = { ...emptyCardForm({ firstName: 'Demo', lastName: 'Member' }), cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvv: '123', zip: '10001' };

describe('checkout card form (SPEC §5)', () => {
  it('accepts a good card with accepted terms', () => {
    expect(validateCardForm(good, true, now)).toEqual({});
  });

  it('shows each SPEC text', () => {
    const errors = validateCardForm({ ...good, cardNumber: '4242 4242 4242 4241', cvv: '12', zip: '1234', expMonth: '10', expYear: '2026', cardholder: ' ' }, false, now);
    expect(errors).toEqual({
      cardNumber: 'Credit card is not valid',
      cvv: 'The CVV must be a 3 or 4 digit number',
      zip: 'Invalid zip code',
      expMonth: 'Invalid expiration date',
      cardholder: 'Required',
      terms: 'You must accept terms and conditions to make a purchase',
    });
  });

  it('takes zip+4, this month as expiry, 13 and 19 digit cards, and needs the names', () => {
    expect(validateCardForm({ ...good, zip: '10001-1234', expMonth: '11', expYear: '2026' }, true, now)).toEqual({});
    expect(validateCardForm({ ...good, cardNumber: '4222222222222' }, true, now)).toEqual({});
    expect(validateCardForm({ ...good, firstName: '', lastName: '' }, true, now)).toEqual({ firstName: 'Required', lastName: 'Required' });
  });

  it('formats the number in groups of four, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });
});
