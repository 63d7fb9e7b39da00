import { queryOptions } from '@tanstack/react-query';
import { t } from '@sync/texts';
import { listBrands } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';

/** The brand list, for a profile's brand and an agent's scopes: it changes outside the console, rarely. */
export const brandsQuery = queryOptions({
  queryKey: ['agent', 'admin', 'brands'] as const,
  queryFn: () => listBrands(),
  staleTime: STALE.reference,
  retry: false,
});

/** An admin list's failed read, as the list shows it: the server's message, or the console's own. */
export const listErrorText = (error: unknown): string | null => (error ? (error instanceof ApiError ? error.message : t('agent.error')) : null);
