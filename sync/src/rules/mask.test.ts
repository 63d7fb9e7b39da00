import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsContact, maskContacts, maskEmails, maskPhones } from './mask.js';

describe('maskEmails', () => {
  it('hides addresses and keeps the rest', () => {
    const address = 'jane.doe+x@mail.example.com';
    expect(maskEmails(`write me at ${address} ok?`)).toBe(`write me at ${'*'.repeat(address.length)} ok?`);
    expect(maskEmails('JANE@EXAMPLE.ORG')).toBe('****************');
  });
  it('leaves at-signs that are not addresses', () => {
    expect(maskEmails('meet @ 8pm, or @jane')).toBe('meet @ 8pm, or @jane');
  });
});

describe('maskPhones', () => {
  it('hides phone numbers in their common shapes', () => {
    expect(maskPhones('call 555-123-4567 now')).toBe('call ************ now');
    expect(maskPhones('+1 (555) 123 4567')).toBe('** ***** *** ****');
    expect(maskPhones('(555) 123-4567')).toBe('***** ********');
    expect(maskPhones('0044 20 7946 0958')).toBe('**** ** **** ****');
    expect(maskPhones('555.123.4567')).toBe('************');
    expect(maskPhones('my number5551234567')).toBe('my number5551234567'.replace('5551234567', '**********'));
  });
  it('hides numbers spread out to dodge the filter', () => {
    expect(maskPhones('5 5 5 1 2 3 4')).toBe('* * * * * * *');
  });
  it('leaves prices, dates, years and short numbers alone', () => {
    for (const text of [
      'it costs $1,299.99',
      'it costs €1234567',
      'I paid 1250000.50 for the house',
      'born 1990-04-12',
      'on 12.04.1990',
      'on 4/12/1990',
      'from 2019 - 2024',
      'from 2019-2024',
      'I am 34, 180 cm, 75 kg',
      'call me at 8 or 9',
      'room 123456',
      'version 1.2.3',
    ])
      expect(maskPhones(text), text).toBe(text);
  });
});

describe('maskContacts', () => {
  it('hides both, an email with digits entirely', () => {
    expect(maskContacts('jane1234567@x.com or 555 123 4567')).toBe('***************** or *** *** ****');
    expect(containsContact('hello there')).toBe(false);
    expect(containsContact('reach me: a@b.io')).toBe(true);
  });
  it('keeps the length and every whitespace of the message', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '1', ' ', '-', '@', '.', '+', '(', ')', '\n', 'x', 'm') }), (text) => {
        const masked = maskContacts(text);
        if (masked.length !== text.length) return false;
        for (let i = 0; i < text.length; i += 1) {
          if (masked[i] !== text[i] && (masked[i] !== '*' || /\s/.test(text[i] ?? ''))) return false;
        }
        return true;
      }),
    );
  });
});
