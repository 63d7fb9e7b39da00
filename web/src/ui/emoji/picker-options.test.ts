import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, orderedGroups, resolveOptions } from './picker-options';

describe('picker options', () => {
  it('keeps the documented defaults', () => {
    expect(DEFAULT_OPTIONS).toMatchObject({
      native: false,
      hideSearch: true,
      hideGroupIcons: false,
      hideGroupNames: false,
      displayRecent: false,
      disabledGroups: [],
      theme: 'light',
      offset: 6,
      mode: 'insert',
    });
    expect(DEFAULT_OPTIONS.staticTexts.placeholder).toBe('Search emoji');
  });

  it('orders groups as docs/product.md does, recent first only while recent display is on', () => {
    const rest = ['smileys_people', 'animals_nature', 'food_drink', 'activities', 'travel_places', 'objects', 'symbols', 'flags'];
    expect(orderedGroups(resolveOptions())).toEqual(rest);
    expect(orderedGroups(resolveOptions({ displayRecent: true }))).toEqual(['recent', ...rest]);
  });

  it('drops disabled groups, puts groupOrder first and appends additional groups', () => {
    const groups = orderedGroups(
      resolveOptions({
        displayRecent: true,
        disabledGroups: ['flags', 'recent'],
        groupOrder: ['symbols', 'nope'],
        additionalGroups: { hearts: [{ code: '2764-fe0f', names: ['red heart'] }] },
      }),
    );
    expect(groups).toEqual([
      'symbols',
      'smileys_people',
      'animals_nature',
      'food_drink',
      'activities',
      'travel_places',
      'objects',
      'hearts',
    ]);
  });

  it('merges partial static texts over the defaults', () => {
    const options = resolveOptions({ staticTexts: { placeholder: 'Find' } });
    expect(options.staticTexts.placeholder).toBe('Find');
    expect(options.staticTexts.skinTone).toBe('Skin tone');
  });
});
