import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUEUE_REFRESH_MS, type QueueCounts } from '@sync/contract/agents';
import { fetchQueue } from '@web/lib/agent-api';
import { STALE } from '@web/lib/query-client';

/**
 * GET /api/queue every 3 s while the console is open and the tab visible (a hidden tab's interval pauses).
 * One query key, so the layout's session bar and the /agent start page, mounted together, share one poller;
 * gcTime 0: once neither shows the stocks, the last counts go with them and the next view reads anew.
 */
export const queueCountsQuery = queryOptions({
  queryKey: ['agent', 'queue'] as const,
  queryFn: ({ signal }) => fetchQueue(signal),
  staleTime: STALE.live,
  gcTime: 0,
  refetchInterval: QUEUE_REFRESH_MS,
});

export function useQueueCounts(): QueueCounts | null {
  return useQuery(queueCountsQuery).data ?? null;
}
