import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RouteTabs } from '@web/ui/route-tabs';

/** docs/product.md#screens-and-routes: tabs Favorites and Viewed. */
export const Route = createFileRoute('/_auth/interests')({
  component: () => (
    <div className="stack">
      <RouteTabs
        label="Interests"
        tabs={[
          { to: '/interests/favorites', label: 'Favorites', match: ['/interests/favorites', '/interests/favorited-me', '/interests/proposals'] },
          { to: '/interests/viewed', label: 'Viewed', match: ['/interests/viewed', '/interests/viewed-me'] },
        ]}
      />
      <Outlet />
    </div>
  ),
});
