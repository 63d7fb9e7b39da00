import { useSyncExternalStore } from 'react';

/**
 * The one client-side store shape: a value, a setter and a change signal that React reads through
 * useSyncExternalStore. Server data does not live here (TanStack Query holds it, docs/decisions/0040);
 * this is for what the client owns and code outside React must reach: the signed-in user's record,
 * the cart, the popup queue, toasts, the page loader, the agent runtime's view.
 */
export interface Store<T> {
  get(): T;
  /** Replaces the value; listeners hear of it unless `equals` says nothing changed. */
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T, options: { equals?: (a: T, b: T) => boolean } = {}): Store<T> {
  const equals = options.equals ?? Object.is;
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (equals(value, resolved)) return;
      value = resolved;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's value, re-rendering when it changes. */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
