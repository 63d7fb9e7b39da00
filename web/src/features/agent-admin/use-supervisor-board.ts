import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { SupervisorBoard } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { fetchBoard } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';
import { onSocketEvent } from '@web/sync/socket';

/** Socket frames come in bursts (a claim, then its reply): one read of the board for each burst. */
export const BOARD_DEBOUNCE_MS = 200;
/** The fallback when the socket is down: the board is read this often. */
export const BOARD_POLL_MS = 5_000;
/** With the socket up, a slow safety net (a frame lost while another process restarted). */
export const BOARD_SAFETY_POLL_MS = 30_000;

const BOARD_KEY = ['agent', 'board'] as const;

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
  const queryClient = useQueryClient();
  const board = useQuery({
    queryKey: BOARD_KEY,
    queryFn: async () => {
      const sentAt = Date.now();
      const read = await fetchBoard();
      return { board: read, offsetMs: clockOffset(read.now, sentAt, Date.now()) };
    },
    staleTime: STALE.live,
    gcTime: 0,
    refetchInterval: live ? BOARD_SAFETY_POLL_MS : BOARD_POLL_MS,
    // Back into view: read at once (TanStack Query's focus is the page's visibilitychange).
    refetchOnWindowFocus: 'always',
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSocketEvent('supervisorUpdate', () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: BOARD_KEY }), BOARD_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [queryClient]);

  const { refetch } = board;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const message = board.error instanceof ApiError ? board.error.message : t('agent.error');
  const state: BoardState = board.data
    ? { phase: 'ready', ...board.data, stale: board.isError ? message : null }
    : board.isError
      ? { phase: 'error', message }
      : { phase: 'loading' };
  return { state, refresh };
}
