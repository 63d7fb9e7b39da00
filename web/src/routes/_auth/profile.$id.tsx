import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@web/features/profiles/profile-page';
import { renderSafetyMenu } from '@web/features/safety/safety-menu';
import { assertValidRoute, isIdParam } from '@web/lib/route-validity';

export const Route = createFileRoute('/_auth/profile/$id')({
  // The profile guard (docs/product.md#screens-and-routes: logic not shown) joins this check in the profiles issue.
  beforeLoad: ({ params, location }) => assertValidRoute(isIdParam(params.id), location.pathname),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { id } = Route.useParams();
  return <ProfilePage key={id} id={id} safetyMenu={renderSafetyMenu} />;
}
