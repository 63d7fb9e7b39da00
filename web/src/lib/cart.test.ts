import { afterEach, describe, expect, it } from 'vitest';
import { resetAllStores } from './store-reset';
import { CART_STORAGE_KEY, cartStore, type CartItem } from './cart';

const item = (productId: string, price: number): CartItem => ({ productId, days: 0, kind: 'credits', label: `${productId}`, credits: 10, price, currency: 'USD' });

describe('cart (docs/product.md#constants: one item, adding replaces, local storage)', () => {
  afterEach(() => cartStore.clear());

  it('holds one item; adding another replaces it and the total follows', () => {
    cartStore.add(item('a', 4.99));
    cartStore.add(item('b', 29.99));
    expect(cartStore.get().items.map((i) => i.productId)).toEqual(['b']);
    expect(cartStore.get().order).toEqual({ currency: 'USD', total: 29.99 });
  });

  it('is kept in local storage and read back, dropping junk', () => {
    cartStore.add(item('a', 4.99));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}').items).toHaveLength(1);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ nope: 1 }, item('c', 1.5)] }));
    cartStore.reload();
    expect(cartStore.get().items.map((i) => i.productId)).toEqual(['c']);
    localStorage.setItem(CART_STORAGE_KEY, '{broken');
    cartStore.reload();
    expect(cartStore.get()).toEqual({ items: [], order: null });
  });

  it('is emptied on logout with the other stores', () => {
    cartStore.add(item('a', 4.99));
    resetAllStores();
    expect(cartStore.get().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
