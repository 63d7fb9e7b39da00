import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupEmojibase, type CompactEmojiLike } from './emoji-data';
import { codeOfGlyph, emojiFileName, emojiImageSrc, splitEmoji } from './emoji-text';

describe('emoji in text', () => {
  it('cuts a text into plain runs and whole emoji (flags, keycaps, ZWJ families, skin tones)', () => {
    expect(splitEmoji('Hello 👋🏽 see you ❤️ in Paris 🇫🇷 at 9️⃣ with 👩‍👩‍👧!')).toEqual([
      { kind: 'text', text: 'Hello ' },
      { kind: 'emoji', text: '👋🏽', code: '1f44b-1f3fd' },
      { kind: 'text', text: ' see you ' },
      { kind: 'emoji', text: '❤️', code: '2764-fe0f' },
      { kind: 'text', text: ' in Paris ' },
      { kind: 'emoji', text: '🇫🇷', code: '1f1eb-1f1f7' },
      { kind: 'text', text: ' at ' },
      { kind: 'emoji', text: '9️⃣', code: '39-fe0f-20e3' },
      { kind: 'text', text: ' with ' },
      { kind: 'emoji', text: '👩‍👩‍👧', code: '1f469-200d-1f469-200d-1f467' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves text without emoji whole, digits, symbols and a lone regional letter included', () => {
    expect(splitEmoji('Call me at 9 # * ©')).toEqual([{ kind: 'text', text: 'Call me at 9 # * ©' }]);
    expect(splitEmoji('')).toEqual([]);
    expect(splitEmoji('🇫')).toEqual([{ kind: 'text', text: '🇫' }]);
  });

  it('names the image by the code sequence without U+FE0F, so both spellings of an emoji find one file', () => {
    expect(emojiFileName('2764-fe0f')).toBe('2764.png');
    expect(emojiFileName('2764')).toBe('2764.png');
    expect(emojiFileName(codeOfGlyph('#️⃣'))).toBe('23-20e3.png');
    expect(emojiImageSrc('1F600')).toBe('/emoji/64/1f600.png');
  });

  it('has a shipped image for nearly every emoji the picker lists (newer ones fall back to the glyph)', async () => {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('emoji-datasource-twitter/package.json')), 'img/twitter/64');
    const shipped = new Set(fs.readdirSync(dir).map((file) => emojiFileName(file.replace(/\.png$/, ''))));
    const data = (await import('emojibase-data/en/compact.json')).default as CompactEmojiLike[];
    const codes = Object.values(groupEmojibase(data)).flatMap((entries) => entries.flatMap((entry) => [entry.code, ...Object.values(entry.skins ?? {})]));
    const missing = codes.filter((code) => !shipped.has(emojiFileName(code)));
    expect(codes.length).toBeGreaterThan(3000);
    // emojibase 17 is a release ahead of the Twemoji 16 images: a handful of the newest emoji have no picture yet.
    expect(missing.length / codes.length).toBeLessThan(0.02);
  });
});
