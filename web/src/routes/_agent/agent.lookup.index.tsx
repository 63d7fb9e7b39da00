import { createFileRoute } from '@tanstack/react-router';
import { LookupPage } from '@web/features/agent-console/lookup-page';
import { parseLookupSearch, type LookupSearch } from '@web/features/agent-console/lookup-search';

/** /agent/lookup?realUsername=…&page=…: the filters are the URL's search (reload, back and a shared link keep them). */
export const Route = createFileRoute('/_agent/agent/lookup/')({
  validateSearch: (search: Record<string, unknown>): LookupSearch => parseLookupSearch(search),
  component: LookupRoute,
});

function LookupRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LookupPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
