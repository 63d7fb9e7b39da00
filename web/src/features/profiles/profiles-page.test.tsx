import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { createProfilesList } from './profiles-list';
import { ProfilesPage } from './profiles-page';

/** Every GET /api/profiles the page sends, as URLSearchParams, in order. */
function recordProfileRequests() {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/profiles') seen.push(url.searchParams);
  });
  return seen;
}

// userEvent through a Radix dialog is slow on a shared two-core machine.
const SLOW = { timeout: 20_000 };

describe('ProfilesPage', () => {
  beforeEach(async () => {
    await resetMemberState();
    signInMember({ _id: 'u-demo' });
  });
  afterEach(() => server.events.removeAllListeners());

  it('turns the chosen filters, sort and page size into the GET /api/profiles query', SLOW, async () => {
    const seen = recordProfileRequests();
    const user = userEvent.setup();
    renderMemberScreen(<ProfilesPage list={createProfilesList()} />, '/profiles');
    await screen.findByText('160 profiles');
    expect(Object.fromEntries(seen[0]!)).toEqual({ page: '1', limit: '36', sortBy: 'recent' });

    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(within(sheet).getByRole('group', { name: 'Body type' })).getByLabelText('Curvy'));
    await user.click(within(within(sheet).getByRole('group', { name: 'Body type' })).getByLabelText('Fit'));
    await user.click(within(within(sheet).getByRole('group', { name: 'Eye colour' })).getByLabelText('Blue'));
    await user.click(within(sheet).getByLabelText('Women'));
    await user.type(within(sheet).getByLabelText('Minimum age'), '25');
    await user.type(within(sheet).getByLabelText('Maximum age'), '40');
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));

    // Each change asks for its list; the last request is the one the screen shows (the query cache may refetch a page too).
    await waitFor(() => expect(seen.at(-1)!.get('gender')).toBe('women'));
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({
      page: '1',
      limit: '36',
      sortBy: 'recent',
      gender: 'women',
      ageMin: '25',
      ageMax: '40',
      bodyType: 'curvy,fit',
      eyeColor: 'blue',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (4)' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'age-asc');
    await waitFor(() => expect(seen.at(-1)!.get('sortBy')).toBe('age-asc'));
    expect(seen.at(-1)!.get('bodyType')).toBe('curvy,fit');

    await user.selectOptions(screen.getByLabelText('Per page'), '12');
    await waitFor(() => expect(seen.at(-1)!.get('limit')).toBe('12'));
    expect(seen.at(-1)!.get('page')).toBe('1');
    expect(seen.at(-1)!.get('sortBy')).toBe('age-asc');
  });

  it('appends the next page under the current one with "Load more"', SLOW, async () => {
    const seen = recordProfileRequests();
    const user = userEvent.setup();
    const list = createProfilesList();
    list.setQuery({ limit: 12 });
    renderMemberScreen(<ProfilesPage list={list} />, '/profiles');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    const firstNames = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
    expect(screen.getByText('Showing 12 of 160')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    const after = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
    expect(after.slice(0, 12)).toEqual(firstNames);
    expect(new Set(after).size).toBe(24);
    expect(seen.at(-1)!.get('page')).toBe('2');
    expect(screen.getByText('Showing 24 of 160')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('hides "Load more" on the last page', async () => {
    const list = createProfilesList();
    list.setQuery({ limit: 72, search: 'kira' });
    renderMemberScreen(<ProfilesPage list={list} />, '/profiles');
    await screen.findByText(/^Showing \d+ of \d+$/);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the documented error text when the list fails, and an empty state that offers to clear filters', SLOW, async () => {
    server.use(http.get('*/api/profiles', () => HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })));
    const list = createProfilesList();
    renderMemberScreen(<ProfilesPage list={list} />, '/profiles');
    expect((await screen.findByRole('alert')).textContent).toContain('Error loading profiles. Try refreshing the page');

    server.resetHandlers();
    const user = userEvent.setup();
    act(() => list.setQuery({ search: 'nobody-has-this-name' }));
    expect(await screen.findByText('No profiles match your search')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters and search' }));
    expect(await screen.findByText('160 profiles')).toBeTruthy();
  });

  it('shows skeleton cards while the first page loads', async () => {
    // The gate exists before the request does: the skeletons may show before the handler is reached.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get('*/api/profiles', async () => {
      await gate;
      return HttpResponse.json({ data: [], total: 0, page: 1, limit: 36 });
    }));
    renderMemberScreen(<ProfilesPage list={createProfilesList()} />, '/profiles');
    expect((await screen.findAllByTestId('profile-skeleton')).length).toBeGreaterThan(0);
    release();
    await waitFor(() => expect(screen.queryAllByTestId('profile-skeleton')).toHaveLength(0));
  });
});
