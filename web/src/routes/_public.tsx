import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicChrome } from '@web/app/public-chrome';

/** The static layout of the public pages (docs/product.md#screens-and-routes). */
export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicChrome>
      <Outlet />
    </PublicChrome>
  ),
});
