import { describe, expect, it } from 'vitest';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';
import type { ProfilesAnswer } from './profiles-api';
import { createProfilesListStore } from './profiles-list-store';
import type { ProfilesQuery } from './profiles-query';

const card = (id: string) => ({ _id: id, username: id, images: [] }) as unknown as ProfileCardData;

describe('profiles list "Load more"', () => {
  it('asks for the next page from the cursor of the last one, and stops when the API gives none', async () => {
    const calls: { page: number; cursor: string | undefined }[] = [];
    const pages: ProfilesAnswer[] = [
      { data: [card('a'), card('b')], total: 1002, totalExact: false, page: 1, limit: 2, nextCursor: 'after-b' },
      { data: [card('c'), card('d')], total: 1004, totalExact: false, page: 2, limit: 2, nextCursor: 'after-d' },
      { data: [card('e')], total: 5, totalExact: true, page: 3, limit: 2, nextCursor: null },
    ];
    const store = createProfilesListStore(async (_query: ProfilesQuery, page: number, _signal?: AbortSignal, cursor?: string) => {
      calls.push({ page, cursor });
      return pages[page - 1]!;
    });
    await store.ensureLoaded();
    await store.loadMore();
    expect(store.get().canLoadMore).toBe(true);
    await store.loadMore();
    expect(calls).toEqual([
      { page: 1, cursor: undefined },
      { page: 2, cursor: 'after-b' },
      { page: 3, cursor: 'after-d' },
    ]);
    expect(store.get().ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(store.get().canLoadMore).toBe(false);
    // A new sort starts over without a cursor.
    await store.setQuery({ sortBy: 'age-asc' });
    expect(calls.at(-1)).toEqual({ page: 1, cursor: undefined });
  });
});
