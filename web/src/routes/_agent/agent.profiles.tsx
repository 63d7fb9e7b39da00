import { createFileRoute } from '@tanstack/react-router';
import { FictiveProfilesPage } from '@web/features/agent-admin/fictive-profiles-page';

export const Route = createFileRoute('/_agent/agent/profiles')({
  component: FictiveProfilesPage,
});
