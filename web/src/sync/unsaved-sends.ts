/**
 * A send's bubble is drawn before its IndexedDB transaction commits (echoes.ts), and that transaction may wait
 * behind a page of history being written. An app closed in between would lose a message the member saw on
 * screen, so each send is first written here, synchronously, to localStorage under the account's database
 * name, and crossed out once its transaction has ended. When that member's engine starts again, a send whose
 * tab has closed and whose row the device does not hold is queued again, under the same message id.
 */
import type { MutationArgs } from '@sync/engine/mutations';
import type { LocalDatabase } from '@web/local/db';
import { tabPresence, type TabLocks } from './tab-presence';

export interface UnsavedSend {
  tabId: string;
  at: number;
  args: MutationArgs<'sendMessage'>;
}

/** Without Web Locks to ask whether the writing tab is still open, a send this old is taken as abandoned. */
const ABANDONED_AFTER_MS = 60_000;

/** One key per send, so holding and crossing out cost the same however many sends wait. */
const prefix = (dbName: string) => `${dbName}:unsaved-send:`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Before the send's transaction starts. */
export function holdSend(dbName: string, send: UnsavedSend): void {
  try {
    storage()?.setItem(prefix(dbName) + send.args.messageId, JSON.stringify(send));
  } catch {
    // Storage full or refused: the send still goes through IndexedDB; only the close-in-the-gap guard is lost.
  }
}

/** Once the send's transaction has ended, written or refused. */
export function releaseSend(dbName: string, messageId: string): void {
  storage()?.removeItem(prefix(dbName) + messageId);
}

export function unsavedSends(dbName: string): UnsavedSend[] {
  const store = storage();
  if (!store) return [];
  const found: UnsavedSend[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(prefix(dbName))) continue;
    try {
      const entry = JSON.parse(store.getItem(key) ?? 'null') as UnsavedSend | null;
      if (typeof entry?.args?.messageId === 'string' && typeof entry.tabId === 'string') found.push(entry);
    } catch {
      // Not ours to read: left alone.
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/** Whether the device already holds the send: in the outbox (waiting or failed) or, sent, in the mirror. */
async function deviceHolds(db: LocalDatabase, messageId: string): Promise<boolean> {
  if (await db.messages.get(messageId)) return true;
  return (await db.outbox.filter((row) => (row.args as { messageId?: unknown } | null)?.messageId === messageId).count()) > 0;
}

/**
 * Queues again, through `mutate`, the sends of closed tabs that never reached the device's database; drops the
 * ones it holds. Answers how many were queued again.
 */
export async function recoverUnsavedSends(
  db: LocalDatabase,
  mutate: (args: MutationArgs<'sendMessage'>) => Promise<unknown>,
  locks: TabLocks | null | undefined,
  now: number = Date.now(),
): Promise<number> {
  let queued = 0;
  for (const entry of unsavedSends(db.name)) {
    const presence = await tabPresence(entry.tabId, locks);
    const abandoned = presence === 'closed' || (presence === 'unknown' && now - entry.at > ABANDONED_AFTER_MS);
    if (!abandoned) continue;
    if (!(await deviceHolds(db, entry.args.messageId))) {
      await mutate(entry.args);
      queued += 1;
    }
    releaseSend(db.name, entry.args.messageId);
  }
  return queued;
}
