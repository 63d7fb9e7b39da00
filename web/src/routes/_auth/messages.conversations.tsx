import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/messages/conversations')({
  component: () => <ComingSoon title="Conversations" />,
});
