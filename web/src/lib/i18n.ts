import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, hasCatalogue, texts, intlLocale, isLocale, loadCatalogue, localeOfCountry, setLocaleSource, type Locale } from '@sync/texts';

/**
 * The member's language (docs/decisions/0045): the brand's country chooses it, a member's choice in the settings
 * overrides it on this device (and on the account, for mails). English is in the first bundle (compiled by
 * web/vite/compiled-catalogues.ts), so it never waits or flashes; German is its own chunk, fetched before the first
 * render only where it is the language.
 */
const STORAGE_KEY = 'amora.language';

/** Each language in its own words: the settings' choice reads the same whatever the app speaks. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch' };

let locale: Locale = DEFAULT_LOCALE;
let country: string | null = null;
const listeners = new Set<() => void>();
setLocaleSource(() => locale);

function storedChoice(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

async function ensureCatalogue(next: Locale): Promise<void> {
  if (hasCatalogue(next)) return;
  // Only German is not in the first bundle; its compiled catalogue is a chunk of its own.
  const { de } = await import('@sync/locales/de');
  loadCatalogue(next, de, texts);
}

async function activate(next: Locale): Promise<void> {
  await ensureCatalogue(next);
  locale = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/** Before the first render: the member's stored choice, else the language of the brand's country. */
export async function startLanguage(brandCountry: string | null | undefined): Promise<Locale> {
  country = brandCountry ?? null;
  const next = storedChoice() ?? localeOfCountry(country);
  await activate(next).catch((error: unknown) => console.error('language catalogue failed', error));
  return locale;
}

/**
 * Intl's plural rules and number format load their ICU data on first use (about 25 ms of a fast core, four times
 * that on a cheap phone): built once in a task of their own while the first screen's requests are out, that cost
 * is no longer part of the first render's long task (every plural text — the header's credits — formats through them).
 */
export function warmPluralFormatting(): void {
  setTimeout(() => {
    const likely = storedChoice() ?? DEFAULT_LOCALE;
    new Intl.PluralRules(likely);
    new Intl.NumberFormat(likely);
  }, 0);
}

/** The member chose a language in the settings: kept on this device, shown at once. */
export async function chooseLanguage(next: Locale): Promise<void> {
  await activate(next);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
}

/** The member's own choice on this device, or null while the brand's country decides. */
export function chosenLanguage(): Locale | null {
  return storedChoice();
}

export function currentLanguage(): Locale {
  return locale;
}

/** The BCP 47 tag for Intl: the language in the brand's country (de-DE, en-GB). */
export function formatLocale(): string {
  return intlLocale(locale, country);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders its component when the language changes: the app root keys its screens with it. */
export function useLanguage(): Locale {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
