import { describe, expect, it } from 'vitest';
import { packageFlags, packageRefusal, purchaseRefusal } from './package-offer';

describe('package offers', () => {
  it('reads the flags from packageType', () => {
    expect(packageFlags(['firstPurchaseOnly', 'quickPackage'])).toEqual({ firstPurchaseOnly: true, postPaymentOnly: false });
    expect(packageFlags([])).toEqual({ firstPurchaseOnly: false, postPaymentOnly: false });
  });

  it('offers first-purchase packages only before a purchase and post-payment ones only after', () => {
    const first = packageFlags(['firstPurchaseOnly']);
    const post = packageFlags(['postPaymentOnly']);
    const plain = packageFlags([]);
    expect(packageRefusal(first, false)).toBeNull();
    expect(packageRefusal(first, true)).toBe('first-purchase-only');
    expect(packageRefusal(post, false)).toBe('post-payment-only');
    expect(packageRefusal(post, true)).toBeNull();
    expect(packageRefusal(plain, false)).toBeNull();
    expect(packageRefusal(plain, true)).toBeNull();
  });
});

describe('purchaseRefusal', () => {
  const plain = packageFlags([]);
  it('refuses a membership beside an active one, renewing or cancelled but running', () => {
    expect(purchaseRefusal(plain, true, { hasPurchased: true, hasLiveMembership: true })).toBe('membership-active');
    expect(purchaseRefusal(plain, true, { hasPurchased: true, hasLiveMembership: false })).toBeNull();
    expect(purchaseRefusal(plain, false, { hasPurchased: true, hasLiveMembership: true })).toBeNull();
  });
  it('keeps the package rules', () => {
    expect(purchaseRefusal(packageFlags(['firstPurchaseOnly']), false, { hasPurchased: true, hasLiveMembership: false })).toBe('first-purchase-only');
  });
});
