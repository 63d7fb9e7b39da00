import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_signin/sign-in')({
  component: () => <ComingSoon title="Sign in" />,
});
