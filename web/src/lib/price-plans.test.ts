import { describe, expect, it } from 'vitest';
import { buildPricePlans, currencySymbol, frequencyOf, isOffered, memberOffersOf } from './price-plans';

const entry = (price: number, credits: number, days = 0, currency = 'USD') => ({ currency, vat: 0, intervals: [{ days, price, credits }] });

describe('buildPricePlans', () => {
  const products = [
    { _id: 'big', sku: 'c-100', name: 'amora', packageType: [], tags: ['limitedOffer'], pricing: { US: entry(49.99, 100), GB: entry(39, 100, 0, 'GBP') } },
    { _id: 'small', sku: 'c-20', name: 'amora', packageType: ['firstPurchaseOnly'], pricing: { US: entry(9.99, 20) } },
    { _id: 'mid', sku: 'c-50', name: 'amora', packageType: [], tags: ['mostPopular'], pricing: { default: entry(29.99, 50) } },
    { _id: 'after', sku: 'c-5', name: 'amora', packageType: ['postPaymentOnly'], pricing: { US: entry(1.99, 5) } },
    { _id: 'vip', sku: 'vip', name: 'amora', packageType: [], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 90, price: 74.99, credits: 150 }, { days: 30, price: 29.99, credits: 50 }] } } },
  ];

  it('splits credit packages from memberships, ascending by price, for the country', () => {
    const plans = buildPricePlans(products, 'US');
    expect(plans.creditPackages.map((p) => p.id)).toEqual(['small', 'mid', 'big']);
    expect(plans.memberships.map((m) => [m.days, m.frequency])).toEqual([
      [30, 'monthly'],
      [90, 'quarterly'],
    ]);
  });

  it('computes the truncated price per message and keeps tags and first-purchase flags', () => {
    const [small, mid, big] = buildPricePlans(products, 'US').creditPackages;
    expect(small).toMatchObject({ pricePerMessage: 0.49, firstPurchaseOnly: true });
    expect(mid).toMatchObject({ pricePerMessage: 0.59, tags: ['mostPopular'] });
    expect(big).toMatchObject({ pricePerMessage: 0.49, tags: ['limitedOffer'] });
  });

  it('uses the country entry over the default and hides post-payment packages', () => {
    const gb = buildPricePlans(products, 'GB');
    expect(gb.creditPackages.map((p) => [p.id, p.currency])).toEqual([
      ['mid', 'USD'],
      ['big', 'GBP'],
    ]);
    expect(buildPricePlans(products, 'US').creditPackages.some((p) => p.id === 'after')).toBe(false);
  });

  it('accepts pricing given as a list of country entries and tolerates junk', () => {
    const plans = buildPricePlans([{ _id: 'x', sku: 'x', name: 'a', pricing: [{ country: 'US', ...entry(9.99, 20) }] }, null, 'nope'], 'US');
    expect(plans.creditPackages).toHaveLength(1);
    expect(buildPricePlans(undefined, 'US')).toEqual({ creditPackages: [], memberships: [] });
  });

  it('names frequencies and currency symbols', () => {
    expect([30, 90, 180, 7].map(frequencyOf)).toEqual(['monthly', 'quarterly', 'bi-annual', 'other']);
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR', '€ ')).toBe('€ ');
  });
});

describe('member offers (docs/product.md#data promotions)', () => {
  const pkg = (id: string, packageType: string[], price: number) => ({ _id: id, sku: id, name: 'amora', packageType, pricing: { US: entry(price, 10) } });
  const products = [pkg('first', ['firstPurchaseOnly'], 1.99), pkg('plain', [], 9.99), pkg('after', ['postPaymentOnly'], 4.99)];
  const ids = (offers: Parameters<typeof buildPricePlans>[2]) => buildPricePlans(products, 'US', offers).creditPackages.map((p) => p.id);

  it('offers the first-purchase package until the first purchase, the post-payment one after it', () => {
    expect(ids(null)).toEqual(['first', 'plain']);
    expect(ids({ hasPurchased: false, firstPurchasePromotion: true })).toEqual(['first', 'plain']);
    expect(ids({ hasPurchased: true, firstPurchasePromotion: true })).toEqual(['after', 'plain']);
    expect(ids({ hasPurchased: false, firstPurchasePromotion: false })).toEqual(['plain']);
  });

  it('reads the offers from the user state', () => {
    expect(memberOffersOf({ transactions: [{ status: 'failed' }], promotions: { firstPurchasePromotion: true } })).toEqual({ hasPurchased: false, firstPurchasePromotion: true });
    expect(memberOffersOf({ transactions: [{ status: 'success' }], promotions: { firstPurchasePromotion: false } })).toEqual({ hasPurchased: true, firstPurchasePromotion: false });
    expect(memberOffersOf(null)).toEqual({ hasPurchased: false, firstPurchasePromotion: true });
    expect(isOffered({ firstPurchaseOnly: false, postPaymentOnly: false }, null)).toBe(true);
  });
});
