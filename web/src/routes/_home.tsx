import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicHeader } from '@web/ui/layout/public-header';
import { SiteFooter } from '@web/ui/layout/site-footer';

/** The landing's own layout: full-bleed sections, no content container. */
export const Route = createFileRoute('/_home')({
  component: () => (
    <div className="layout layout--home">
      <PublicHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  ),
});
