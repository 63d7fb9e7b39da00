import { createFileRoute } from '@tanstack/react-router';
import { AgentsPage } from '@web/features/agent-admin/agents-page';

export const Route = createFileRoute('/_agent/agent/agents')({
  component: AgentsPage,
});
