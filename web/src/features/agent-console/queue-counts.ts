import { useSyncExternalStore } from 'react';
import { QUEUE_REFRESH_MS, type QueueCounts } from '@sync/contract/agents';
import { fetchQueue } from '@web/lib/agent-api';

// One poller however many components show the stocks: the layout's session bar and the /agent start page
// are mounted together, and each used to run its own 3 s timer against GET /api/queue.
let counts: QueueCounts | null = null;
let controller: AbortController | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function load() {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  controller?.abort();
  const own = new AbortController();
  controller = own;
  fetchQueue(own.signal)
    .then((next) => {
      if (controller !== own) return;
      counts = next;
      listeners.forEach((listener) => listener());
    })
    .catch(() => undefined);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    load();
    timer = setInterval(load, QUEUE_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    if (timer) clearInterval(timer);
    timer = null;
    controller?.abort();
    controller = null;
    counts = null;
  };
}

/** GET /api/queue every 3 s while the console is open and the tab visible. */
export function useQueueCounts(): QueueCounts | null {
  return useSyncExternalStore(subscribe, () => counts, () => null);
}
