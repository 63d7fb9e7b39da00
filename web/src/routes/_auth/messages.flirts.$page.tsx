import { createFileRoute } from '@tanstack/react-router';
import { assertValidRoute, isPageParam } from '@web/lib/route-validity';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/messages/flirts/$page')({
  beforeLoad: ({ params, location }) => assertValidRoute(isPageParam(params.page), location.pathname),
  component: () => <ComingSoon title="Flirts" />,
});
