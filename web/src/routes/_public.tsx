import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicHeader } from '@web/ui/layout/public-header';
import { SiteFooter } from '@web/ui/layout/site-footer';

/** The static layout of the public pages (SPEC §2). */
export const Route = createFileRoute('/_public')({
  component: () => (
    <div className="layout layout--public">
      <PublicHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  ),
});
