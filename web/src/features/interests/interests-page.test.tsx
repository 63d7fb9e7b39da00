import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@web/mocks/server';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { InterestsPage } from './interests-page';

describe('InterestsPage', () => {
  beforeEach(async () => {
    await resetMemberState();
    server.events.removeAllListeners();
    signInMember({ _id: 'u-demo' });
  });

  it('asks GET /api/interests/{list} for the {page} of the route and links to the pages around it', async () => {
    const seen: URL[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(new URL(request.url)));
    renderMemberScreen(<InterestsPage list="viewed-me" page="2" />, '/interests/viewed-me/2');
    expect(await screen.findByText('27 profiles · page 2 of 2')).toBeTruthy();
    const call = seen.find((url) => url.pathname === '/api/interests/viewed-me')!;
    expect(Object.fromEntries(call.searchParams)).toEqual({ page: '2', limit: '24' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: '← Previous' }).getAttribute('href')).toBe('/interests/viewed-me');
    expect(screen.queryByRole('link', { name: 'Next →' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Viewed me' }).getAttribute('aria-current')).toBe('page');
  });

  it('lets the member take a profile off their favorites', async () => {
    const user = userEvent.setup();
    renderMemberScreen(<InterestsPage list="favorites" />, '/interests/favorites');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const [first] = screen.getAllByRole('button', { name: /^Remove .* from favorites$/ });
    await user.click(first!);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('explains an empty list and what to do', async () => {
    renderMemberScreen(<InterestsPage list="viewed" page="9" />, '/interests/viewed/9');
    expect(await screen.findByText('This page is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/interests/viewed');
  });
});
