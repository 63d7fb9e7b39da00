import { createStore } from '@web/lib/store';

/**
 * One tab per account runs the outbox and holds the socket (docs/architecture.md#the-sync-engine): whoever holds
 * the Web Lock `amora-sync-leader:<the account's database>` (sync-runtime.ts). The lock is held for the tab's
 * lifetime; when the tab closes the browser releases it and the next tab's waiting request wins at once. Without Web Locks (tests, old browsers) the tab leads.
 */
export const LEADER_LOCK = 'amora-sync-leader';

export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

function defaultLocks(): LockManagerLike | undefined {
  return typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }).locks : undefined;
}

/** Waits for leadership; `onChange(true)` when this tab leads, `onChange(false)` when it stops. Returns the release. */
/** `locks`: the LockManager to use; undefined means the browser's, null means none (lead at once). */
/** `lockName`: one lock per kind of leader (the member's sync engine, the agent's session socket). */
export function electLeader(
  onChange: (leader: boolean) => void,
  locks: LockManagerLike | null | undefined = defaultLocks(),
  lockName: string = LEADER_LOCK,
): () => void {
  if (!locks) {
    onChange(true);
    return () => onChange(false);
  }
  const controller = new AbortController();
  let release: (() => void) | null = null;
  let done = false;
  locks
    .request(lockName, { signal: controller.signal }, () =>
      new Promise<void>((resolve) => {
        if (done) return resolve();
        release = resolve;
        onChange(true);
      }),
    )
    .catch(() => {
      // aborted while waiting: this tab closed or signed out before its turn
    });
  return () => {
    done = true;
    if (release) {
      release();
      release = null;
      onChange(false);
    } else {
      controller.abort();
    }
  };
}

export interface LeaderStore {
  isLeader(): boolean;
  set(next: boolean): void;
  subscribe(listener: () => void): () => void;
}

/** Whether this tab leads now, for whoever must follow it (a socket's shouldConnect, a header badge). */
export function createLeaderStore(): LeaderStore {
  const leading = createStore(false);
  return { isLeader: leading.get, set: leading.set, subscribe: leading.subscribe };
}

/** The member's sync leader; the member socket connects only in it (member-socket.ts shouldConnect). */
export const leaderStore = createLeaderStore();
