import { notFound } from '@tanstack/react-router';
import { t } from '@sync/texts';

/** docs/product.md#screens-and-routes: a page's validity check failing raises 404 'Page Not Found: {path}'. */
export function assertValidRoute(valid: boolean, pathname: string): void {
  if (!valid) throw notFound({ data: { message: t('error.page-invalid', { path: pathname }) } });
}

/** An optional {page} segment: absent, or a positive whole number. */
export function isPageParam(page: string | undefined): boolean {
  return page === undefined || /^[1-9]\d{0,5}$/.test(page);
}

/** A single-segment id: non-empty, no slashes (the router guarantees the segment). */
export function isIdParam(id: string | undefined): boolean {
  return !!id && /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
