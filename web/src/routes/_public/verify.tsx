import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_public/verify')({
  component: () => <ComingSoon title="Verify your email" />,
});
