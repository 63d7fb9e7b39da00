import { useCallback, useEffect, useRef, useState } from 'react';
import type { SupervisorBoard } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { fetchBoard } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import { onSocketEvent } from '@web/sync/socket';

/** Socket frames come in bursts (a claim, then its reply): one read of the board for each burst. */
export const BOARD_DEBOUNCE_MS = 200;
/** The fallback when the socket is down: the board is read this often. */
export const BOARD_POLL_MS = 5_000;
/** With the socket up, a slow safety net (a frame lost while another process restarted). */
export const BOARD_SAFETY_POLL_MS = 30_000;

export type BoardState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  /** `offsetMs`: the server's clock minus this browser's, so the timers count from the server's instant. */
  | { phase: 'ready'; board: SupervisorBoard; offsetMs: number; stale: string | null };

/** Server clock minus browser clock, read at the middle of the request (half the round trip each way). */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : Math.round(server - (sentAt + receivedAt) / 2);
}

/**
 * The supervisor board as the server has it (GET /api/admin/board): read again on every `supervisorUpdate`
 * socket frame (every tab gets the leader's frames), on a timer (often while the socket is down, seldom
 * while it is up) and when the tab comes back into view. A failed read keeps the last board and says so.
 */
export function useSupervisorBoard(live: boolean): { state: BoardState; refresh: () => void } {
  const [state, setState] = useState<BoardState>({ phase: 'loading' });
  const seq = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++seq.current;
    const sentAt = Date.now();
    fetchBoard()
      .then((board) => {
        if (mine !== seq.current) return;
        setState({ phase: 'ready', board, offsetMs: clockOffset(board.now, sentAt, Date.now()), stale: null });
      })
      .catch((error: unknown) => {
        if (mine !== seq.current) return;
        const message = error instanceof ApiError ? error.message : t('agent.error');
        setState((prev) => (prev.phase === 'ready' ? { ...prev, stale: message } : { phase: 'error', message }));
      });
  }, []);

  useEffect(() => {
    refresh();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSocketEvent('supervisorUpdate', () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, BOARD_DEBOUNCE_MS);
    });
    const visible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', visible);
    return () => {
      off();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', visible);
      seq.current += 1;
    };
  }, [refresh]);

  useEffect(() => {
    const poll = setInterval(() => document.visibilityState !== 'hidden' && refresh(), live ? BOARD_SAFETY_POLL_MS : BOARD_POLL_MS);
    return () => clearInterval(poll);
  }, [live, refresh]);

  return { state, refresh };
}
