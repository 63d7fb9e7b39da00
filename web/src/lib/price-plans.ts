import type { PriceEntry, Product, ProductTag } from '@sync/contract/entities';
import { packageFlags, packageRefusal, type PackageFlags } from '@sync/rules/package-offer';
import { pickPriceEntry, pricePerMessage, sortProductsByPrice, truncate2 } from '@sync/rules/pricing';

/** A one-off credit package as the prices page shows it. */
export interface CreditPackagePlan {
  id: string;
  credits: number;
  price: number;
  currency: string;
  /** docs/product.md#credits: price / credits, truncated to 2 decimals. */
  pricePerMessage: number | null;
  tags: ProductTag[];
  firstPurchaseOnly: boolean;
  postPaymentOnly: boolean;
}

export type MembershipFrequency = 'monthly' | 'quarterly' | 'bi-annual' | 'other';

/** One charge interval of a VIP membership. */
export interface MembershipPlan {
  id: string;
  productId: string;
  days: number;
  frequency: MembershipFrequency;
  price: number;
  currency: string;
  /** Complimentary credits that come with each charge. */
  credits: number;
  /** The plan price spread over 30-day months, truncated to 2 decimals. */
  pricePerMonth: number;
  tags: ProductTag[];
}

export interface PricePlans {
  creditPackages: CreditPackagePlan[];
  memberships: MembershipPlan[];
}

type LooseProduct = Omit<Product, 'pricing' | 'packageType'> & {
  packageType?: readonly string[];
  pricing: Product['pricing'] | readonly (PriceEntry & { country?: string })[];
};

/** Products keyed by country per the contract; a list of `{ country, … }` entries is accepted too. */
function withPricingRecord(product: LooseProduct): Product {
  const pricing = Array.isArray(product.pricing)
    ? Object.fromEntries((product.pricing as (PriceEntry & { country?: string })[]).map(({ country, ...entry }) => [country ?? 'default', entry]))
    : (product.pricing as Product['pricing']);
  return { ...product, packageType: (product.packageType ?? []) as Product['packageType'], pricing };
}

export function frequencyOf(days: number): MembershipFrequency {
  if (days >= 28 && days <= 31) return 'monthly';
  if (days >= 84 && days <= 93) return 'quarterly';
  if (days >= 168 && days <= 186) return 'bi-annual';
  return 'other';
}

/** What decides which packages a signed-in member is offered (docs/product.md#data user promotions). */
export interface MemberOffers {
  /** The member has a successful purchase behind them. */
  hasPurchased: boolean;
  /** `promotions.firstPurchasePromotion`: the first-purchase offer still applies. */
  firstPurchasePromotion: boolean;
}

/** From the user state: a successful purchase in `transactions`, and the promotion flag. */
export function memberOffersOf(member: object | null | undefined): MemberOffers {
  const user = member as { transactions?: unknown; promotions?: unknown } | null | undefined;
  const transactions = Array.isArray(user?.transactions) ? (user.transactions as { status?: unknown; kind?: unknown }[]) : [];
  const hasPurchased = transactions.some((tx) => tx?.status === 'success');
  const promotions = (user?.promotions ?? {}) as { firstPurchasePromotion?: unknown };
  return { hasPurchased, firstPurchasePromotion: promotions.firstPurchasePromotion !== false };
}

/** Whether a package with these flags is offered: first-purchase offers until the first purchase, post-payment ones after it. */
export function isOffered(flags: PackageFlags, offers: MemberOffers | null): boolean {
  // The public page (no member) shows the first-purchase offer, never the post-payment ones.
  if (!offers) return !flags.postPaymentOnly;
  // A member whose first-purchase promotion was withdrawn is not shown that offer either.
  if (flags.firstPurchaseOnly && !offers.firstPurchasePromotion) return false;
  return packageRefusal(flags, offers.hasPurchased) === null;
}

/**
 * The visitor's plans from the brand's products: the price entry of their country (docs/product.md#credits),
 * ascending by price; memberships are products with a day interval, the rest are credit packages.
 * Without `offers` (the public page) post-payment-only packages are left out; with them, the member's
 * promotions decide (isOffered).
 */
export function buildPricePlans(products: readonly unknown[] | undefined, country: string, offers: MemberOffers | null = null): PricePlans {
  const list = (products ?? []).filter((p): p is LooseProduct => typeof p === 'object' && p !== null && 'pricing' in p).map(withPricingRecord);
  const creditPackages: CreditPackagePlan[] = [];
  const memberships: MembershipPlan[] = [];
  for (const product of sortProductsByPrice(list, country)) {
    const flags = packageFlags(product.packageType);
    if (!isOffered(flags, offers)) continue;
    const entry = pickPriceEntry(product, country);
    if (!entry) continue;
    const tags = product.tags ?? [];
    for (const interval of entry.intervals) {
      if (interval.days === 0) {
        creditPackages.push({
          id: product._id,
          credits: interval.credits,
          price: interval.price,
          currency: entry.currency,
          pricePerMessage: pricePerMessage(interval),
          tags,
          ...flags,
        });
      } else {
        memberships.push({
          id: `${product._id}:${interval.days}`,
          productId: product._id,
          days: interval.days,
          frequency: frequencyOf(interval.days),
          price: interval.price,
          currency: entry.currency,
          credits: interval.credits,
          pricePerMonth: truncate2((interval.price * 30) / interval.days),
          tags,
        });
      }
    }
  }
  memberships.sort((a, b) => a.days - b.days);
  return { creditPackages, memberships };
}

/** The currency symbol: the configured one, else the narrow symbol of the ISO code. */
export function currencySymbol(currency: string, configured?: unknown): string {
  if (typeof configured === 'string' && configured) return configured;
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? `${currency} `;
  } catch {
    return `${currency} `;
  }
}

export { formatAmount as money } from './format';
