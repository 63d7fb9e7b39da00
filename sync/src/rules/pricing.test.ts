import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  isMembership,
  pickPriceEntry,
  pricePerMessage,
  pricePerMessageCents,
  sortProductsByPrice,
  toCents,
  truncate2,
  vatAmount,
  type PricedProduct,
} from './pricing.js';

const pack = (price: number, credits: number, country = 'US'): PricedProduct => ({
  pricing: { [country]: { currency: 'USD', vat: 0, intervals: [{ days: 0, price, credits }] } },
});

describe('pricePerMessage', () => {
  it('truncates instead of rounding', () => {
    expect(pricePerMessage({ days: 0, price: 9.99, credits: 10 })).toBe(0.99);
    expect(pricePerMessage({ days: 0, price: 19.99, credits: 3 })).toBe(6.66);
    expect(pricePerMessage({ days: 0, price: 0.3, credits: 1 })).toBe(0.3);
    expect(pricePerMessage({ days: 0, price: 0.29, credits: 1 })).toBe(0.29);
    expect(pricePerMessage({ days: 0, price: 49.99, credits: 100 })).toBe(0.49);
  });

  it('is only for one-off packages with credits', () => {
    expect(pricePerMessage({ days: 30, price: 29.99, credits: 50 })).toBeNull();
    expect(pricePerMessage({ days: 0, price: 9.99, credits: 0 })).toBeNull();
  });

  it('never exceeds the exact share and is less than a cent below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000 }), (cents, credits) => {
        const per = pricePerMessageCents(cents, credits);
        if (per === null) return false;
        return per * credits <= cents && (per + 1) * credits > cents;
      }),
    );
  });

  it('agrees in major units with the cents computation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000 }), (cents, credits) => {
        const per = pricePerMessage({ days: 0, price: cents / 100, credits });
        return per !== null && toCents(per) === Math.floor(cents / credits);
      }),
    );
  });
});

describe('truncate2', () => {
  it('reads floats as the decimals they were written as', () => {
    expect(truncate2(0.29)).toBe(0.29);
    expect(truncate2(0.1 + 0.2)).toBe(0.3);
    expect(truncate2(0.1 * 3)).toBe(0.3);
    expect(truncate2(1.005)).toBe(1);
    expect(truncate2(2.999)).toBe(2.99);
    expect(truncate2(-2.999)).toBe(-2.99);
  });

  it('equals the exact decimal truncation and so never exceeds the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 6 }), (n, k) => {
        const value = n / 10 ** k;
        const exact = k <= 2 ? n * 10 ** (2 - k) : Math.floor(n / 10 ** (k - 2));
        const got = truncate2(value);
        return toCents(got) === exact && got <= value + Number.EPSILON * value;
      }),
    );
  });
});

describe('vatAmount', () => {
  it('truncates to cents', () => {
    expect(vatAmount(9.99, 20)).toBe(1.99); // 1.998
    expect(vatAmount(10, 7.7)).toBe(0.77);
    expect(vatAmount(100, 7.7)).toBe(7.7);
    expect(vatAmount(19.99, 19)).toBe(3.79); // 3.7981
    expect(vatAmount(9.99, 0)).toBe(0);
  });
});

describe('price entries and ordering', () => {
  const withDefault: PricedProduct = {
    pricing: {
      DE: { currency: 'EUR', vat: 19, intervals: [{ days: 0, price: 8.99, credits: 10 }] },
      default: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 9.99, credits: 10 }] },
    },
  };

  it('picks the country, else the default', () => {
    expect(pickPriceEntry(withDefault, 'DE')?.currency).toBe('EUR');
    expect(pickPriceEntry(withDefault, 'de')?.currency).toBe('EUR');
    expect(pickPriceEntry(withDefault, 'FR')?.currency).toBe('USD');
    expect(pickPriceEntry(pack(1, 1, 'US'), 'FR')).toBeUndefined();
  });

  it('sorts ascending, unpriced last, stable', () => {
    const a = pack(29.99, 50);
    const b = pack(9.99, 10);
    const c = pack(9.99, 12);
    const none = pack(1, 1, 'GB');
    expect(sortProductsByPrice([none, a, b, c], 'US')).toEqual([b, c, a, none]);
  });

  it('tells memberships from credit packages', () => {
    expect(isMembership(pack(9.99, 10))).toBe(false);
    expect(
      isMembership({ pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 30, price: 29.99, credits: 20 }] } } }),
    ).toBe(true);
  });

  it('formats two decimals', () => {
    expect(formatMoney(0.5, '$')).toBe('$0.50');
    expect(formatMoney(1.005)).toBe('1.01');
  });
});
