import { QueryClient } from '@tanstack/react-query';
import { registerStoreReset } from './store-reset';

/**
 * How long a read counts as fresh, by kind (docs/decisions/0040). `live`: what staff act on (queue stocks,
 * a conversation, the supervisor board) is always read anew; `prefetched`: a search a route loader started,
 * fresh just long enough for its page to mount and use it; `list`: what a member browses, kept while they
 * move between a list and its items; `reference`: what rarely changes in a session (a price list).
 */
export const STALE = { live: 0, prefetched: 5_000, list: 30_000, reference: 5 * 60_000 } as const;

const MAX_RETRIES = 1;

/**
 * A 4xx is the server's answer and asking again changes nothing; a transient status (408, 429, 5xx) was
 * already asked twice by the HTTP client (lib/http.ts), whose error hook would toast a second time; a
 * timeout already waited its full time; an abort was ours. Only a dropped connection gets one more try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  // By name, not instanceof: importing lib/http here would split it out of the landing page's chunk.
  const name = (error as { name?: string } | null)?.name;
  return name !== 'ApiError' && name !== 'TimeoutError' && name !== 'AbortError';
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.list,
        retry: shouldRetry,
        retryDelay: 500,
        // The screens refresh by their own rules (polling, socket events, a member's "Try again"), as before.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one cache. A module value, not only a context, because code outside React reaches it too:
 * the agent runtime primes claimed conversations, logout drops every cached answer.
 */
export const queryClient = createAppQueryClient();

// docs/product.md#authentication: logout forgets what the last account read.
registerStoreReset('queries', () => queryClient.clear());
