import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@web/routeTree.gen';
import { NotFoundPage, ErrorPage } from '@web/ui/error-pages';
import { appSession, type SessionPort } from './session-port';

/** The app's query cache, fetched with the first loader that asks: the landing page does without it. */
const loadQueryClient = () => import('@web/lib/query-client').then((module) => module.queryClient);

export function createAppRouter(options: { session?: SessionPort; history?: RouterHistory; queryClient?: QueryClient } = {}) {
  const given = options.queryClient;
  return createRouter({
    routeTree,
    // Loaders prefetch through the same cache the screens read: `(await context.queryClient()).prefetchQuery(…)`.
    context: { session: options.session ?? appSession, queryClient: given ? () => Promise.resolve(given) : loadQueryClient },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // Preloading on hover leaves freshness to each query's staleTime, not the router's own cache.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
