import { createFileRoute } from '@tanstack/react-router';
import { assertValidRoute, isPageParam } from '@web/lib/route-validity';
import { FilteredPage } from '@web/features/messages/messages-pages';

export const Route = createFileRoute('/_auth/messages/sent/$page')({
  beforeLoad: ({ params, location }) => assertValidRoute(isPageParam(params.page), location.pathname),
  component: function Page() {
    const { page } = Route.useParams();
    return <FilteredPage kind="sent" page={Number(page)} />;
  },
});
