import { registerStoreReset } from './store-reset';
import { createStore, useStore } from './store';

/**
 * docs/product.md#data / docs/product.md#constants cart: at most one item; adding another replaces it; kept in local storage so a reload
 * (or the trip to a bank's confirmation page) does not lose the choice.
 */
export interface CartItem {
  productId: string;
  /** 0 for a credit package, else the membership's charge interval. */
  days: number;
  kind: 'credits' | 'membership';
  /** What the checkout shows: "120 credits", "Quarterly VIP membership". */
  label: string;
  credits: number;
  price: number;
  currency: string;
  /** A first-purchase offer: the checkout says it can be paid once. */
  firstPurchaseOnly?: boolean;
}

export interface CartState {
  items: CartItem[];
  order: { currency: string; total: number } | null;
}

export const CART_STORAGE_KEY = 'cart';
const CART_LIMIT = 1;
const empty: CartState = { items: [], order: null };

function isItem(value: unknown): value is CartItem {
  const item = value as CartItem | null;
  return (
    !!item &&
    typeof item.productId === 'string' &&
    typeof item.days === 'number' &&
    (item.kind === 'credits' || item.kind === 'membership') &&
    typeof item.price === 'number' &&
    typeof item.currency === 'string'
  );
}

function read(): CartState {
  try {
    const raw = globalThis.localStorage?.getItem(CART_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<CartState>) : null;
    const items = Array.isArray(parsed?.items) ? parsed.items.filter(isItem).slice(-CART_LIMIT) : [];
    return totals(items);
  } catch {
    return empty;
  }
}

function totals(items: CartItem[]): CartState {
  const first = items[0];
  if (!first) return empty;
  return { items, order: { currency: first.currency, total: items.reduce((sum, item) => sum + item.price, 0) } };
}

const store = createStore<CartState>(read());

function commit(next: CartState): void {
  try {
    if (next.items.length > 0) globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(next));
    else globalThis.localStorage?.removeItem(CART_STORAGE_KEY);
  } catch {
    // storage unavailable: the cart lives for this tab
  }
  store.set(next);
}

export const cartStore = {
  get: store.get,
  /** Adds the item; with the limit of one, it replaces what was there (the oldest goes). */
  add(item: CartItem): void {
    commit(totals([...store.get().items, item].slice(-CART_LIMIT)));
  },
  clear(): void {
    commit(empty);
  },
  /** Re-reads local storage (another tab changed it, or a test reset it). */
  reload(): void {
    store.set(read());
  },
  subscribe: store.subscribe,
};

registerStoreReset('cart', () => cartStore.clear());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) cartStore.reload();
  });
}

export function useCart(): CartState {
  return useStore(cartStore);
}
