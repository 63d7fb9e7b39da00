import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_public/prices')({
  component: () => <ComingSoon title="Prices" />,
});
