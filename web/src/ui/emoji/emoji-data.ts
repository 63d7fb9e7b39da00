import { TONE_MODIFIERS, type BuiltInGroup, type EmojiEntry, type EmojiGroups, type ToneVariant } from './emoji-model';

/** The fields of an emojibase-data compact entry the picker reads. */
export interface CompactEmojiLike {
  group?: number;
  hexcode: string;
  label: string;
  order?: number;
  tags?: string[];
  unicode: string;
  skins?: { hexcode: string }[];
}

/** emojibase groups (meta/groups.json) to the documented ones (docs/product.md#data); 2 'component' (bare tone swatches) is left out. */
const GROUP_BY_EMOJIBASE: Record<number, Exclude<BuiltInGroup, 'recent'>> = {
  0: 'smileys_people',
  1: 'smileys_people',
  3: 'animals_nature',
  4: 'food_drink',
  5: 'travel_places',
  6: 'activities',
  7: 'objects',
  8: 'symbols',
  9: 'flags',
};

const TONE_BY_MODIFIER = new Map<string, ToneVariant>(
  Object.entries(TONE_MODIFIERS).map(([tone, modifier]) => [modifier, tone as ToneVariant]),
);

/**
 * The five single-tone variants. Mixed-tone variants (two people, two tones) are left out: the picker
 * applies one tone.
 */
function skinsOf(skins: { hexcode: string }[] | undefined): EmojiEntry['skins'] {
  if (!skins) return undefined;
  const out: NonNullable<EmojiEntry['skins']> = {};
  for (const skin of skins) {
    const code = skin.hexcode.toLowerCase();
    const tones = new Set(code.split('-').flatMap((part) => TONE_BY_MODIFIER.get(part) ?? []));
    const [tone] = tones;
    if (tones.size === 1 && tone && !out[tone]) out[tone] = code;
  }
  return Object.keys(out).length ? out : undefined;
}

export function groupEmojibase(data: readonly CompactEmojiLike[]): EmojiGroups {
  const groups: EmojiGroups = {};
  const sorted = [...data].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const item of sorted) {
    const group = item.group === undefined ? undefined : GROUP_BY_EMOJIBASE[item.group];
    if (!group) continue;
    const entry: EmojiEntry = { names: [item.label], code: item.hexcode.toLowerCase() };
    const skins = skinsOf(item.skins);
    if (skins) entry.skins = skins;
    if (item.tags?.length) entry.keywords = item.tags;
    (groups[group] ??= []).push(entry);
  }
  return groups;
}

let loading: Promise<EmojiGroups> | null = null;

/** The data is a separate chunk, fetched the first time the picker opens (kept out of the main bundle). */
export function loadEmojiGroups(): Promise<EmojiGroups> {
  loading ??= import('emojibase-data/en/compact.json')
    .then((module) => groupEmojibase(module.default as CompactEmojiLike[]))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
