import { describe, expect, it } from 'vitest';
import { t } from '@sync/texts';
import { inLocale, requestLocale } from './i18n.js';

describe('the API speaks the request language', () => {
  it('takes the web app language from Accept-Language, else the language of the brand country', () => {
    expect(requestLocale('de', 'US')).toBe('de');
    expect(requestLocale('de-AT,de;q=0.9', 'US')).toBe('de');
    expect(requestLocale('en', 'DE')).toBe('en');
    expect(requestLocale('*', 'DE')).toBe('de');
    expect(requestLocale(undefined, 'US')).toBe('en');
    expect(requestLocale('fr-FR', 'GB')).toBe('en');
  });

  it('answers texts in the scope language, compiled at run time, and English outside a scope', () => {
    expect(inLocale('de', () => t('error.login-throttled', { minutes: 5 }))).toBe('Zu viele Anmeldeversuche. Bitte versuche es in 5 Minuten noch einmal.');
    expect(t('error.login-throttled', { minutes: 5 })).toBe('Too many sign-in attempts. Please try again in 5 minutes.');
  });
});
