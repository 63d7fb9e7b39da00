import { createFileRoute } from '@tanstack/react-router';
import { InterestsPage } from '@web/features/interests/interests-page';
import { assertValidRoute, isPageParam } from '@web/lib/route-validity';

export const Route = createFileRoute('/_auth/interests/viewed/{-$page}')({
  beforeLoad: ({ params, location }) => assertValidRoute(isPageParam(params.page), location.pathname),
  component: InterestsRoute,
});

function InterestsRoute() {
  const { page } = Route.useParams();
  return <InterestsPage key={`viewed-${page ?? 1}`} list="viewed" page={page} />;
}
