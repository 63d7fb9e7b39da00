import { createFileRoute } from '@tanstack/react-router';
import { InterestsPage } from '@web/features/interests/interests-page';
import { assertValidRoute, isPageParam } from '@web/lib/route-validity';

export const Route = createFileRoute('/_auth/interests/favorites/{-$page}')({
  beforeLoad: ({ params, location }) => assertValidRoute(isPageParam(params.page), location.pathname),
  component: InterestsRoute,
});

function InterestsRoute() {
  const { page } = Route.useParams();
  return <InterestsPage key={`favorites-${page ?? 1}`} list="favorites" page={page} />;
}
