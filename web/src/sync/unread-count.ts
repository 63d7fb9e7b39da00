import { registerStoreReset } from '@web/lib/store-reset';
import { createStore, useStore } from '@web/lib/store';

/**
 * The member's unread message count as the socket last told it (docs/product.md#messaging `unreadMessageCount`),
 * kept for the navigation badge. Null until the server has said anything.
 */
export const unreadCountStore = createStore<number | null>(null);

registerStoreReset('unreadMessageCount', () => unreadCountStore.set(null));

export function useUnreadMessageCount(): number | null {
  return useStore(unreadCountStore);
}
