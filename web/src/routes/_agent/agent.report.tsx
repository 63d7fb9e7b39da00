import { createFileRoute } from '@tanstack/react-router';
import { ReportPage } from '@web/features/agent-admin/report-page';

export const Route = createFileRoute('/_agent/agent/report')({
  component: ReportPage,
});
