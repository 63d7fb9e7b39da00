/**
 * UI state `pageLoader` (SPEC §3): the global page loader is visible while at least one
 * request or screen asked for it. A counter, so overlapping requests do not hide it early.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

export const pageLoader = {
  show(): void {
    pending += 1;
    if (pending === 1) emit();
  },
  hide(): void {
    if (pending === 0) return;
    pending -= 1;
    if (pending === 0) emit();
  },
  reset(): void {
    const wasVisible = pending > 0;
    pending = 0;
    if (wasVisible) emit();
  },
  isVisible: (): boolean => pending > 0,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
