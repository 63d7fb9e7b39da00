/**
 * UI state `pageLoader` (docs/product.md#data): the global page loader is visible while at least one
 * request or screen asked for it. A counter, so overlapping requests do not hide it early.
 */
import { createStore } from './store';

let pending = 0;
// What React reads is whether it shows, so a second overlapping request re-renders nothing.
const visible = createStore(false);

export const pageLoader = {
  show(): void {
    pending += 1;
    visible.set(true);
  },
  hide(): void {
    if (pending === 0) return;
    pending -= 1;
    visible.set(pending > 0);
  },
  reset(): void {
    pending = 0;
    visible.set(false);
  },
  isVisible: visible.get,
  subscribe: visible.subscribe,
};
