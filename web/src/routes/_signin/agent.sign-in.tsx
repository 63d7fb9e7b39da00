import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_signin/agent/sign-in')({
  component: () => <ComingSoon title="Agent sign in" />,
});
