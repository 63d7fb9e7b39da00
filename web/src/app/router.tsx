import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@web/routeTree.gen';
import { queryClient as appQueryClient } from '@web/lib/query-client';
import { NotFoundPage, ErrorPage } from '@web/ui/error-pages';
import { appSession, type SessionPort } from './session-port';

export function createAppRouter(options: { session?: SessionPort; history?: RouterHistory; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? appQueryClient;
  return createRouter({
    routeTree,
    // Loaders prefetch through the same cache the screens read (context.queryClient.ensureQueryData).
    context: { session: options.session ?? appSession, queryClient },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // Preloading on hover leaves freshness to each query's staleTime, not the router's own cache.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
