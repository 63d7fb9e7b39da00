import { createFileRoute } from '@tanstack/react-router';
import { CreditPackagesTab } from '@web/features/payments/plan-tabs';

export const Route = createFileRoute('/_auth/upgrade/credits')({
  component: CreditPackagesTab,
});
