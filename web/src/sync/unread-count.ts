import { useSyncExternalStore } from 'react';
import { registerStoreReset } from '@web/lib/store-reset';

/**
 * The member's unread message count as the socket last told it (SPEC §4 `unreadMessageCount`),
 * kept for the navigation badge. Null until the server has said anything.
 */
let count: number | null = null;
const listeners = new Set<() => void>();

export const unreadCountStore = {
  get: (): number | null => count,
  set(next: number | null): void {
    if (next === count) return;
    count = next;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

registerStoreReset('unreadMessageCount', () => unreadCountStore.set(null));

export function useUnreadMessageCount(): number | null {
  return useSyncExternalStore(unreadCountStore.subscribe, unreadCountStore.get, unreadCountStore.get);
}
