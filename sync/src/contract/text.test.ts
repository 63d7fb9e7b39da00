import { describe, expect, it } from 'vitest';
import { de } from '../locales/de.js';
import { loadCatalogue, setLocaleSource, t, texts } from '../texts.js';
import { isStorableText, isUnstorableIssue, text } from './text.js';

describe('text()', () => {
  it('refuses NUL and lone surrogates, keeps everything else (emoji are surrogate pairs)', () => {
    for (const value of ['plain', 'üñïçødé', 'emoji 😀', 'tab\tand\nline', '']) expect(isStorableText(value), value).toBe(true);
    for (const value of ['a\u0000b', '\u0000', 'a\ud800b', '\udc00', 'x\ud83d', '\ude00x']) expect(isStorableText(value), JSON.stringify(value)).toBe(false);
  });

  it('answers the catalogue message, marked so routes can tell it from a field rule', () => {
    const result = text().max(5).safeParse('a\u0000');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe(t('validation.special-characters'));
    expect(isUnstorableIssue(issue)).toBe(true);
    expect(isUnstorableIssue(text().max(1).safeParse('ab').error!.issues[0]!)).toBe(false);
  });

  it('speaks the language of the moment a value is refused, not of the moment the schema was built', () => {
    const built = text();
    expect(text()).toBe(built);
    loadCatalogue('de', de, texts);
    setLocaleSource(() => 'de');
    try {
      expect(built.safeParse('a\u0000').error!.issues[0]!.message).toBe('Bitte entferne Sonderzeichen');
    } finally {
      setLocaleSource(() => 'en');
    }
    expect(built.safeParse('a\u0000').error!.issues[0]!.message).toBe('Please remove special characters');
  });

  it('chains like z.string()', () => {
    expect(text().trim().max(3).parse(' abc ')).toBe('abc');
    expect(text().regex(/^\d+$/).safeParse('12a').success).toBe(false);
  });
});
