import { createFileRoute } from '@tanstack/react-router';
import { UpgradeLayout } from '@web/features/payments/upgrade-layout';

/** docs/product.md#screens-and-routes: tabs Credit Packages and VIP Memberships (step 1 of 2); checkout is step 2. */
export const Route = createFileRoute('/_auth/upgrade')({
  component: UpgradeLayout,
});
