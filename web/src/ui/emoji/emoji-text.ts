/**
 * Emoji drawn as the 64 px Twemoji images the build ships under /emoji/64/ (docs/product.md#data: the picker's `native` is false
 * by default), so they show on a system with no colour emoji font and offline once seen. The file name is the code
 * sequence without U+FE0F, so '❤' and '❤️' (emojibase writes the first, keyboards the second) find one file.
 */

/** Where the build copies the images (vite.config.ts, web/vite/emoji-images.ts) and the service worker caches them. */
export const EMOJI_IMAGE_BASE = '/emoji/64/';

/** The image file name for a code sequence ('2764-fe0f' and '2764' both give '2764'). */
export function emojiFileName(code: string): string {
  const parts = code.toLowerCase().split('-').filter((part) => part !== 'fe0f');
  return `${parts.join('-')}.png`;
}

export function emojiImageSrc(code: string): string {
  return `${EMOJI_IMAGE_BASE}${emojiFileName(code)}`;
}

/** The code sequence of a glyph: lower-case hex code points joined by '-'. */
export function codeOfGlyph(text: string): string {
  return [...text].map((char) => char.codePointAt(0)!.toString(16)).join('-');
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'emoji'; text: string; code: string };

/**
 * Built on first use, not when the module loads: parsing these property classes (the RGI set above all) costs
 * about 25 ms of a fast core, which every member screen paid on its first paint (the incoming-message toast,
 * loaded with the member frame, imports this module).
 */
let mayHoldEmoji: RegExp | undefined;
let wholeEmoji: RegExp | undefined;
let segmenter: Intl.Segmenter | undefined;

/** A text cut into runs of plain text and single emoji (one user-perceived character each). */
export function splitEmoji(text: string): TextPart[] {
  // Cheap first look: most messages have no emoji and skip segmenting.
  mayHoldEmoji ??= new RegExp('[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20e3]', 'u');
  if (!mayHoldEmoji.test(text)) return text ? [{ kind: 'text', text }] : [];
  // The 'v' flag knows RGI emoji sequences (flags, keycaps, ZWJ families, skin tones) as one match.
  wholeEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v');
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const parts: TextPart[] = [];
  let plain = '';
  for (const { segment } of segmenter.segment(text)) {
    if (wholeEmoji.test(segment)) {
      if (plain) parts.push({ kind: 'text', text: plain });
      plain = '';
      parts.push({ kind: 'emoji', text: segment, code: codeOfGlyph(segment) });
    } else {
      plain += segment;
    }
  }
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
