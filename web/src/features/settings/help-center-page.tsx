import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enSettings } from '@sync/locales/en-settings';
import { Accordion } from '@web/ui/accordion';
import { RichText } from '@web/ui/rich-text';
import { helpGroups, searchHelp } from './help-center-articles';
import '@web/ui/forms/forms.css';
import './settings.css';

addTexts(enSettings);

/** /settings/help-center: searchable, grouped answers, and the way to support when they are not enough. */
export function HelpCenterPage() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Typing stays smooth while the list filters a beat behind.
  const deferred = useDeferredValue(query);
  // The articles in the language shown (the screens are drawn again when it changes), searched in it.
  const all = useMemo(() => helpGroups(), []);
  const groups = useMemo(() => searchHelp(deferred, all), [deferred, all]);
  const count = groups.reduce((sum, group) => sum + group.articles.length, 0);
  const searching = deferred.trim().length > 0;

  return (
    <div className="help-center">
      <div className="help-center__main">
        <header className="help-center__intro panel">
          <h2 className="help-center__title">{t('settings.help-title')}</h2>
          <form role="search" className="help-center__search" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={searchId} className="visually-hidden">
              {t('settings.help-search')}
            </label>
            <svg
              className="help-center__search-icon"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <input
              id={searchId}
              type="search"
              className="form-input help-center__search-input"
              placeholder={t('settings.help-search-placeholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </form>
          <p className="muted help-center__count" role="status">
            {searching ? (count === 0 ? t('settings.help-none-found') : t('settings.help-found', { count })) : ''}
          </p>
          {!searching && (
            <nav aria-label={t('settings.help-topics')} className="help-center__topics">
              <ul>
                {all.map((group) => (
                  <li key={group.id}>
                    <a href={`#help-${group.id}`} className="help-center__topic">
                      {group.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </header>

        {count === 0 && (
          <div className="panel help-center__empty">
            <p>
              <RichText
                id="settings.help-no-match"
                values={{ query: deferred.trim() }}
                components={{ 0: <button type="button" className="text-link" onClick={() => setQuery('')} /> }}
              />
            </p>
          </div>
        )}

        {groups.map((group) => (
          <section key={group.id} id={`help-${group.id}`} className="help-center__group" aria-labelledby={`help-${group.id}-title`}>
            <h3 id={`help-${group.id}-title`} className="help-center__group-title">
              {group.title}
            </h3>
            <Accordion
              headingLevel={4}
              items={group.articles.map((article) => ({
                id: article.id,
                title: article.question,
                body: (
                  <div className="help-center__answer">
                    {article.answer.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                ),
              }))}
            />
          </section>
        ))}
      </div>

      <aside className="help-center__contact panel" aria-labelledby="help-contact-title">
        <h3 id="help-contact-title">{t('settings.help-still')}</h3>
        <p className="muted">{t('settings.help-answer-time')}</p>
        <Link to="/contact-us" className="button button--primary">
          {t('settings.help-contact')}
        </Link>
      </aside>
    </div>
  );
}
