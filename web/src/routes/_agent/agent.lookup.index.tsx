import { createFileRoute } from '@tanstack/react-router';
import { LookupPage, lookupQuery } from '@web/features/agent-console/lookup-page';
import { parseLookupSearch, type LookupSearch } from '@web/features/agent-console/lookup-search';

/** /agent/lookup?realUsername=…&page=…: the filters are the URL's search (reload, back and a shared link keep them). */
export const Route = createFileRoute('/_agent/agent/lookup/')({
  validateSearch: (search: Record<string, unknown>): LookupSearch => parseLookupSearch(search),
  loaderDeps: ({ search }) => search,
  // Started with the navigation (or on hover), so the table does not wait for the page to mount.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(lookupQuery(deps)),
  component: LookupRoute,
});

function LookupRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LookupPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
