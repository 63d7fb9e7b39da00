/**
 * docs/product.md#data "Emoji entry" and "Picker options", docs/product.md#constants "Emoji picker": the shapes the picker works on, kept
 * apart from the data package so the package can change without touching the picker.
 */

/** docs/product.md#constants: the group order, recent first. */
export const GROUP_ORDER = [
  'recent',
  'smileys_people',
  'animals_nature',
  'food_drink',
  'activities',
  'travel_places',
  'objects',
  'symbols',
  'flags',
] as const;
export type BuiltInGroup = (typeof GROUP_ORDER)[number];
/** Built-in groups plus any the options add. */
export type GroupId = BuiltInGroup | (string & {});

/** docs/product.md#constants: neutral plus five tones; neutral is the default. */
export const SKIN_TONES = ['neutral', 'light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const;
export type SkinTone = (typeof SKIN_TONES)[number];
export type ToneVariant = Exclude<SkinTone, 'neutral'>;

export interface EmojiEntry {
  /** Names, the first being the one shown and read out. */
  names: string[];
  /** Unicode code sequence: lower-case hex code points joined by '-' (e.g. '1f44b'). */
  code: string;
  /** Optional skin-tone variant codes, one per tone. */
  skins?: Partial<Record<ToneVariant, string>>;
  /** Extra search words (not shown). */
  keywords?: string[];
}

export type EmojiGroups = Record<string, EmojiEntry[]>;

/** The five Fitzpatrick modifiers, in SKIN_TONES order (light .. dark). */
export const TONE_MODIFIERS: Record<ToneVariant, string> = {
  light: '1f3fb',
  'medium-light': '1f3fc',
  medium: '1f3fd',
  'medium-dark': '1f3fe',
  dark: '1f3ff',
};

/** The glyph for a code sequence: what is inserted, and the alt text of its image. */
export function glyph(code: string): string {
  return String.fromCodePoint(...code.split('-').map((part) => Number.parseInt(part, 16)));
}

/** The code to insert for an entry under the chosen tone (neutral, or an entry without that variant, keeps the base). */
export function codeFor(entry: EmojiEntry, tone: SkinTone): string {
  if (tone === 'neutral') return entry.code;
  return entry.skins?.[tone] ?? entry.code;
}
