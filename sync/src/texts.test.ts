import { describe, expect, it } from 'vitest';
import { de } from './locales/de.js';
import { enAccount } from './locales/en-account.js';
import { enAdmin } from './locales/en-admin.js';
import { enAgentConsole } from './locales/en-agent-console.js';
import { enConsole } from './locales/en-console.js';
import { enHelp } from './locales/en-help.js';
import { enLanding } from './locales/en-landing.js';
import { enMail } from './locales/en-mail.js';
import { enMarketing } from './locales/en-marketing.js';
import { enMember } from './locales/en-member.js';
import { enSettings } from './locales/en-settings.js';
import { enSupport } from './locales/en-support.js';
import { enUi } from './locales/en-ui.js';
import { addTexts, intlLocale, isTextKey, loadCatalogue, localeOfCountry, setLocaleSource, t, texts, tIn, type TextKey } from './texts.js';

const areas = { ...enAccount, ...enAdmin, ...enAgentConsole, ...enConsole, ...enHelp, ...enLanding, ...enMail, ...enMarketing, ...enMember, ...enSettings, ...enSupport, ...enUi };
addTexts(areas);
const english: Record<string, string> = { ...texts, ...areas };

describe('t', () => {
  it('answers the documented texts verbatim', () => {
    expect(t('error.generic')).toBe('Something went wrong, please try again later.');
    expect(t('error.auto-login-not-found')).toBe('User not found. Please register first');
    expect(t('image-uploader.min-dimension')).toBe('Mininum dimension is 640px x 360px');
    expect(t('error.request-timeout')).toBe('TimeoutError: The operation was aborted due to timeout');
  });

  it('fills every placeholder, numbers included', () => {
    expect(t('validation.min-length', { field: 'password', min: 8 })).toBe('The password must contain at least 8 symbols');
    expect(t('error.page-not-found', { path: '/nowhere' })).toBe('Page not found: /nowhere');
    expect(t('agent.pause-once-per-hour', { time: '12:30' })).toBe('You can only pause once per hour! Left: 12:30');
  });

  it('keeps every English text as written: Lingui renders it exactly as the plain placeholder fill did', () => {
    const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
    // Texts written with ICU plurals are new (none of the product owner's): they are checked on their own below.
    for (const [key, text] of Object.entries(english).filter(([, text]) => !text.includes(', plural,'))) {
      const params = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, `<${name}>`]));
      expect(t(key as TextKey, params), key).toBe(fill(text, params));
    }
  });

  it('says a count in the plural form of its language', () => {
    expect(t('settings.credits-left', { count: 1 })).toBe('1 credit left. ');
    expect(t('settings.credits-left', { count: 12 })).toBe('12 credits left. ');
    expect(t('agent-console.holding', { count: 1 })).toBe('You hold 1 conversation: open them from the chat (Alt 1…9).');
    expect(t('agent-console.holding-of', { count: 2, max: 3 })).toBe('You hold 2 of 3 conversations: open them from the chat (Alt 1…9).');
    loadCatalogue('de', de, texts);
    expect(tIn('de', 'settings.credits-left', { count: 1 })).toBe('Noch 1 Credit. ');
  });

  it('speaks the active language, German with every key, and falls back to English for a missing one', () => {
    const { 'error.not-found': _left, ...partial } = de;
    loadCatalogue('de', partial, texts);
    setLocaleSource(() => 'de');
    try {
      expect(t('validation.min-length', { field: 'Passwort', min: 8 })).toBe('Passwort muss mindestens 8 Zeichen enthalten');
      expect(t('error.not-found')).toBe('Not found.');
      expect(tIn('en', 'nav.settings')).toBe('Settings');
      for (const key of Object.keys(english)) expect(de[key as TextKey].trim(), key).not.toBe('');
    } finally {
      setLocaleSource(() => 'en');
    }
  });

  it('picks German for German-speaking countries and formats in the brand country', () => {
    expect(localeOfCountry('DE')).toBe('de');
    expect(localeOfCountry('at')).toBe('de');
    expect(localeOfCountry('US')).toBe('en');
    expect(localeOfCountry(undefined)).toBe('en');
    expect(intlLocale('de', 'DE')).toBe('de-DE');
    expect(intlLocale('en', 'GB')).toBe('en-GB');
    expect(intlLocale('en', '')).toBe('en');
  });

  it('does not interpret replacement patterns in values', () => {
    expect(t('error.page-not-found', { path: '/$&$1' })).toBe('Page not found: /$&$1');
  });

  it('has no empty texts and recognises its own keys only', () => {
    for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    expect(isTextKey('error.generic')).toBe(true);
    expect(isTextKey('toString')).toBe(false);
  });
});
