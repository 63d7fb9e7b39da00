import type { MutationErrorBody } from '@sync/engine/mutations';
import type { OutboxRow } from '@web/local/db';
import { tabPresence, type TabLocks } from './tab-presence';

export type RefusalMessage = { type: 'refused'; tabId: string; mutationId: number; error: MutationErrorBody };

export interface RefusalRouterOptions {
  tabId: string;
  /** BroadcastChannel postMessage to the member's other tabs. */
  post: (message: RefusalMessage) => void;
  locks: TabLocks | null | undefined;
  /** Tell the member here (no-credits popup, toast). */
  announce: (error: MutationErrorBody) => void;
}

/**
 * The outbox runs in the leader tab, but the member pressed Send in some tab: a refusal (no credits…) is told
 * in the tab that queued it. The leader says it itself when it queued the write, when the write carries no
 * tab, or when that tab has closed (its lock is gone), so a refusal is never told nowhere.
 */
export function createRefusalRouter({ tabId, post, locks, announce }: RefusalRouterOptions) {
  return {
    async route(row: OutboxRow, error: MutationErrorBody): Promise<void> {
      if (!row.tabId || row.tabId === tabId || !(await tabIsOpen(row.tabId, locks))) return announce(error);
      post({ type: 'refused', tabId: row.tabId, mutationId: row.mutationId, error });
    },
    /** Every tab passes channel messages here; only the addressed tab speaks. */
    receive(message: unknown): boolean {
      const m = message as Partial<RefusalMessage> | null;
      if (m?.type !== 'refused' || m.tabId !== tabId || !m.error || typeof m.mutationId !== 'number') return false;
      announce(m.error);
      return true;
    },
  };
}

async function tabIsOpen(tabId: string, locks: TabLocks | null | undefined): Promise<boolean> {
  // Without a way to ask, assume it is open: followers exist only where Web Locks do.
  return (await tabPresence(tabId, locks)) !== 'closed';
}
