/**
 * The token one tab's refresh produced, handed to the tab that takes the refresh lock next. localStorage is not
 * enough for that: a write reaches other tabs' processes a little after the lock is released, and the API revokes
 * the session when a replaced token comes back. A committed IndexedDB transaction is seen by every process of the
 * browser (docs/decisions/0024-refresh-token-rotation.md). Raw IndexedDB, not Dexie: this sits beside the
 * landing page's code (e2e/web-budget.test.ts).
 */
const DB_NAME = 'amora-auth-handoff';
const STORE = 'token';
const KEY = 'latest';

function open(): Promise<IDBDatabase | null> {
  const factory = typeof indexedDB === 'undefined' ? undefined : indexedDB;
  if (!factory) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      // Private mode or a blocked database: the handoff falls back to localStorage alone.
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Runs one request in its own transaction and settles when the transaction has committed (or failed: null). */
async function run<T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  try {
    return await new Promise<T | null>((resolve) => {
      const tx = db.transaction(STORE, mode);
      const request = operate(tx.objectStore(STORE));
      tx.oncomplete = () => resolve((request.result as T | undefined) ?? null);
      tx.onerror = () => resolve(null);
      tx.onabort = () => resolve(null);
    });
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/** The token the last refresh in this browser stored, if any. */
export async function readHandoffToken(): Promise<string | null> {
  const value = await run<unknown>('readonly', (store) => store.get(KEY));
  return typeof value === 'string' ? value : null;
}

/** Stores `token` for the next tab; resolves once the write is committed, so the lock can be released after it. */
export async function writeHandoffToken(token: string): Promise<void> {
  await run('readwrite', (store) => store.put(token, KEY));
}

/** Logout: nothing of the session stays behind. */
export async function clearHandoffToken(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
