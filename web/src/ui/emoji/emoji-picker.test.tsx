import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getEmojiDb } from '@web/local/db';
import type { EmojiGroups } from './emoji-model';
import { EmojiPicker, GRID_COLUMNS, type PickedEmoji } from './emoji-picker';
import { EmojiButton } from './emoji-button';
import { insertAtCaret } from './insert-at-caret';

const smileys = Array.from({ length: 20 }, (_, n) => ({
  code: (0x1f600 + n).toString(16),
  names: [`smiley ${n}`],
}));
const GROUPS: EmojiGroups = {
  smileys_people: [
    {
      code: '1f44b',
      names: ['waving hand'],
      keywords: ['hello'],
      skins: {
        light: '1f44b-1f3fb',
        'medium-light': '1f44b-1f3fc',
        medium: '1f44b-1f3fd',
        'medium-dark': '1f44b-1f3fe',
        dark: '1f44b-1f3ff',
      },
    },
    ...smileys,
  ],
  animals_nature: [{ code: '1f436', names: ['dog face'], keywords: ['pet'] }],
  food_drink: [{ code: '1f355', names: ['pizza'] }],
};

// The popup lazy-loads the real data; here it answers with the small fixture.
vi.mock('./emoji-data', () => ({ loadEmojiGroups: () => Promise.resolve(GROUPS) }));

beforeEach(async () => {
  await getEmojiDb().emojis.clear();
});

