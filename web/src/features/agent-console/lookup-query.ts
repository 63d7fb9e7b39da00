import { queryOptions } from '@tanstack/react-query';
import { lookupConversations } from '@web/lib/agent-api';
import { STALE } from '@web/lib/query-client';
import { lookupFilters, type LookupSearch } from './lookup-search';

/** One lookup search's page; the route's loader prefetches it, so the table often opens filled. */
export function lookupQuery(search: LookupSearch) {
  return queryOptions({
    queryKey: ['agent', 'lookup', search] as const,
    queryFn: ({ signal }) => lookupConversations(lookupFilters(search), signal),
    // Long enough that the page mounting after the loader's prefetch does not ask the same again.
    staleTime: STALE.prefetched,
  });
}
