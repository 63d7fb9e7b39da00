import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adult,
  atLeastOne,
  creditCard,
  cvv,
  dateString,
  email,
  expirationDate,
  expiryMmYy,
  firstProblem,
  ipAddress,
  luhnValid,
  maxAge,
  maxLength,
  minLength,
  required,
  username,
  usernameOrEmail,
  zipcode,
} from './validators.js';

/** The digit that makes `body` + digit pass Luhn. */
function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(body + d)) return String(d);
  throw new Error('unreachable');
}

const validCard = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 })
  .map((ds) => ds.join(''))
  .map((body) => body + luhnCheckDigit(body));

describe('required', () => {
  it('refuses missing, blank and empty values', () => {
    for (const v of [undefined, null, '', '   ', []]) expect(required(v)).toBe('Required');
    for (const v of ['a', 0, false, ['x']]) expect(required(v)).toBeNull();
  });
});

describe('dateString', () => {
  it('needs YYYY-MM-DD of a real day', () => {
    expect(dateString('2000-01-31')).toBeNull();
    expect(dateString('2000-02-30')).toBe('Incorrect date format');
    expect(dateString('31-01-2000')).toBe('Incorrect date format');
  });
});

describe('adult and maxAge', () => {
  const now = new Date('2024-03-01T12:00:00Z');
  it('needs 18 full years', () => {
    expect(adult('2006-03-01', now)).toBeNull();
    expect(adult('2006-03-02', now)).toBe('You have to be at least 18 years old');
    expect(adult('not a date', now)).toBe('Incorrect date format');
  });
  it('is leap-day safe', () => {
    // Born 29 Feb 2004: 18 on 1 March 2022, not on 28 February.
    expect(adult('2004-02-29', new Date('2022-02-28T12:00:00Z'))).toBe('You have to be at least 18 years old');
    expect(adult('2004-02-29', new Date('2022-03-01T00:00:00Z'))).toBeNull();
  });
  it('caps the age', () => {
    expect(maxAge('1924-03-01', 100, now)).toBeNull();
    expect(maxAge('1923-03-01', 100, now)).toBe('You have to be at most 100 years old');
  });
});

describe('creditCard', () => {
  it('accepts Luhn-valid numbers of 13 to 19 digits, spaces allowed', () => {
    expect(creditCard('4242424242424242')).toBeNull();
    expect(creditCard('4242 4242 4242 4242')).toBeNull();
    expect(creditCard('4222222222222')).toBeNull(); // 13 digits
    expect(creditCard('6011000990139424')).toBeNull();
  });
  it('refuses bad checksums, lengths and characters', () => {
    const msg = 'Credit card is not valid';
    expect(creditCard('4242424242424241')).toBe(msg);
    expect(creditCard('424242424242')).toBe(msg); // 12 digits
    expect(creditCard('42424242424242424242')).toBe(msg); // 20 digits
    expect(creditCard('4242-4242-4242-4242')).toBe(msg);
    expect(creditCard('')).toBe(msg);
    expect(creditCard('000000000000a')).toBe(msg);
  });
  it('accepts every Luhn-valid number it is given', () => {
    fc.assert(fc.property(validCard, (card) => creditCard(card) === null));
  });
  it('refuses any valid number with one digit changed', () => {
    fc.assert(
      fc.property(validCard, fc.nat(), fc.integer({ min: 1, max: 9 }), (card, at, shift) => {
        const i = at % card.length;
        const changed = (Number(card[i]) + shift) % 10;
        const wrong = card.slice(0, i) + changed + card.slice(i + 1);
        return creditCard(wrong) !== null;
      }),
    );
  });
});

describe('cvv', () => {
  it('needs 3 or 4 digits', () => {
    expect(cvv('123')).toBeNull();
    expect(cvv('1234')).toBeNull();
    for (const bad of ['12', '12345', 'abc', '12a', ' 123', ''])
      expect(cvv(bad)).toBe('The CVV must be a 3 or 4 digit number');
  });
});

