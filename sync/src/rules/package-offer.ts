/**
 * docs/product.md#data packageType flags: who may buy a package. One rule for the upgrade page (which hides what would be
 * refused) and the order API (which refuses it), so the two never disagree.
 */
export interface PackageFlags {
  firstPurchaseOnly: boolean;
  postPaymentOnly: boolean;
}

export function packageFlags(packageType: readonly string[]): PackageFlags {
  return { firstPurchaseOnly: packageType.includes('firstPurchaseOnly'), postPaymentOnly: packageType.includes('postPaymentOnly') };
}

/** Why a member with (or without) a past purchase may not buy the package, or null when they may. */
export function packageRefusal(flags: PackageFlags, hasPurchased: boolean): 'first-purchase-only' | 'post-payment-only' | null {
  if (flags.firstPurchaseOnly && hasPurchased) return 'first-purchase-only';
  if (flags.postPaymentOnly && !hasPurchased) return 'post-payment-only';
  return null;
}

export type PurchaseRefusal = 'first-purchase-only' | 'post-payment-only' | 'membership-active';

/**
 * The whole rule for one order: the package flags above, and one VIP membership at a time (decision 0021): a
 * membership is refused while another is active, renewing or cancelled but still running, so a second one is never
 * charged beside it. Checked when the order is made, when it is paid and again when the payment is confirmed.
 */
export function purchaseRefusal(flags: PackageFlags, isMembership: boolean, facts: { hasPurchased: boolean; hasLiveMembership: boolean }): PurchaseRefusal | null {
  if (isMembership && facts.hasLiveMembership) return 'membership-active';
  return packageRefusal(flags, facts.hasPurchased);
}
