import type { Context, MiddlewareHandler } from 'hono';
import { isStorableText } from '@sync/contract/text';
import { isUuid } from '@sync/rules/ids';
import { t } from '@sync/texts';
import { ApiError } from './errors.js';

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

/**
 * The path's id parameter, or 404 before any query: a value that is not an id names no row, and PostgreSQL would
 * refuse it as a uuid (a 500) instead of finding nothing.
 */
export function idParam(c: Context, name: string): string {
  const value = c.req.param(name) as string | undefined;
  if (!isUuid(value)) throw notFound();
  return value;
}

/**
 * docs/api.md#text-input: query values and path parameters the database cannot store (a `%00`) are refused at
 * the edge, for every route, including those that read a value by hand (tokens, domains, search words): a path
 * with one names nothing (404), a query value with one is the client's mistake (400, as the query schemas answer).
 * Lone surrogates cannot arrive this way: they are not valid UTF-8, so their escapes are never decoded.
 */
export const refuseUnstorableUrl: MiddlewareHandler = async (c, next) => {
  // Only a `%00` escape decodes to NUL (Node's HTTP parser refuses a raw one): a URL without one is let through
  // without splitting its query, which every GET would otherwise pay for.
  if (!c.req.url.includes('%00')) return next();
  if (!isStorableText(c.req.path)) throw notFound();
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!isStorableText(name) || values.some((value) => !isStorableText(value))) {
      // Named in the message as the profile list names its parameters: no form field shows a query's error.
      const field = isStorableText(name) ? name : '_';
      const message = t('validation.special-characters');
      throw new ApiError(400, 'invalid-query', `${field}: ${message}`, { fields: { [field]: message } });
    }
  }
  await next();
};

/** idParam as a middleware: a path naming no row answers 404 before its body is validated. */
export function idParams(...names: string[]): MiddlewareHandler {
  return async (c, next) => {
    for (const name of names) idParam(c, name);
    await next();
  };
}
