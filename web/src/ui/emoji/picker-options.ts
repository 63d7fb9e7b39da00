import { GROUP_ORDER, type EmojiEntry, type GroupId } from './emoji-model';

/** docs/product.md#constants: light in the product, auto in the picker library. */
export type PickerTheme = 'light' | 'dark' | 'auto';

export interface StaticTexts {
  placeholder: string;
  skinTone: string;
  /** The trigger button's accessible name. */
  trigger: string;
  noResults: string;
}

/** docs/product.md#data "Picker options" with the library defaults. */
export interface PickerOptions {
  /** false (the default): emoji are drawn as the 64 px images shipped with the app; true: as the system font's glyphs. */
  native: boolean;
  hideSearch: boolean;
  hideGroupIcons: boolean;
  hideGroupNames: boolean;
  staticTexts: StaticTexts;
  disabledGroups: GroupId[];
  groupNames: Record<string, string>;
  displayRecent: boolean;
  additionalGroups: Record<string, EmojiEntry[]>;
  groupOrder: GroupId[];
  /** A glyph (or short text) per group for its tab. */
  groupIcons: Record<string, string>;
  theme: PickerTheme;
  disableSkinTones: boolean;
  /** docs/product.md#constants: popup offset 6 px. */
  offset: number;
  /** docs/product.md#constants: insert at the caret. */
  mode: 'insert';
}

export const DEFAULT_GROUP_NAMES: Record<string, string> = {
  recent: 'Recently used',
  smileys_people: 'Smileys & People',
  animals_nature: 'Animals & Nature',
  food_drink: 'Food & Drink',
  activities: 'Activities',
  travel_places: 'Travel & Places',
  objects: 'Objects',
  symbols: 'Symbols',
  flags: 'Flags',
};

export const DEFAULT_GROUP_ICONS: Record<string, string> = {
  recent: '🕘',
  smileys_people: '😀',
  animals_nature: '🐻',
  food_drink: '🍔',
  activities: '⚽',
  travel_places: '🚗',
  objects: '💡',
  symbols: '💕',
  flags: '🏁',
};

export const DEFAULT_OPTIONS: PickerOptions = {
  native: false,
  hideSearch: true,
  hideGroupIcons: false,
  hideGroupNames: false,
  staticTexts: { placeholder: 'Search emoji', skinTone: 'Skin tone', trigger: 'Emoji', noResults: 'No emoji found' },
  disabledGroups: [],
  groupNames: {},
  displayRecent: false,
  additionalGroups: {},
  groupOrder: [],
  groupIcons: {},
  theme: 'light',
  disableSkinTones: false,
  offset: 6,
  mode: 'insert',
};

export type PickerOptionsInput = Partial<Omit<PickerOptions, 'staticTexts'>> & { staticTexts?: Partial<StaticTexts> };

export function resolveOptions(input: PickerOptionsInput = {}): PickerOptions {
  return {
    ...DEFAULT_OPTIONS,
    ...input,
    staticTexts: { ...DEFAULT_OPTIONS.staticTexts, ...input.staticTexts },
    groupNames: { ...DEFAULT_GROUP_NAMES, ...input.groupNames },
    groupIcons: { ...DEFAULT_GROUP_ICONS, ...input.groupIcons },
  };
}

/**
 * The tabs in order: groupOrder first, then the documented order, then additional groups. Disabled groups drop
 * out, and recent only shows while recent display is on (docs/product.md#emoji-picker).
 */
export function orderedGroups(options: PickerOptions): GroupId[] {
  const all: GroupId[] = [...GROUP_ORDER, ...Object.keys(options.additionalGroups)];
  const ordered = [...options.groupOrder.filter((group) => all.includes(group)), ...all];
  return [...new Set(ordered)].filter(
    (group) => !options.disabledGroups.includes(group) && (group !== 'recent' || options.displayRecent),
  );
}
