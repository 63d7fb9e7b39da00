import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { t } from '@sync/texts';
import { runRouteFlow } from '@web/app/route-flow';
import { PublicChrome } from '@web/app/public-chrome';
import { usePageTitle } from '@web/app/page-title';
import type { SessionPort } from '@web/app/session-port';
import { ErrorPage, NotFoundPage } from '@web/ui/error-pages';
import { PageLoader } from '@web/ui/page-loader';
import { usePopupQueue } from '@web/ui/popups/popup-queue';
import { popupsReady } from '@web/ui/popups/popup-registry';
import { Toaster } from '@web/ui/toast';

export interface RouterContext {
  session: SessionPort;
  /** The app's server-state cache (app/query-provider.tsx), for loaders that prefetch what their screen reads. */
  queryClient: () => Promise<QueryClient>;
}

// Loaded when first needed, so the landing page's code does not carry them: the member's frame brings the
// sync engine and the local database; the popups bring their dialog, forms and the contract's schemas.
const MemberChrome = lazy(() => import('@web/app/layout-chrome').then((module) => ({ default: module.MemberChrome })));
const PopupHost = lazy(() => popupsReady().then(() => import('@web/ui/popups/popup-host').then((module) => ({ default: module.PopupHost }))));

/** The popup host, fetched with the first popup that opens. */
function Popups() {
  const { active } = usePopupQueue();
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PopupHost />
    </Suspense>
  );
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
        {t('nav.skip-to-content')}
      </a>
      <Outlet />
      <Popups />
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
    <Suspense fallback={null}>
      <Chrome>
        <NotFoundPage data={data} />
      </Chrome>
    </Suspense>
  );
}
