import { createFileRoute } from '@tanstack/react-router';
import { ConsolePage } from '@web/features/agent-console/console-page';

export const Route = createFileRoute('/_agent/agent/')({
  component: ConsolePage,
});
