import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '@web/features/settings/help-center-page';

export const Route = createFileRoute('/_auth/settings/help-center')({
  component: HelpCenterPage,
});
