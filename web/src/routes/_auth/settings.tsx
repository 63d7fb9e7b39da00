import { createFileRoute, Outlet } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { RouteTabs } from '@web/ui/route-tabs';

/** docs/product.md#screens-and-routes: /settings with its child settings/help-center, one tab each. */
export const Route = createFileRoute('/_auth/settings')({
  component: () => (
    <div className="stack">
      <h1 className="page-title">{t('nav.settings')}</h1>
      <RouteTabs
        label={t('nav.settings')}
        tabs={[
          { to: '/settings', label: t('nav.account-settings'), exact: true },
          { to: '/settings/help-center', label: t('nav.help-center') },
        ]}
      />
      <Outlet />
    </div>
  ),
});
