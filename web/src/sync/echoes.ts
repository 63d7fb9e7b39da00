/**
 * Sends shown the instant Send is pressed, before their IndexedDB transaction commits: the bubble does not wait
 * for the device's storage (which may be busy writing a page of history). An echo is a copy in memory of the row
 * the send will write; it goes as soon as the thread read from the mirror holds that row, when the device
 * refuses the send, or a while after the write if no open thread took it over. Only this tab shows its echoes:
 * other tabs see the row itself.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { mutationArgs, type MutationArgs } from '@sync/engine/mutations';
import type { MessageRow } from '@web/local/db';
import { unsentMessageRow } from './view';

/** After the write, an echo no thread has taken over (the chat was left meanwhile) is dropped. */
const ORPHAN_MS = 10_000;

interface Echo {
  profileId: string;
  row: MessageRow;
}

let echoes: readonly Echo[] = [];
const listeners = new Set<() => void>();

function set(next: readonly Echo[]): void {
  echoes = next;
  listeners.forEach((listener) => listener());
}

/** The echo of a send about to be written, or null when its arguments would not be queued anyway. */
export function echoSend(args: unknown, now = Date.now()): string | null {
  const parsed = mutationArgs.sendMessage.safeParse(args);
  if (!parsed.success) return null;
  const send: MutationArgs<'sendMessage'> = parsed.data;
  set([...echoes, { profileId: send.profileId, row: unsentMessageRow(send, send.conversationId, now, 'pending') }]);
  return send.messageId;
}

export function dropEcho(messageId: string): void {
  if (echoes.some((echo) => echo.row._id === messageId)) set(echoes.filter((echo) => echo.row._id !== messageId));
}

/** The send is in the mirror: its thread takes over; if no thread does, the echo still goes. */
export function settleEcho(messageId: string): void {
  setTimeout(() => dropEcho(messageId), ORPHAN_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The thread with this tab's echoes of sends to the profile that the mirror does not hold yet, oldest first. */
export function useWithEchoes(rows: MessageRow[] | undefined, profileId: string | undefined): MessageRow[] | undefined {
  const all = useSyncExternalStore(subscribe, () => echoes);
  return useMemo(() => {
    const mine = all.filter((echo) => echo.profileId === profileId);
    if (mine.length === 0) return rows;
    const held = new Set((rows ?? []).map((row) => row._id));
    const shown = mine.filter((echo) => !held.has(echo.row._id));
    // The mirror has them now: the echoes have done their work (dropped after this render, not during it).
    if (shown.length < mine.length) queueMicrotask(() => mine.filter((echo) => held.has(echo.row._id)).forEach((echo) => dropEcho(echo.row._id)));
    if (shown.length === 0) return rows;
    return [...(rows ?? []), ...shown.map((echo) => echo.row)].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }, [all, rows, profileId]);
}
