import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { t } from '@sync/texts';
import { queryClient as appQueryClient } from '@web/lib/query-client';
import { createStore, useStore, type Store } from '@web/lib/store';
import { registerStoreReset } from '@web/lib/store-reset';
import { registerProfileForgetter } from '@web/lib/profile-forgotten';
import { fetchProfiles, type ProfilesAnswer } from './profiles-api';
import { mirrorProfiles, recallLastList, rememberLastList } from './profile-mirror';
import { DEFAULT_QUERY, type ProfilesQuery } from './profiles-query';

/**
 * docs/product.md#data profiles list. The pages are server state (one infinite query, its cards written to the Dexie mirror
 * the screen renders from); what stays on the client is the member's choice of filters and where they had
 * scrolled. Both outlast the page while the member opens a profile and comes back, and reset by docs/product.md#profiles-and-matching's
 * rules (profiles-area.ts): a kept list is shown as it was, not read again.
 */
export type ListStatus = 'idle' | 'loading' | 'loading-more' | 'ready' | 'error';

export interface ProfilesListState {
  query: ProfilesQuery;
  /** Ids into the Dexie mirror, in the list's order. */
  ids: string[];
  page: number;
  total: number;
  canLoadMore: boolean;
  status: ListStatus;
  error: string | null;
  /** True when the ids come from the last list seen, because the network failed. */
  offline: boolean;
}

interface ProfilesView {
  query: ProfilesQuery;
  scrollY: number;
  /** Set when the list page mounts: until then (first visit, after a reset) nothing is read. */
  armed: boolean;
}

const INITIAL_VIEW: ProfilesView = { query: DEFAULT_QUERY, scrollY: 0, armed: false };

export function canLoadMore(page: number, limit: number, loaded: number, total: number): boolean {
  return loaded < total && page * limit < total;
}

interface PageParam {
  page: number;
  /** The previous page's keyset cursor: the API continues after its last card instead of counting pages in. */
  cursor?: string;
}

const LIST_KEY = ['profiles', 'list'] as const;
const LAST_LIST_KEY = ['profiles', 'last-list'] as const;

function uniqueIds(pages: readonly ProfilesAnswer[]): string[] {
  return [...new Set(pages.flatMap((page) => page.data.map((profile) => profile._id)))];
}

export function profilesPagesQuery(query: ProfilesQuery, load: typeof fetchProfiles = fetchProfiles) {
  return infiniteQueryOptions({
    queryKey: [...LIST_KEY, query] as const,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await load(query, pageParam.page, signal, pageParam.cursor);
      await mirrorProfiles(answer.data).catch(() => undefined);
      return answer;
    },
    initialPageParam: { page: 1 } as PageParam,
    getNextPageParam: (last, pages): PageParam | undefined => {
      // No cursor at all (an older API, the mock) still pages by number; null says this was the last page.
      const more = canLoadMore(pages.length, query.limit, uniqueIds(pages).length, last.total) && last.data.length > 0 && last.nextCursor !== null;
      return more ? { page: pages.length + 1, cursor: last.nextCursor ?? undefined } : undefined;
    },
    // Kept until the member leaves the profiles area (reset), and read anew only when they ask.
    staleTime: Infinity,
    retry: false,
  });
}

const lastListQuery = queryOptions({ queryKey: LAST_LIST_KEY, queryFn: () => recallLastList(), staleTime: Infinity, retry: false });

/** A blocked profile leaves a page as it stands (the total with it). */
function withoutProfile(data: InfiniteData<ProfilesAnswer, PageParam>, id: string): InfiniteData<ProfilesAnswer, PageParam> {
  if (!data.pages.some((page) => page.data.some((profile) => profile._id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, data: page.data.filter((profile) => profile._id !== id), total: Math.max(0, page.total - 1) })),
  };
}

