import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/matches')({
  component: () => <ComingSoon title="Matches" />,
});
