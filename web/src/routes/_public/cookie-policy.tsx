import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_public/cookie-policy')({
  component: () => <ComingSoon title="Cookie policy" />,
});
