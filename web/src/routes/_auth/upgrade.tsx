import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RouteTabs } from '@web/ui/route-tabs';

/** SPEC §2: tabs Credit Packages and VIP Memberships (step 1 of 2); checkout is step 2. */
export const Route = createFileRoute('/_auth/upgrade')({
  component: () => (
    <div className="stack">
      <RouteTabs
        label="Upgrade"
        tabs={[
          { to: '/upgrade/credits', label: 'Credit Packages' },
          { to: '/upgrade/premium', label: 'VIP Memberships' },
        ]}
      />
      <Outlet />
    </div>
  ),
});
