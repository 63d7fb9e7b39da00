import type { ReactNode } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMarketing } from '@sync/locales/en-marketing';
import './marketing.css';
import './content.css';

// The content pages' texts come with this module, in the pages' chunks, never the landing page's (docs/decisions/0045).
addTexts(enMarketing);

export interface ContentSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface ContentPageProps {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  updated?: string;
  /** Long documents get a table of contents beside them on desktop. */
  toc?: boolean;
  sections: readonly ContentSection[];
  children?: ReactNode;
}

/** The shape of every static content page: heading, optional contents list, sections in a card. */
export function ContentPage({ eyebrow, title, lead, updated, toc = false, sections, children }: ContentPageProps) {
  return (
    <article className="mk-page" aria-labelledby="content-title">
      <header className="mk-page__head">
        <span className="mk-page__eyebrow">{eyebrow}</span>
        <h1 id="content-title" className="mk-page__title">
          {title}
        </h1>
        {lead && <p className="mk-page__lead">{lead}</p>}
        {updated && <p className="mk-page__updated">{t('marketing.last-updated', { date: updated })}</p>}
      </header>
      <div className={`ct-layout${toc ? ' ct-layout--toc' : ' ct-narrow'}`}>
        {toc && (
          <nav className="ct-toc" aria-label={t('marketing.contents')}>
            <h2>{t('marketing.contents')}</h2>
            <ul>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ct-body">
          {children}
          {sections.map((s) => (
            <section key={s.id} aria-labelledby={s.id}>
              <h2 id={s.id}>{s.title}</h2>
              {s.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
