import { createFileRoute } from '@tanstack/react-router';
import { LookupPage } from '@web/features/agent-console/lookup-page';

export const Route = createFileRoute('/_agent/agent/lookup/')({
  component: LookupPage,
});
