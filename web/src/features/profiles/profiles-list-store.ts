import { useSyncExternalStore } from 'react';
import { t } from '@sync/texts';
import { registerStoreReset } from '@web/lib/store-reset';
import { registerProfileForgetter } from '@web/lib/profile-forgotten';
import { fetchProfiles } from './profiles-api';
import { mirrorProfiles, recallLastList, rememberLastList } from './profile-mirror';
import { DEFAULT_QUERY, type ProfilesQuery } from './profiles-query';

/**
 * SPEC §3 profiles list state: profiles (as ids into the Dexie mirror), filters, page, limit, total,
 * canLoadMore and scroll position. It lives outside React so it outlasts the page while the member
 * opens a profile and comes back, and resets by SPEC §4's rules (profiles-area.ts).
 */
export type ListStatus = 'idle' | 'loading' | 'loading-more' | 'ready' | 'error';

export interface ProfilesListState {
  query: ProfilesQuery;
  ids: string[];
  page: number;
  total: number;
  /** Where the next page starts (the API's keyset cursor); null before a first page or after the last. */
  nextCursor: string | null;
  canLoadMore: boolean;
  scrollY: number;
  status: ListStatus;
  error: string | null;
  /** True when the ids come from the last list seen, because the network failed. */
  offline: boolean;
}

export const INITIAL_LIST_STATE: ProfilesListState = {
  query: DEFAULT_QUERY,
  ids: [],
  page: 0,
  total: 0,
  nextCursor: null,
  canLoadMore: false,
  scrollY: 0,
  status: 'idle',
  error: null,
  offline: false,
};

export function canLoadMore(page: number, limit: number, loaded: number, total: number): boolean {
  return loaded < total && page * limit < total;
}

export function createProfilesListStore(load: typeof fetchProfiles = fetchProfiles) {
  let state = INITIAL_LIST_STATE;
  let generation = 0;
  let controller: AbortController | null = null;
  const listeners = new Set<() => void>();

  const commit = (patch: Partial<ProfilesListState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  async function loadPage(page: number): Promise<void> {
    const mine = ++generation;
    controller?.abort();
    controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
    const query = state.query;
    commit({ status: page === 1 ? 'loading' : 'loading-more', error: null, ...(page === 1 ? { ids: [], scrollY: 0, page: 0 } : {}) });
    try {
      const cursor = page > 1 && page === state.page + 1 ? (state.nextCursor ?? undefined) : undefined;
      const answer = await load(query, page, controller?.signal, cursor);
      if (mine !== generation) return;
      await mirrorProfiles(answer.data).catch(() => undefined);
      const fresh = answer.data.map((profile) => profile._id);
      const ids = page === 1 ? fresh : [...state.ids, ...fresh.filter((id) => !state.ids.includes(id))];
      commit({
        ids,
        page,
        total: answer.total,
        nextCursor: answer.nextCursor ?? null,
        canLoadMore: canLoadMore(page, query.limit, ids.length, answer.total) && fresh.length > 0 && answer.nextCursor !== null,
        status: 'ready',
        offline: false,
      });
      void rememberLastList(ids, answer.total).catch(() => undefined);
    } catch (error) {
      if (mine !== generation || (error as { name?: string })?.name === 'AbortError') return;
      const last = page === 1 ? await recallLastList().catch(() => null) : null;
      if (mine !== generation) return;
      commit({
        status: 'error',
        error: t('profile-filtering-failed'),
        ...(last && last.ids.length > 0 ? { ids: last.ids, total: last.total, offline: true, canLoadMore: false } : {}),
      });
    }
  }

  return {
    get: (): ProfilesListState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** First visit (or after a reset): load page 1; a kept list is shown as it was. */
    ensureLoaded(): Promise<void> {
      return state.status === 'idle' ? loadPage(1) : Promise.resolve();
    },
    /** New search, filters, sort or page size: back to page 1. */
    setQuery(patch: Partial<ProfilesQuery>): Promise<void> {
      commit({ query: { ...state.query, ...patch } });
      return loadPage(1);
    },
    loadMore(): Promise<void> {
      if (!state.canLoadMore || state.status === 'loading' || state.status === 'loading-more') return Promise.resolve();
      return loadPage(state.page + 1);
    },
    retry(): Promise<void> {
      return state.page > 0 && state.ids.length > 0 && !state.offline ? loadPage(state.page + 1) : loadPage(1);
    },
    /** A profile the member blocked leaves the list as it stands, without a reload. */
    remove(id: string): void {
      if (!state.ids.includes(id)) return;
      commit({ ids: state.ids.filter((x) => x !== id), total: Math.max(0, state.total - 1) });
    },
    saveScroll(y: number): void {
      state = { ...state, scrollY: y };
    },
    reset(): void {
      generation++;
      controller?.abort();
      commit(INITIAL_LIST_STATE);
    },
  };
}

export type ProfilesListStore = ReturnType<typeof createProfilesListStore>;

export const profilesList = createProfilesListStore();

// SPEC §4: logout resets the profiles state with the others.
registerStoreReset('profiles', () => profilesList.reset());
// A blocked profile leaves the list (features/safety/safety-api.ts).
registerProfileForgetter('profiles', (id) => profilesList.remove(id));

export function useProfilesList(store: ProfilesListStore = profilesList): ProfilesListState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