describe('EmojiPicker', () => {
  it('shows group tabs in the documented order with names, and one group at a time', async () => {
    render(<EmojiPicker groups={GROUPS} options={{ displayRecent: true }} onSelect={() => undefined} />);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-group'));
    expect(tabs).toEqual([
      'recent',
      'smileys_people',
      'animals_nature',
      'food_drink',
      'activities',
      'travel_places',
      'objects',
      'symbols',
      'flags',
    ]);
    expect(screen.getByRole('tab', { name: /Smileys & People/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'waving hand' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'dog face' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /Animals & Nature/ }));
    expect(screen.getByRole('button', { name: 'dog face' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'waving hand' })).toBeNull();
  });

  it('hides the recent tab unless recent display is on, and hides icons or names on request', () => {
    const { unmount } = render(<EmojiPicker groups={GROUPS} onSelect={() => undefined} />);
    expect(screen.queryByRole('tab', { name: /Recently used/ })).toBeNull();
    unmount();
    render(<EmojiPicker groups={GROUPS} options={{ hideGroupNames: true }} onSelect={() => undefined} />);
    const tab = screen.getByRole('tab', { name: 'Animals & Nature' });
    // docs/product.md#data native false (the default): the group icon is the shipped image, its glyph the alt text.
    expect(tab.querySelector('img')?.getAttribute('alt')).toBe('🐻');
    expect(tab.querySelector('img')?.getAttribute('src')).toBe('/emoji/64/1f43b.png');
  });

  it('draws emoji as the shipped 64 px images by default, and as the font’s glyphs with native on', () => {
    const { unmount } = render(<EmojiPicker groups={GROUPS} onSelect={() => undefined} />);
    const cell = screen.getByRole('button', { name: 'waving hand' });
    expect(cell.querySelector('img')?.getAttribute('src')).toBe('/emoji/64/1f44b.png');
    expect(cell.querySelector('img')?.getAttribute('alt')).toBe('👋');
    unmount();
    render(<EmojiPicker groups={GROUPS} options={{ native: true }} onSelect={() => undefined} />);
    const native = screen.getByRole('button', { name: 'waving hand' });
    expect(native.querySelector('img')).toBeNull();
    expect(native.textContent).toBe('👋');
  });

  it('applies the chosen skin tone to variants (neutral by default)', async () => {
    const picks: PickedEmoji[] = [];
    render(<EmojiPicker groups={GROUPS} onSelect={(picked) => picks.push(picked)} />);
    expect(screen.getByRole('radio', { name: 'neutral' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'waving hand' }));
    await userEvent.click(screen.getByRole('radio', { name: 'dark' }));
    await userEvent.click(screen.getByRole('button', { name: 'waving hand' }));
    await userEvent.click(screen.getByRole('button', { name: 'smiley 0' }));
    expect(picks.map((p) => [p.code, p.text])).toEqual([
      ['1f44b', '👋'],
      ['1f44b-1f3ff', '👋🏿'],
      ['1f600', '😀'],
    ]);
  });

  it('has no search box by default; with search on it filters by name and keyword', async () => {
    const { unmount } = render(<EmojiPicker groups={GROUPS} onSelect={() => undefined} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    unmount();
    render(<EmojiPicker groups={GROUPS} options={{ hideSearch: false }} onSelect={() => undefined} />);
    const box = screen.getByPlaceholderText('Search emoji');
    await userEvent.type(box, 'pet');
    expect(screen.getAllByRole('button', { name: /./ }).filter((b) => b.hasAttribute('data-emoji-cell'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'dog face' })).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(screen.getByText('No emoji found')).toBeTruthy();
  });

  it('moves focus through the grid with the arrow keys', async () => {
    render(<EmojiPicker groups={GROUPS} onSelect={() => undefined} />);
    const cells = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('data-emoji-cell'));
    cells()[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cells()[1]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cells()[1 + GRID_COLUMNS]);
    await userEvent.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(cells()[0]);
    expect(cells().filter((c) => c.tabIndex === 0)).toHaveLength(1);
  });

  it('puts chosen emoji at the front of recent when recent display is on, and reloads them', async () => {
    const { unmount } = render(<EmojiPicker groups={GROUPS} options={{ displayRecent: true }} onSelect={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'smiley 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'waving hand' }));
    await userEvent.click(screen.getByRole('button', { name: 'smiley 3' }));
    await userEvent.click(screen.getByRole('tab', { name: /Recently used/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('button').filter((b) => b.hasAttribute('data-emoji-cell')).map((b) => b.getAttribute('aria-label'))).toEqual([
        'smiley 3',
        'waving hand',
      ]),
    );
    unmount();

    render(<EmojiPicker groups={GROUPS} options={{ displayRecent: true }} onSelect={() => undefined} />);
    await userEvent.click(screen.getByRole('tab', { name: /Recently used/ }));
    expect(await screen.findByRole('button', { name: 'smiley 3' })).toBeTruthy();
  });

  it('leaves the recent list alone when recent display is off', async () => {
    render(<EmojiPicker groups={GROUPS} onSelect={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'waving hand' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await getEmojiDb().emojis.get(0)).toBeUndefined();
  });

  it('sets the theme (light by default)', () => {
    const { container, rerender } = render(<EmojiPicker groups={GROUPS} onSelect={() => undefined} />);
    expect(container.querySelector('.emoji-picker')?.getAttribute('data-theme')).toBe('light');
    rerender(<EmojiPicker groups={GROUPS} options={{ theme: 'dark' }} onSelect={() => undefined} />);
    expect(container.querySelector('.emoji-picker')?.getAttribute('data-theme')).toBe('dark');
  });
});

describe('EmojiButton', () => {
  it('opens a popup, Escape closes it and focus goes back to the trigger', async () => {
    const onPick = vi.fn();
    render(<EmojiButton onPick={onPick} />);
    const trigger = screen.getByRole('button', { name: 'Emoji' });
    await userEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Emoji' });
    expect(dialog.style.bottom).toBe('calc(100% + 6px)');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('tab', { name: /Food & Drink/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'pizza' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ text: '🍕' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('insertAtCaret', () => {
  it('inserts at the caret, replaces a selection, and appends without one', () => {
    expect(insertAtCaret('hi there', { start: 2, end: 2 }, '👋')).toEqual({ value: 'hi👋 there', caret: 4 });
    expect(insertAtCaret('hi there', { start: 3, end: 8 }, '😀')).toEqual({ value: 'hi 😀', caret: 5 });
    expect(insertAtCaret('hi', { start: null, end: null }, '!')).toEqual({ value: 'hi!', caret: 3 });
  });
});
