import { createFileRoute, Outlet } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { RouteTabs } from '@web/ui/route-tabs';

/** docs/product.md#screens-and-routes: tabs Favorites and Viewed. */
export const Route = createFileRoute('/_auth/interests')({
  component: () => (
    <div className="stack">
      <RouteTabs
        label={t('nav.interests')}
        tabs={[
          { to: '/interests/favorites', label: t('nav.favorites'), match: ['/interests/favorites', '/interests/favorited-me', '/interests/proposals'] },
          { to: '/interests/viewed', label: t('nav.viewed'), match: ['/interests/viewed', '/interests/viewed-me'] },
        ]}
      />
      <Outlet />
    </div>
  ),
});
