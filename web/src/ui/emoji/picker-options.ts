import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { GROUP_ORDER, type EmojiEntry, type GroupId, type SkinTone } from './emoji-model';

addTexts(enUi);

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

/** The groups' names in the language shown. */
export function defaultGroupNames(): Record<string, string> {
  return {
    recent: t('ui.emoji.group-recent'),
    smileys_people: t('ui.emoji.group-smileys-people'),
    animals_nature: t('ui.emoji.group-animals-nature'),
    food_drink: t('ui.emoji.group-food-drink'),
    activities: t('ui.emoji.group-activities'),
    travel_places: t('ui.emoji.group-travel-places'),
    objects: t('ui.emoji.group-objects'),
    symbols: t('ui.emoji.group-symbols'),
    flags: t('ui.emoji.group-flags'),
  };
}

/** A skin tone's accessible name in the language shown. */
export function skinToneName(tone: SkinTone): string {
  return t(`ui.emoji.tone-${tone}`);
}

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
  // Read when asked for, so the texts are those of the language shown.
  get staticTexts(): StaticTexts {
    return { placeholder: t('ui.emoji.search'), skinTone: t('ui.emoji.skin-tone'), trigger: t('ui.emoji.trigger'), noResults: t('ui.emoji.no-results') };
  },
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
    groupNames: { ...defaultGroupNames(), ...input.groupNames },
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
