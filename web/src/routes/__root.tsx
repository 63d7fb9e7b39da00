import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { runRouteFlow } from '@web/app/route-flow';
import { MemberChrome, PublicChrome } from '@web/app/layout-chrome';
import { usePageTitle } from '@web/app/page-title';
import type { SessionPort } from '@web/app/session-port';
import { ErrorPage, NotFoundPage } from '@web/ui/error-pages';
import { PageLoader } from '@web/ui/page-loader';
import { PopupHost } from '@web/ui/popups/popup-host';
import { Toaster } from '@web/ui/toast';

export interface RouterContext {
  session: SessionPort;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, context, matches }) =>
    runRouteFlow(
      // Only the root matched: an unknown path, which shows the 404 page to everyone.
      { pathname: location.pathname, search: location.search as Record<string, unknown>, matched: matches.some((match) => match.routeId !== '__root__') },
      context.session,
    ),
  component: RootLayout,
  notFoundComponent: RootNotFound,
  errorComponent: ErrorPage,
});

function hideFirstLoadOverlay() {
  const overlay = document.getElementById('first-load');
  if (!overlay) return;
  overlay.classList.add('is-done');
  setTimeout(() => overlay.remove(), 300);
}

function RootLayout() {
  // The first route has rendered: the first-load overlay (index.html) can go.
  useEffect(hideFirstLoadOverlay, []);
  usePageTitle();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Outlet />
      <PopupHost />
      <PageLoader />
      <Toaster />
    </>
  );
}

/**
 * An unknown path matches no layout, so the 404 page brings the app's frame itself: the member's for a
 * signed-in member, the public one for everyone else.
 */
function RootNotFound({ data }: { data?: unknown }) {
  const { session } = Route.useRouteContext();
  const auth = session.getAuth();
  const Chrome = auth.isAuthenticated && auth.kind === 'user' ? MemberChrome : PublicChrome;
  return (
    <Chrome>
      <NotFoundPage data={data} />
    </Chrome>
  );
}
