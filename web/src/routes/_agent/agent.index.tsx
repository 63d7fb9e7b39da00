import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_agent/agent/')({
  component: () => <ComingSoon title="Agent console" />,
});