describe('expiry', () => {
  const now = new Date('2025-06-30T23:00:00Z');
  it('accepts this month and refuses last month', () => {
    expect(expirationDate(6, 2025, now)).toBeNull();
    expect(expirationDate('06', '25', now)).toBeNull();
    expect(expirationDate(5, 2025, now)).toBe('Invalid expiration date');
    expect(expirationDate(12, 2024, now)).toBe('Invalid expiration date');
    expect(expirationDate(1, 2026, now)).toBeNull();
  });
  it('refuses impossible months and far-future years', () => {
    expect(expirationDate(13, 2026, now)).toBe('Invalid expiration date');
    expect(expirationDate(0, 2026, now)).toBe('Invalid expiration date');
    expect(expirationDate('x', 2026, now)).toBe('Invalid expiration date');
    expect(expirationDate(1, 2099, now)).toBe('Invalid expiration date');
  });
  it('reads MM/YY', () => {
    const msg = 'The date format is invalid or in the past';
    expect(expiryMmYy('06/25', now)).toBeNull();
    expect(expiryMmYy('05/25', now)).toBe(msg);
    expect(expiryMmYy('13/26', now)).toBe(msg);
    expect(expiryMmYy('00/26', now)).toBe(msg);
    expect(expiryMmYy('6/25', now)).toBe(msg);
    expect(expiryMmYy('06/2025', now)).toBe(msg);
  });
});

describe('zipcode', () => {
  it('takes 5 digits with an optional -4', () => {
    expect(zipcode('12345')).toBeNull();
    expect(zipcode('12345-6789')).toBeNull();
    for (const bad of ['1234', '123456', '12345-678', '12345 6789', 'abcde'])
      expect(zipcode(bad)).toBe('Invalid zip code');
  });
});

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.com', "o'neil@example.ie", 'x_y-z@sub-domain.example.org'])
      expect(email(ok)).toBeNull();
  });
  it('refuses malformed ones', () => {
    for (const bad of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@example',
      'a..b@example.com',
      '.a@example.com',
      'a@-example.com',
      'a@example.c',
      'a@example.123',
      'a b@example.com',
      'a@b@example.com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`, // 261 characters, over 254
    ])
      expect(email(bad), bad).toBe('Please enter a valid email address');
  });
});

describe('length rules', () => {
  it('name the field and the bound', () => {
    expect(minLength('abc', 8, 'password')).toBe('The password must contain at least 8 symbols');
    expect(minLength('abcdefgh', 8, 'password')).toBeNull();
    expect(maxLength('abcd', 3, 'code')).toBe('The code must contain at most 3 symbols');
  });
  it('count an emoji as one symbol', () => {
    expect(maxLength('😀😀😀', 3, 'name')).toBeNull();
  });
});

describe('username and usernameOrEmail', () => {
  it('allows word characters, 3 to 24', () => {
    expect(username('jane_doe99')).toBeNull();
    expect(username('ab')).not.toBeNull();
    expect(username('a'.repeat(25))).not.toBeNull();
    expect(username('jane doe')).not.toBeNull();
    expect(username('jané')).not.toBeNull();
    expect(username('jane-doe')).not.toBeNull();
  });
  it('takes either form', () => {
    expect(usernameOrEmail('jane_doe')).toBeNull();
    expect(usernameOrEmail('jane@example.com')).toBeNull();
    expect(usernameOrEmail('jane doe')).toBe('Must be a valid username or email address.');
  });
});

describe('atLeastOne', () => {
  it('needs one chosen option', () => {
    expect(atLeastOne([])).toBe('Select at least one');
    expect(atLeastOne(['seo'])).toBeNull();
  });
});

describe('ipAddress', () => {
  it('accepts v4 and v6', () => {
    for (const ok of ['0.0.0.0', '192.168.1.1', '255.255.255.255', '::', '::1', '2001:db8::1', 'fe80:0:0:0:0:0:0:1', '::ffff:192.0.2.1', '1:2:3:4:5:6:7::'])
      expect(ipAddress(ok), ok).toBeNull();
  });
  it('refuses the rest', () => {
    for (const bad of ['256.1.1.1', '01.2.3.4', '1.2.3', '1.2.3.4.5', '1:2:3:4:5:6:7', '1::2::3', '12345::', 'g::1', '1:2:3:4:5:6:7:8:9', '::1.2.3', ''])
      expect(ipAddress(bad), bad).toBe('Please enter a valid IP address');
  });
});

describe('firstProblem', () => {
  it('answers the first message', () => {
    expect(firstProblem(null, 'a', 'b')).toBe('a');
    expect(firstProblem(null, null)).toBeNull();
  });
});
