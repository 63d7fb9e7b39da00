import { createFileRoute } from '@tanstack/react-router';
import { LookupPage } from '@web/features/agent-console/lookup-page';
import { parseLookupSearch, type LookupSearch } from '@web/features/agent-console/lookup-search';

/** /agent/lookup?realUsername=…&page=…: the filters are the URL's search (reload, back and a shared link keep them). */
export const Route = createFileRoute('/_agent/agent/lookup/')({
  validateSearch: (search: Record<string, unknown>): LookupSearch => parseLookupSearch(search),
  loaderDeps: ({ search }) => search,
  // Started with the navigation (or on hover), so the table does not wait for the page to mount.
  // Loaded with it, not with the app: the route tree is on every page's critical path.
  loader: async ({ context, deps }) => {
    const [client, { lookupQuery }] = await Promise.all([context.queryClient(), import('@web/features/agent-console/lookup-query')]);
    void client.prefetchQuery(lookupQuery(deps));
  },
  component: LookupRoute,
});

function LookupRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LookupPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
