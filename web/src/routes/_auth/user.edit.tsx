import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/user/edit')({
  component: () => <ComingSoon title="Edit my profile" />,
});
