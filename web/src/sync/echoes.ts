/**
 * Sends shown the instant Send is pressed, before their IndexedDB transaction commits: the bubble does not wait
 * for the device's storage (which may be busy writing a page of history). An echo is a copy in memory of the row
 * the send will write; it goes as soon as the thread read from the mirror holds that row, when the device
 * refuses the send, or a while after the write if no open thread took it over. Only this tab shows its echoes:
 * other tabs see the row itself. An app closed before the write commits is covered by unsaved-sends.ts.
 */
import { useEffect, useMemo } from 'react';
import type { MutationArgs } from '@sync/engine/mutations';
import { createStore, useStore } from '@web/lib/store';
import type { MessageRow } from '@web/local/db';
import { unsentMessageRow } from './view';

/** After the write, an echo no thread has taken over (the chat was left meanwhile) is dropped. */
const ORPHAN_MS = 10_000;

interface Echo {
  profileId: string;
  row: MessageRow;
}

const echoes = createStore<readonly Echo[]>([]);

/** A send the engine has validated and is about to write (SyncClient's `onSend`), shown at `at` as its row will be. */
export function echoSend(send: MutationArgs<'sendMessage'>, at: number): void {
  echoes.set((all) => [...all, { profileId: send.profileId, row: unsentMessageRow(send, send.conversationId, at, 'pending') }]);
}

function dropEcho(messageId: string): void {
  echoes.set((all) => (all.some((echo) => echo.row._id === messageId) ? all.filter((echo) => echo.row._id !== messageId) : all));
}

/** The send's write is over: refused (or failed), its echo goes now; written, its thread takes over, or the echo goes later. */
export function endEcho(messageId: string, written: boolean): void {
  if (written) setTimeout(() => dropEcho(messageId), ORPHAN_MS);
  else dropEcho(messageId);
}

/** The thread with this tab's echoes of sends to the profile that the mirror does not hold yet, oldest first. */
export function useWithEchoes(rows: MessageRow[] | undefined, profileId: string | undefined): MessageRow[] | undefined {
  const all = useStore(echoes);
  const mine = useMemo(() => all.filter((echo) => echo.profileId === profileId), [all, profileId]);
  const held = useMemo(() => new Set((rows ?? []).map((row) => row._id)), [rows]);
  // The mirror has them now: the echoes have done their work.
  useEffect(() => {
    for (const echo of mine) if (held.has(echo.row._id)) dropEcho(echo.row._id);
  }, [mine, held]);
  return useMemo(() => {
    const shown = mine.filter((echo) => !held.has(echo.row._id));
    if (shown.length === 0) return rows;
    return [...(rows ?? []), ...shown.map((echo) => echo.row)].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }, [mine, held, rows]);
}
