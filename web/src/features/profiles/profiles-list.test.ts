import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';
import type { ProfilesAnswer } from './profiles-api';
import { createProfilesList, profilesPagesQuery } from './profiles-list';
import { DEFAULT_QUERY, type ProfilesQuery } from './profiles-query';

const card = (id: string) => ({ _id: id, username: id, images: [] }) as unknown as ProfileCardData;

describe('profiles list "Load more"', () => {
  it('asks for the next page from the cursor of the last one, and stops when the API gives none', async () => {
    const calls: { page: number; cursor: string | undefined }[] = [];
    const pages: ProfilesAnswer[] = [
      { data: [card('a'), card('b')], total: 1002, totalExact: false, page: 1, limit: 2, nextCursor: 'after-b' },
      { data: [card('c'), card('d')], total: 1004, totalExact: false, page: 2, limit: 2, nextCursor: 'after-d' },
      { data: [card('e')], total: 5, totalExact: true, page: 3, limit: 2, nextCursor: null },
    ];
    const load = async (_query: ProfilesQuery, page: number, _signal?: AbortSignal, cursor?: string) => {
      calls.push({ page, cursor });
      return pages[page - 1]!;
    };
    const client = new QueryClient();
    const options = profilesPagesQuery({ ...DEFAULT_QUERY, limit: 2 }, load);
    const three = await client.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(calls).toEqual([
      { page: 1, cursor: undefined },
      { page: 2, cursor: 'after-b' },
      { page: 3, cursor: 'after-d' },
    ]);
    expect(three.pages.flatMap((page) => page.data.map((profile) => profile._id))).toEqual(['a', 'b', 'c', 'd', 'e']);
    const two = three.pages.slice(0, 2);
    expect(options.getNextPageParam(two[1]!, two, three.pageParams[1]!, three.pageParams.slice(0, 2))).toEqual({ page: 3, cursor: 'after-d' });
    expect(options.getNextPageParam(three.pages[2]!, three.pages, three.pageParams[2]!, three.pageParams)).toBeUndefined();
  });

  it('a new query drops the kept pages, so it starts over from page 1 without a cursor', async () => {
    const client = new QueryClient();
    const list = createProfilesList(client);
    client.setQueryData(profilesPagesQuery(DEFAULT_QUERY).queryKey, { pages: [{ data: [card('a')], total: 1, page: 1, limit: 36 }], pageParams: [{ page: 1 }] });
    list.setQuery({ sortBy: 'age-asc' });
    expect(client.getQueryData(profilesPagesQuery(DEFAULT_QUERY).queryKey)).toBeUndefined();
    expect(list.view.get().query.sortBy).toBe('age-asc');
  });

  it('a blocked profile leaves the kept pages and the total at once', () => {
    const client = new QueryClient();
    const list = createProfilesList(client);
    const key = profilesPagesQuery(DEFAULT_QUERY).queryKey;
    client.setQueryData(key, { pages: [{ data: [card('a'), card('b')], total: 2, page: 1, limit: 36 }], pageParams: [{ page: 1 }] });
    list.remove('a');
    list.remove('nobody');
    const data = client.getQueryData(key)!;
    expect(data.pages[0]!.data.map((profile) => profile._id)).toEqual(['b']);
    expect(data.pages[0]!.total).toBe(1);
  });
});
