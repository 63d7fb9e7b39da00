import { createFileRoute } from '@tanstack/react-router';
import { assertValidRoute, isIdParam } from '@web/lib/route-validity';
import { ComingSoon } from '@web/ui/coming-soon';

export const Route = createFileRoute('/_auth/profile/$id')({
  // The profile guard (SPEC §2: logic not shown) joins this check in the profiles issue.
  beforeLoad: ({ params, location }) => assertValidRoute(isIdParam(params.id), location.pathname),
  component: ProfilePage,
});

function ProfilePage() {
  const { id } = Route.useParams();
  return <ComingSoon key={id} title="Profile" />;
}
