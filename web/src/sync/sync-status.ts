import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getLocalDb } from '@web/local/db';

/** docs/architecture.md#the-sync-engine: a queue that does not drain is shown, never silent. */
export const STALL_AFTER_MS = 30_000;

export type SyncStatus = { kind: 'ok' } | { kind: 'offline'; waiting: number } | { kind: 'stalled'; waiting: number };

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** The queue's state: stalled once something waited 30 s while online (counting from when we came online). */
export function computeSyncStatus(input: { waiting: number; oldest: number | null; online: boolean; onlineSince: number; now: number }): SyncStatus {
  if (input.waiting === 0 || input.oldest === null) return { kind: 'ok' };
  if (!input.online) return { kind: 'offline', waiting: input.waiting };
  const since = Math.max(input.oldest, input.onlineSince);
  return input.now - since >= STALL_AFTER_MS ? { kind: 'stalled', waiting: input.waiting } : { kind: 'ok' };
}

export function useSyncStatus(): SyncStatus {
  const queue = useLiveQuery(async () => {
    const pending = await getLocalDb().outbox.where('status').equals('pending').toArray();
    return { waiting: pending.length, oldest: pending.reduce<number | null>((min, row) => (min === null ? row.createdAt : Math.min(min, row.createdAt)), null) };
  }, []);
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const [onlineSince, setOnlineSince] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (online) setOnlineSince(Date.now());
  }, [online]);
  const waiting = queue?.waiting ?? 0;
  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [waiting]);
  return computeSyncStatus({ waiting, oldest: queue?.oldest ?? null, online, onlineSince, now });
}
