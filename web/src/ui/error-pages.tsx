import { Link, useLocation } from '@tanstack/react-router';
import { t } from '@sync/texts';

/** docs/product.md#screens-and-routes: 'OOPS! 404 / PAGE NOT FOUND' with a button home. */
export function NotFoundPage({ data }: { data?: unknown }) {
  const { pathname } = useLocation();
  const given = (data as { message?: unknown } | undefined)?.message;
  const message = typeof given === 'string' ? given : t('error.page-not-found', { path: pathname });
  const [oops, rest] = t('error.not-found-title').split(' / ');
  return (
    <section className="panel error-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="error-page__title">
        <span className="error-page__oops">{oops}</span>
        {/* Kept in the text so the heading reads exactly as docs/product.md words it. */}
        <span className="visually-hidden"> / </span>
        {rest && <span className="error-page__code">{rest}</span>}
      </h1>
      <p className="muted">{message}</p>
      <Link to="/" className="button button--primary">
        {t('shell.go-home')}
      </Link>
    </section>
  );
}

/** Any other error: its message and a link to the main page. */
export function ErrorPage({ error }: { error?: unknown }) {
  const message = error instanceof Error ? error.message : t('error.generic');
  return (
    <section className="panel error-page" role="alert" aria-labelledby="error-title">
      <h1 id="error-title" className="page-title">
        {t('shell.error-title')}
      </h1>
      <p>{message || t('error.generic')}</p>
      <a href="/" className="button button--primary">
        {t('shell.go-home')}
      </a>
    </section>
  );
}
