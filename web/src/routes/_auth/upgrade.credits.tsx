import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/upgrade/credits')({
  component: () => <ComingSoon title="Credit Packages" />,
});
