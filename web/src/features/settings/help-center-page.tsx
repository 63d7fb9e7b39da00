import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Accordion } from '@web/ui/accordion';
import { HELP_GROUPS, searchHelp } from './help-center-articles';
import '@web/ui/forms/forms.css';
import './settings.css';

/** /settings/help-center: searchable, grouped answers, and the way to support when they are not enough. */
export function HelpCenterPage() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Typing stays smooth while the list filters a beat behind.
  const deferred = useDeferredValue(query);
  const groups = useMemo(() => searchHelp(deferred), [deferred]);
  const count = groups.reduce((sum, group) => sum + group.articles.length, 0);
  const searching = deferred.trim().length > 0;

  return (
    <div className="help-center">
      <div className="help-center__main">
        <header className="help-center__intro panel">
          <h2 className="help-center__title">How can we help?</h2>
          <form role="search" className="help-center__search" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={searchId} className="visually-hidden">
              Search help articles
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
              placeholder="Search, e.g. password, credits, photo"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </form>
          <p className="muted help-center__count" role="status">
            {searching ? (count === 0 ? 'No articles found.' : `${count} ${count === 1 ? 'article' : 'articles'} found.`) : ''}
          </p>
          {!searching && (
            <nav aria-label="Help topics" className="help-center__topics">
              <ul>
                {HELP_GROUPS.map((group) => (
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
              Nothing matches “{deferred.trim()}”. Try another word, or{' '}
              <button type="button" className="text-link" onClick={() => setQuery('')}>
                show all articles
              </button>
              .
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
        <h3 id="help-contact-title">Still need help?</h3>
        <p className="muted">Our support team answers within 24 hours.</p>
        <Link to="/contact-us" className="button button--primary">
          Contact support
        </Link>
      </aside>
    </div>
  );
}
