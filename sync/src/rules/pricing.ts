/**
 * docs/product.md#credits pricing rules. Money arrives as decimal major units (9.99) but every computation runs
 * on integer cents, because binary floats cannot hold most decimals: 9.99 / 10 in floats is
 * 0.9990000000000001 and truncating 0.29 * 100 gives 28.
 */

export interface PriceInterval {
  days: number;
  price: number;
  credits: number;
}

export interface PriceEntry {
  currency: string;
  /** VAT rate in percent (20 means 20 %). */
  vat: number;
  intervals: readonly PriceInterval[];
}

export interface PricedProduct {
  pricing: Readonly<Record<string, PriceEntry>>;
}

/** The `pricing` key used when a product has no entry for the visitor's country. */
export const DEFAULT_PRICING_KEY = 'default';

/** Decimal major units to integer cents, half-up as written: 9.99 -> 999, 1.005 -> 101. */
export function toCents(amount: number): number {
  return Math.round(Number((amount * 100).toPrecision(12)));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Truncates towards zero at 2 decimals, reading the float as the decimal it was written as:
 * 0.29 stays 0.29 (a plain Math.trunc(x * 100) gives 0.28). Rounding to 12 significant digits
 * first removes the representation error without ever reaching the next cent.
 */
export function truncate2(value: number): number {
  const scaled = Number((value * 100).toPrecision(12));
  return Math.trunc(scaled) / 100;
}

/** Integer division of non-negative integers, exact: a / b of two safe integers floors correctly. */
function divFloor(a: number, b: number): number {
  return Math.floor(a / b);
}

/** Price of one message in cents: the package price over its credits, truncated. */
export function pricePerMessageCents(priceCents: number, credits: number): number | null {
  if (!(credits > 0) || !Number.isInteger(priceCents) || priceCents < 0) return null;
  return divFloor(priceCents, credits);
}

/**
 * Price per message of a one-off (zero-day) package, truncated to 2 decimals, or null for
 * memberships and packages without credits (docs/product.md#credits shows it only for credit packages).
 */
export function pricePerMessage(interval: PriceInterval): number | null {
  if (interval.days !== 0) return null;
  const cents = pricePerMessageCents(toCents(interval.price), interval.credits);
  return cents === null ? null : fromCents(cents);
}

/** VAT included in `price` at `ratePercent`, truncated to 2 decimals. Rates may have 2 decimals (7.7). */
export function vatAmount(price: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  if (basisPoints <= 0) return 0;
  return fromCents(divFloor(toCents(price) * basisPoints, 10_000));
}

/** The price entry for `country`, else the default entry, else none. */
export function pickPriceEntry(product: PricedProduct, country: string): PriceEntry | undefined {
  return product.pricing[country] ?? product.pricing[country.toUpperCase()] ?? product.pricing[DEFAULT_PRICING_KEY];
}

/** The lowest interval price of the product's entry for `country`, or null if it has none. */
export function productPrice(product: PricedProduct, country: string): number | null {
  const entry = pickPriceEntry(product, country);
  if (!entry || entry.intervals.length === 0) return null;
  return Math.min(...entry.intervals.map((i) => i.price));
}

/** Ascending by price for `country`; products without a price go last; ties keep their order. */
export function sortProductsByPrice<P extends PricedProduct>(products: readonly P[], country: string): P[] {
  const keyed = products.map((product, index) => ({ product, index, price: productPrice(product, country) }));
  keyed.sort((a, b) => {
    if (a.price === null || b.price === null) {
      if (a.price === b.price) return a.index - b.index;
      return a.price === null ? 1 : -1;
    }
    return a.price - b.price || a.index - b.index;
  });
  return keyed.map((k) => k.product);
}

/** A membership has an interval that lasts days; a credit package has only zero-day intervals. */
export function isMembership(product: PricedProduct): boolean {
  return Object.values(product.pricing).some((entry) => entry.intervals.some((i) => i.days > 0));
}

/** Two-decimal display of an amount, with the configured currency symbol in front. */
export function formatMoney(amount: number, symbol = ''): string {
  return `${symbol}${(toCents(amount) / 100).toFixed(2)}`;
}
