import type { LockManagerLike } from './leader';

/** Each tab holds a Web Lock under its own name for its lifetime, so other tabs can tell whether it is still open. */
export const tabLockName = (tabId: string) => `amora-tab-${tabId}`;

export interface TabLocks extends LockManagerLike {
  query?(): Promise<{ held?: { name?: string }[] }>;
}

/** Whether the tab is open, closed, or (no Web Locks to ask) not known. */
export async function tabPresence(tabId: string, locks: TabLocks | null | undefined): Promise<'open' | 'closed' | 'unknown'> {
  if (!locks?.query) return 'unknown';
  try {
    const state = await locks.query();
    return state.held?.some((lock) => lock.name === tabLockName(tabId)) ? 'open' : 'closed';
  } catch {
    return 'unknown';
  }
}
