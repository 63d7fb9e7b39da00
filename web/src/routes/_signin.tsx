import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BrandLogo } from '@web/ui/layout/brand-logo';
import { SiteFooter } from '@web/ui/layout/site-footer';

/** The sign-in layout: a centred card on a quiet background. */
export const Route = createFileRoute('/_signin')({
  component: () => (
    <div className="layout layout--signin">
      <header className="signin-header">
        <BrandLogo />
      </header>
      <main id="main" className="layout__main signin-main">
        <div className="signin-card">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
    </div>
  ),
});
