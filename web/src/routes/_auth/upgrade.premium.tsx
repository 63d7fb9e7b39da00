import { createFileRoute } from '@tanstack/react-router';
import { MembershipsTab } from '@web/features/payments/plan-tabs';

export const Route = createFileRoute('/_auth/upgrade/premium')({
  component: MembershipsTab,
});
