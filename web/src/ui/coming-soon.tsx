import { t } from '@sync/texts';

/** A tidy placeholder for screens that later issues build; the route, layout and guard are real. */
export function ComingSoon({ title, brand = 'Amora' }: { title: string; brand?: string }) {
  return (
    <section className="panel coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="page-title">
        {title}
      </h1>
      <p className="coming-soon__badge">{t('shell.coming-soon')}</p>
      <p className="muted">{t('shell.coming-soon-body', { brand })}</p>
    </section>
  );
}
