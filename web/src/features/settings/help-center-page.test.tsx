import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseLanguage } from '@web/lib/i18n';
import { renderMemberScreen } from '@web/test/member-harness';
import { HELP_GROUPS, helpGroups, searchHelp } from './help-center-articles';
import { HelpCenterPage } from './help-center-page';

const SLOW = { timeout: 20_000 };
const total = HELP_GROUPS.reduce((sum, group) => sum + group.articles.length, 0);

describe('searchHelp', () => {
  it('answers every group for an empty query and needs every word to match', () => {
    expect(searchHelp('  ')).toHaveLength(HELP_GROUPS.length);
    expect(searchHelp('password').flatMap((g) => g.articles.map((a) => a.id))).toEqual(['change-password', 'forgot-password']);
    expect(searchHelp('password device').flatMap((g) => g.articles.map((a) => a.id))).toEqual(['change-password']);
    // keywords count, case and accents do not
    expect(searchHelp('DÉACTIVATE').flatMap((g) => g.articles.map((a) => a.id))).toEqual(['delete-account']);
    expect(searchHelp('zzzz')).toEqual([]);
  });

  it('searches the articles in the language shown', async () => {
    await chooseLanguage('de');
    try {
      expect(helpGroups()[0]?.title).toBe('Konto');
      expect(searchHelp('Passwort Geräten').flatMap((g) => g.articles.map((a) => a.id))).toEqual(['change-password']);
      expect(searchHelp('KÜNDIGEN').flatMap((g) => g.articles.map((a) => a.id))).toEqual(['delete-account']);
      expect(searchHelp('device')).toEqual([]);
    } finally {
      await chooseLanguage('en');
    }
  });
});

describe('HelpCenterPage', () => {
  it('shows every group with expandable articles and a way to support', async () => {
    const user = userEvent.setup();
    renderMemberScreen(<HelpCenterPage />, '/settings/help-center');
    for (const title of ['Account', 'Credits & payments', 'Messages', 'Safety & privacy', 'Technical']) {
      expect(await screen.findByRole('heading', { name: title, level: 3 })).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(total);
    await user.click(screen.getByRole('button', { name: 'What are credits?' }));
    expect(within(screen.getByRole('region', { name: 'What are credits?' })).getByText(/One credit sends one message/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact-us');
  });

  it('filters the articles as the member types, and says when nothing matches', SLOW, async () => {
    const user = userEvent.setup();
    renderMemberScreen(<HelpCenterPage />, '/settings/help-center');
    const search = await screen.findByRole('searchbox', { name: 'Search help articles' });
    await user.type(search, 'photo');
    expect(await screen.findByText(/articles? found\./)).toBeTruthy();
    const questions = screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent);
    expect(questions).toContain('Why does my photo say “Pending approval”?');
    expect(questions).not.toContain('What are credits?');
    expect(screen.queryByRole('heading', { name: 'Messages' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No articles found.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'show all articles' }));
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(total);
  });
});
