import { describe, expect, it } from 'vitest';
import { GROUP_ORDER, codeFor, glyph } from './emoji-model';
import { loadEmojiGroups } from './emoji-data';

describe('emoji data (emojibase-data)', () => {
  it('maps every built-in group except recent, and leaves out bare tone components', async () => {
    const groups = await loadEmojiGroups();
    expect(Object.keys(groups).sort()).toEqual(GROUP_ORDER.filter((g) => g !== 'recent').sort());
    const codes = Object.values(groups).flat().map((e) => e.code);
    expect(codes).not.toContain('1f3fb');
    expect(groups.smileys_people?.[0]).toMatchObject({ code: '1f600', names: ['grinning face'] });
    expect(groups.flags?.some((e) => e.names[0] === 'flag: France')).toBe(true);
  });

  it('keeps the five single-tone variants', async () => {
    const groups = await loadEmojiGroups();
    const wave = groups.smileys_people?.find((e) => e.names[0] === 'waving hand');
    expect(wave?.skins).toEqual({
      light: '1f44b-1f3fb',
      'medium-light': '1f44b-1f3fc',
      medium: '1f44b-1f3fd',
      'medium-dark': '1f44b-1f3fe',
      dark: '1f44b-1f3ff',
    });
    expect(glyph(codeFor(wave!, 'medium'))).toBe('👋🏽');
    expect(glyph(codeFor(wave!, 'neutral'))).toBe('👋');
  });
});
