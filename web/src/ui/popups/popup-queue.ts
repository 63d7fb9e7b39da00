import { createStore, useStore } from '@web/lib/store';
import type { PopupKind, PopupPropsByKind } from './popup-kinds';

/**
 * docs/product.md#screens-and-routes: popups show one at a time; others queue and appear when the active one closes.
 * A plain store so guards, machines and the HTTP hooks can open popups outside React.
 */
export interface PopupEntry<K extends PopupKind = PopupKind> {
  id: number;
  kind: K;
  props: PopupPropsByKind[K];
}

export interface PopupQueueState {
  active: PopupEntry | null;
  queued: readonly PopupEntry[];
}

export function createPopupQueue() {
  let nextId = 1;
  const store = createStore<PopupQueueState>({ active: null, queued: [] });
  const closeListeners = new Map<number, () => void>();
  const commit = store.set;

  return {
    getState: store.get,
    subscribe: store.subscribe,
    /** Opens now if nothing is showing, else queues; returns the popup's id. */
    open<K extends PopupKind>(kind: K, props: PopupPropsByKind[K], options: { onClose?: () => void } = {}): number {
      const entry = { id: nextId++, kind, props } as PopupEntry;
      const state = store.get();
      if (options.onClose) closeListeners.set(entry.id, options.onClose);
      if (!state.active) commit({ active: entry, queued: state.queued });
      else commit({ active: state.active, queued: [...state.queued, entry] });
      return entry.id;
    },
    /** Closes the active popup (or the given one, active or queued); the next queued one shows. */
    close(id?: number): void {
      const state = store.get();
      const target = id ?? state.active?.id;
      if (target === undefined) return;
      const onClose = closeListeners.get(target);
      closeListeners.delete(target);
      if (state.active?.id === target) {
        const [next = null, ...rest] = state.queued;
        commit({ active: next, queued: rest });
      } else if (state.queued.some((entry) => entry.id === target)) {
        commit({ active: state.active, queued: state.queued.filter((entry) => entry.id !== target) });
      } else {
        return;
      }
      onClose?.();
    },
    /** Drops everything (logout). */
    clear(): void {
      closeListeners.clear();
      commit({ active: null, queued: [] });
    },
  };
}

export type PopupQueue = ReturnType<typeof createPopupQueue>;

/** The app's queue. */
export const popups = createPopupQueue();

export const openPopup = popups.open;
export const closePopup = popups.close;

export function usePopupQueue(queue: PopupQueue = popups): PopupQueueState {
  return useStore({ get: queue.getState, subscribe: queue.subscribe });
}
