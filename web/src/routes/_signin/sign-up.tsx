import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_signin/sign-up')({
  component: () => <ComingSoon title="Create your account" />,
});
