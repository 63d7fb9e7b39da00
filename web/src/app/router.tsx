import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@web/routeTree.gen';
import { NotFoundPage, ErrorPage } from '@web/ui/error-pages';
import { appSession, type SessionPort } from './session-port';

export function createAppRouter(options: { session?: SessionPort; history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { session: options.session ?? appSession },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
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
