/**
 * SPEC §3 packageType flags: who may buy a package. One rule for the upgrade page (which hides what would be
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
