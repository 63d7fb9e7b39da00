import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { en } from './locales/en.js';
import type { enAccount } from './locales/en-account.js';
import type { enAdmin } from './locales/en-admin.js';
import type { enAgentConsole } from './locales/en-agent-console.js';
import type { enConsole } from './locales/en-console.js';
import type { enHelp } from './locales/en-help.js';
import type { enLanding } from './locales/en-landing.js';
import type { enMail } from './locales/en-mail.js';
import type { enMarketing } from './locales/en-marketing.js';
import type { enMember } from './locales/en-member.js';
import type { enSettings } from './locales/en-settings.js';
import type { enSupport } from './locales/en-support.js';
import type { enUi } from './locales/en-ui.js';

/**
 * The catalogue's runtime (docs/decisions/0045): one Lingui instance per language, the English one from the start so
 * no English text ever waits; German is loaded by whoever needs it (the web app lazily, the API at start). `t()` asks
 * the active language: on the web the member's, on the API the request's (api/src/lib/i18n.ts).
 */
/** The English catalogue: as written on the API and in tests, compiled in the web build (web/vite/compiled-catalogues.ts). */
export const texts = en;

/** The English texts of the areas that bring their own (locales/en-*.ts): a screen's chunk, the API's mails. */
export type AreaTexts = typeof enAccount & typeof enAdmin & typeof enAgentConsole & typeof enConsole & typeof enHelp & typeof enLanding & typeof enMail & typeof enMarketing & typeof enMember & typeof enSettings & typeof enSupport & typeof enUi;

export type TextKey = keyof typeof en | keyof AreaTexts;

export type TextParams = Readonly<Record<string, string | number>>;

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** German for the German-speaking countries a brand serves; English elsewhere (the only other catalogue). */
const COUNTRY_LOCALE: Readonly<Record<string, Locale>> = { DE: 'de', AT: 'de', CH: 'de', LI: 'de' };

export function localeOfCountry(country: string | null | undefined): Locale {
  return COUNTRY_LOCALE[(country ?? '').toUpperCase()] ?? DEFAULT_LOCALE;
}

/** The BCP 47 tag Intl formats with: the language in the brand's country (de-AT, en-GB), so numbers and dates follow both. */
export function intlLocale(locale: Locale, country?: string | null): string {
  const region = (country ?? '').toUpperCase();
  return /^[A-Z]{2}$/.test(region) ? `${locale}-${region}` : locale;
}

const instances = new Map<Locale, I18n>([['en', setupI18n({ locale: 'en', messages: { en } })]]);

/**
 * Puts a language's messages in place, compiled (the web build) or as written (the API compiles at run time). A
 * language's missing keys fall back to English, so a half-done catalogue shows English, never a key.
 */
export function loadCatalogue(locale: Locale, messages: Messages, fallback?: Messages): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: fallback ? { ...fallback, ...messages } : messages } });
  instances.set(locale, i18n);
  return i18n;
}

/**
 * Adds an area's English texts (locales/en-*.ts) to the catalogue: called by the module that shows them, so they reach
 * the browser in that module's chunk and are in place before it renders. German comes whole, so needs no such step.
 */
export function addTexts(area: Partial<AreaTexts>): void {
  catalogueOf('en').load('en', area as Messages);
}

export function hasCatalogue(locale: Locale): boolean {
  return instances.has(locale);
}

/** The Lingui instance of a language, English while that language's catalogue has not arrived. */
export function catalogueOf(locale: Locale): I18n {
  return instances.get(locale) ?? instances.get('en')!;
}

let activeLocale: () => Locale = () => DEFAULT_LOCALE;

/** Who says which language `t()` speaks: the web app's chosen language, the API's request scope. */
export function setLocaleSource(source: () => Locale): void {
  activeLocale = source;
}

export function currentLocale(): Locale {
  return activeLocale();
}

/** The text for `key` in the active language, `{name}` placeholders filled from `params`. */
export function t(key: TextKey, params?: TextParams): string {
  return catalogueOf(activeLocale())._(key, params);
}

/** The text for `key` in a given language: mails and pushes go out in their recipient's. */
export function tIn(locale: Locale, key: TextKey, params?: TextParams): string {
  return catalogueOf(locale)._(key, params);
}

/** Whether a string from outside (a server `code`, a query flag) names a catalogue entry. */
export function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(texts, key);
}
