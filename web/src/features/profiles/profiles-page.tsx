import * as Dialog from '@radix-ui/react-dialog';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { sortOptions, type SortOption } from '@sync/contract/entities';
import { addTexts, t } from '@sync/texts';
import { formatLocale } from '@web/lib/i18n';
import { enMember } from '@sync/locales/en-member';
import { ProfileCard, ProfileCardSkeletons } from '@web/ui/profile-card/profile-card';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { FiltersForm } from './filters-form';
import { readMirroredProfiles } from './profile-mirror';
import { profilesList, useProfilesList, type ProfilesList } from './profiles-list';
import { activeFilterCount, EMPTY_FILTERS, PER_PAGE_OPTIONS, SORT_LABELS, type ProfileFilters } from './profiles-query';
import { useProfilesArea } from './use-profiles-area';
import { DESKTOP_QUERY, useMediaQuery } from '@web/ui/use-media-query';
import { useProgressiveCount } from '@web/ui/use-progressive-count';
import './profiles.css';

addTexts(enMember);

const SEARCH_DEBOUNCE_MS = 500;

/** /profiles: search, filters, sort, per-page choice and "Load more", read through the Dexie mirror. */
export function ProfilesPage({ list = profilesList }: { list?: ProfilesList }) {
  useProfilesArea(list);
  const { state, loadMore, retry } = useProfilesList(list);
  const measurement = useMeasurement();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const rows = useLiveQuery(() => readMirroredProfiles(state.ids), [state.ids]);
  const filterCount = activeFilterCount(state.query.filters);

  useEffect(() => list.arm(), [list]);

  // Coming back from a profile: put the member where they were, once the kept rows are drawn (all of them at once).
  const [restoring] = useState(() => list.view.get().scrollY > 0);
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || rows === undefined) return;
    restored.current = true;
    const y = list.view.get().scrollY;
    if (y > 0 && rows.length > 0) {
      window.scrollTo(0, y);
      // The router restores scroll after render too; ours must win.
      requestAnimationFrame(() => window.scrollTo(0, y));
    }
  }, [rows, list]);

  const applyFilters = (filters: ProfileFilters) => {
    setSheetOpen(false);
    list.setQuery({ filters });
  };

  const filtersForm = (prefix: string) => (
    <FiltersForm key={JSON.stringify(state.query.filters)} initial={state.query.filters} measurement={measurement} onApply={applyFilters} idPrefix={prefix} />
  );

  const firstLoad = state.status === 'loading';
  const visible = firstLoad ? [] : (rows ?? []);
  const drawn = useProgressiveCount(visible.length, { all: restoring });
  const showEmpty = state.status === 'ready' && state.ids.length === 0;
  const showError = state.status === 'error';

  return (
    <div className="profiles-page">
      <header className="profiles-page__header">
        <h1 className="page-title">{t('member.profiles.search')}</h1>
        <SearchBox list={list} value={state.query.search} />
      </header>

      <div className="profiles-layout">
        {desktop && (
          <aside className="filters-sidebar panel" aria-labelledby="filters-sidebar-title">
            <h2 id="filters-sidebar-title" className="filters-sidebar__title">
              {t('member.profiles.filters')}
            </h2>
            {filtersForm('sidebar')}
          </aside>
        )}

        <section className="profiles-results" aria-labelledby="profiles-results-title">
          <div className="profiles-toolbar">
            <h2 id="profiles-results-title" className="profiles-toolbar__count" aria-live="polite">
              {firstLoad ? t('member.profiles.loading-profiles') : t('member.profiles.count', { total: state.total.toLocaleString(formatLocale()), count: state.total })}
            </h2>
            <div className="profiles-toolbar__controls">
              {!desktop && (
                <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
                  <Dialog.Trigger className="button button--ghost profiles-toolbar__filters">
                    {filterCount > 0 ? t('member.profiles.filters-count', { count: filterCount }) : t('member.profiles.filters')}
                  </Dialog.Trigger>
                  <Dialog.Portal>
                    <Dialog.Overlay className="popup-overlay" />
                    <Dialog.Content className="filters-sheet" aria-describedby={undefined}>
                      <div className="filters-sheet__header">
                        <Dialog.Title className="filters-sheet__title">{t('member.profiles.filters')}</Dialog.Title>
                        <Dialog.Close className="icon-button" aria-label={t('member.profiles.close-filters')}>
                          <span aria-hidden="true">×</span>
                        </Dialog.Close>
                      </div>
                      {filtersForm('sheet')}
                    </Dialog.Content>
                  </Dialog.Portal>
                </Dialog.Root>
              )}
              <label className="toolbar-select">
                <span>{t('member.profiles.sort-by')}</span>
                <select className="form-input" value={state.query.sortBy} onChange={(event) => list.setQuery({ sortBy: event.target.value as SortOption })}>
                  {sortOptions.map((option) => (
                    <option key={option} value={option}>
                      {t(SORT_LABELS[option])}
                    </option>
                  ))}
                </select>
              </label>
              <label className="toolbar-select">
                <span>{t('member.profiles.per-page')}</span>
                <select className="form-input" value={state.query.limit} onChange={(event) => list.setQuery({ limit: Number(event.target.value) })}>
                  {PER_PAGE_OPTIONS.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>

          {showError && (
            <div className="list-state list-state--error" role="alert">
              <p className="list-state__title">{state.error}</p>
              {state.offline && <p>{t('member.profiles.last-visit')}</p>}
              <button type="button" className="button button--primary" onClick={retry}>
                {t('member.profiles.try-again')}
              </button>
            </div>
          )}

          {showEmpty && (
            <div className="list-state">
              <p className="list-state__title">{t('member.profiles.no-match')}</p>
              <p>{filterCount > 0 || state.query.search ? t('member.profiles.fewer-filters') : t('member.profiles.check-back')}</p>
              {(filterCount > 0 || state.query.search) && (
                <button type="button" className="button button--primary" onClick={() => list.setQuery({ filters: EMPTY_FILTERS, search: '' })}>
                  {t('member.profiles.clear-filters-search')}
                </button>
              )}
            </div>
          )}

          <ul className="profile-grid" aria-busy={firstLoad}>
            {visible.slice(0, drawn).map((profile, index) => (
              <li key={profile._id}>
                <ProfileCard profile={profile} measurement={measurement} eager={index < 4} />
              </li>
            ))}
            {(firstLoad || state.status === 'loading-more') && <ProfileCardSkeletons count={Math.min(state.query.limit, firstLoad ? 8 : 4)} />}
          </ul>

          {/* Only under every card: shown while the cards are still read from the local mirror or drawn in batches,
              it sat where the next row lands and was pushed down (the page's layout shift). */}
          {visible.length > 0 && drawn === visible.length && (
            <div className="load-more">
              <p className="muted">
                {t('member.profiles.showing', { shown: Math.min(visible.length, state.total).toLocaleString(formatLocale()), total: state.total.toLocaleString(formatLocale()) })}
              </p>
              {state.canLoadMore && (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={loadMore}
                  disabled={state.status === 'loading-more'}
                  aria-busy={state.status === 'loading-more'}
                >
                  {state.status === 'loading-more' ? t('member.profiles.loading') : t('member.profiles.load-more')}
                </button>
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function SearchBox({ list, value }: { list: ProfilesList; value: string }) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    setText(value);
    last.current = value;
  }, [value]);

  const submit = (next: string) => {
    if (next.trim() === last.current.trim()) return;
    last.current = next;
    list.setQuery({ search: next.trim() });
  };

  useEffect(() => {
    const timer = setTimeout(() => submit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- submit reads the latest text through its argument
  }, [text]);

  return (
    <form
      role="search"
      className="profiles-search"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(text);
      }}
    >
      <label htmlFor="profiles-search-input" className="visually-hidden">
        {t('member.profiles.search-by-name-label')}
      </label>
      <input
        id="profiles-search-input"
        className="form-input"
        type="search"
        placeholder={t('member.profiles.search-by-name')}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--primary">
        {t('member.profiles.search')}
      </button>
    </form>
  );
}