export function createProfilesList(client: QueryClient = appQueryClient) {
  const view: Store<ProfilesView> = createStore(INITIAL_VIEW);
  return {
    client,
    view,
    /** The list page mounted: a first visit (or one after a reset) reads page 1; a kept list stays. */
    arm(): void {
      view.set((v) => (v.armed ? v : { ...v, armed: true }));
    },
    /** New search, filters, sort or page size: back to page 1, read anew even if this query was seen before. */
    setQuery(patch: Partial<ProfilesQuery>): void {
      client.removeQueries({ queryKey: LIST_KEY });
      view.set((v) => ({ ...v, query: { ...v.query, ...patch }, scrollY: 0 }));
    },
    /** A profile the member blocked leaves the list as it stands, without a reload. */
    remove(id: string): void {
      client.setQueriesData<InfiniteData<ProfilesAnswer, PageParam>>({ queryKey: LIST_KEY }, (data) => data && withoutProfile(data, id));
      client.setQueryData<{ ids: string[]; total: number } | null>(LAST_LIST_KEY, (last) =>
        last && last.ids.includes(id) ? { ids: last.ids.filter((x) => x !== id), total: Math.max(0, last.total - 1) } : last,
      );
    },
    saveScroll(y: number): void {
      view.set((v) => ({ ...v, scrollY: y }));
    },
    reset(): void {
      // Disarm first, so a list still on screen while the member leaves does not read page 1 again.
      view.set(INITIAL_VIEW);
      client.removeQueries({ queryKey: ['profiles'] });
    },
  };
}

export type ProfilesList = ReturnType<typeof createProfilesList>;

export const profilesList = createProfilesList();

// docs/product.md#authentication: logout resets the profiles state with the others.
registerStoreReset('profiles', () => profilesList.reset());
// A blocked profile leaves the list (features/safety/safety-api.ts).
registerProfileForgetter('profiles', (id) => profilesList.remove(id));

/**
 * The list as the screens show it. `passive` (the single profile's back link) reads what is cached and never
 * fetches. The pages are fetched only while armed (the list page mounted), as the hand-rolled store did.
 */
export function useProfilesList(list: ProfilesList = profilesList, options: { passive?: boolean } = {}) {
  const v = useStore(list.view);
  const pages = useInfiniteQuery({ ...profilesPagesQuery(v.query), enabled: v.armed && !options.passive }, list.client);
  const firstFailed = pages.isError && !pages.data;
  // The network failed on the first page: the last list seen, from the mirror.
  const last = useQuery({ ...lastListQuery, enabled: firstFailed && !options.passive }, list.client);

  const state = useMemo((): ProfilesListState => {
    const loaded = pages.data?.pages ?? [];
    const base = { query: v.query, page: loaded.length, error: pages.isError ? t('profile-filtering-failed') : null };
    if (firstFailed && last.data && last.data.ids.length > 0) {
      return { ...base, ids: last.data.ids, total: last.data.total, canLoadMore: false, status: 'error', offline: true };
    }
    const status: ListStatus = pages.isFetchingNextPage
      ? 'loading-more'
      : pages.isError
        ? 'error'
        : pages.isPending
          ? pages.isFetching
            ? 'loading'
            : 'idle'
          : 'ready';
    return { ...base, ids: uniqueIds(loaded), total: loaded.at(-1)?.total ?? 0, canLoadMore: pages.hasNextPage, status, offline: false };
  }, [v.query, pages.data, pages.isError, pages.isFetchingNextPage, pages.isPending, pages.isFetching, pages.hasNextPage, firstFailed, last.data]);

  // Each list the member saw (and not the offline one) is what the search opens with offline next time.
  useEffect(() => {
    if (options.passive || state.status !== 'ready' || state.offline) return;
    void rememberLastList(state.ids, state.total).catch(() => undefined);
  }, [options.passive, state.status, state.offline, state.ids, state.total]);

  const { fetchNextPage, refetch, isFetching, hasNextPage } = pages;
  return {
    state,
    loadMore(): void {
      if (!hasNextPage || isFetching) return;
      void fetchNextPage();
    },
    /** After a failed "Load more" the next page is asked again; after a failed first page, page 1. */
    retry(): void {
      if (state.page > 0 && !state.offline) void fetchNextPage();
      else void refetch();
    },
  };
}
