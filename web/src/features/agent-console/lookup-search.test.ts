import { describe, expect, it } from 'vitest';
import { lookupFilters, parseLookupSearch } from './lookup-search';

describe('lookup search in the URL', () => {
  it('keeps the filters the lookup can use, trimmed, and drops the defaults', () => {
    expect(
      parseLookupSearch({ realUsername: ' sam ', fictiveUsername: 'zoe', agentName: 'Alice', domain: 'localhost', sentAfter: '2026-01-01', sentBefore: '2026-02-01', sortBy: 'oldest', limit: 50, page: 3 }),
    ).toEqual({ realUsername: 'sam', fictiveUsername: 'zoe', agentName: 'Alice', domain: 'localhost', sentAfter: '2026-01-01', sentBefore: '2026-02-01', sortBy: 'oldest', limit: 50, page: 3 });
    expect(parseLookupSearch({ sortBy: 'recent', limit: 20, page: 1 })).toEqual({});
  });

  it('drops what a hand-edited URL carries that the API would refuse', () => {
    expect(
      parseLookupSearch({
        realUsername: 'a\u0000b\uD800',
        agentName: '   ',
        domain: ['x'],
        sentAfter: '2026-13-45',
        sentBefore: 'yesterday',
        sortBy: 'random',
        limit: 7,
        page: -2,
        extra: 'ignored',
      }),
    ).toEqual({ realUsername: 'ab' });
    expect(parseLookupSearch({ realUsername: 'x'.repeat(300), page: 2.5 })).toEqual({ realUsername: 'x'.repeat(100) });
    // A member named with digits: the router hands the number over, the lookup searches its text.
    expect(parseLookupSearch({ realUsername: 1234 })).toEqual({ realUsername: '1234' });
  });

  it('asks the API from page 1 with the defaults, "sent before" up to the end of that day', () => {
    expect(lookupFilters({})).toEqual({ page: 1, limit: 20, sortBy: 'recent' });
    expect(lookupFilters({ realUsername: 'sam', sentBefore: '2026-02-01', page: 2, limit: 100 })).toEqual({
      page: 2,
      limit: 100,
      sortBy: 'recent',
      realUsername: 'sam',
      sentBefore: '2026-02-01T23:59:59.999Z',
    });
  });
});
