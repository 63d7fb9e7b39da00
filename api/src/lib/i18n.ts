import { AsyncLocalStorage } from 'node:async_hooks';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.js';
import { de } from '@sync/locales/de';
import { catalogueOf, DEFAULT_LOCALE, isLocale, loadCatalogue, localeOfCountry, setLocaleSource, texts, type Locale } from '@sync/texts';
import { requestHeader } from './request-header.js';

/**
 * The API speaks the catalogue of sync/ too (docs/decisions/0045): error messages in the language of the request,
 * mails in their recipient's. The server compiles the texts at run time (its bundle size matters to no one), and
 * each request runs in a scope that `t()` reads its language from.
 */
catalogueOf('en').setMessagesCompiler(compileMessage);
loadCatalogue('de', de, texts).setMessagesCompiler(compileMessage);

const scope = new AsyncLocalStorage<Locale>();
setLocaleSource(() => scope.getStore() ?? DEFAULT_LOCALE);

/** The web app names its language in Accept-Language; other clients get the language of the brand's country. */
export function requestLocale(acceptLanguage: string | undefined, brandCountry: string | undefined): Locale {
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0];
  return isLocale(first) ? first : localeOfCountry(brandCountry);
}

/** Runs `work` with `t()` speaking `locale`: a mail to a member sent outside that member's request. */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return scope.run(locale, work);
}

export const languageScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Health answers before a brand is known: English.
  const country = (c.get('brand') as AppEnv['Variables']['brand'] | undefined)?.defaultCountry;
  await scope.run(requestLocale(requestHeader(c, 'accept-language'), country), next);
};
