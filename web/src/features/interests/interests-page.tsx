import { Link } from '@tanstack/react-router';
import { formatDistanceToNowStrict } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import { t } from '@sync/texts';
import { useUser } from '@web/lib/user-store';
import { ProfileCard, ProfileCardSkeletons } from '@web/ui/profile-card/profile-card';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { RouteTabs } from '@web/ui/route-tabs';
import { toast } from '@web/ui/toast';
import { fetchInterests, INTERESTS_PAGE_SIZE, removeFavourite, type InterestCard, type InterestList } from './interests-api';
import '@web/ui/profile-card/profile-card.css';
import './interests.css';

interface ListCopy {
  title: string;
  note: (date: string, count?: number) => string;
  emptyTitle: string;
  emptyBody: string;
}

const ago = (iso: string) => formatDistanceToNowStrict(new Date(iso), { addSuffix: true });

const COPY: Record<InterestList, ListCopy> = {
  favorites: {
    title: 'Favorites',
    note: (date) => `Added ${ago(date)}`,
    emptyTitle: 'No favorites yet',
    emptyBody: 'Open a profile and press "Add to favorites" to keep it here.',
  },
  'favorited-me': {
    title: 'Favorited me',
    note: (date) => `Favorited you ${ago(date)}`,
    emptyTitle: 'Nobody has favorited you yet',
    emptyBody: 'A complete profile with a photo gets noticed: finish yours in My account.',
  },
  proposals: {
    title: 'Proposals',
    note: (date) => `Suggested ${ago(date)}`,
    emptyTitle: 'No proposals right now',
    emptyBody: 'We suggest profiles as you browse and swipe. Try Discover in Matches.',
  },
  viewed: {
    title: 'Viewed',
    note: (date) => `You viewed ${ago(date)}`,
    emptyTitle: 'You have not viewed any profiles yet',
    emptyBody: 'Profiles you open appear here, so you can find them again.',
  },
  'viewed-me': {
    title: 'Viewed me',
    note: (date, count) => `Viewed you ${ago(date)}${count && count > 1 ? ` · ${count} times` : ''}`,
    emptyTitle: 'No visitors yet',
    emptyBody: 'Add photos and interests to your profile to get more visitors.',
  },
};

const GROUPS: Record<'favorites' | 'viewed', { list: InterestList; label: string }[]> = {
  favorites: [
    { list: 'favorites', label: 'My favorites' },
    { list: 'favorited-me', label: 'Favorited me' },
    { list: 'proposals', label: 'Proposals' },
  ],
  viewed: [
    { list: 'viewed', label: 'I viewed' },
    { list: 'viewed-me', label: 'Viewed me' },
  ],
};

type Load = { status: 'loading' } | { status: 'ready'; items: InterestCard[]; total: number } | { status: 'error' };

export interface InterestsPageProps {
  list: InterestList;
  /** The optional {page} segment; absent means 1. */
  page?: string | undefined;
  /** /favorites shows the favourites alone, without the sub-tabs. */
  standalone?: boolean;
}

/** /interests/{list}/{page} and /favorites: one interest list, paged by route. */
export function InterestsPage({ list, page: pageParam, standalone = false }: InterestsPageProps) {
  const page = Math.max(1, Number(pageParam ?? 1) || 1);
  const copy = COPY[list];
  const measurement = useMeasurement();
  const { user } = useUser();
  const [state, setState] = useState<Load>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    fetchInterests(list, page)
      .then((answer) => setState({ status: 'ready', items: answer.data, total: answer.total }))
      .catch(() => setState({ status: 'error' }));
  }, [list, page]);
  useEffect(() => load(), [load]);

  const remove = async (profile: InterestCard) => {
    if (!user) return;
    try {
      await removeFavourite(user._id, profile._id);
      toast.success(t('favorite.removed', { username: profile.username }));
      load();
    } catch {
      toast.error(t('error.generic'));
    }
  };

  const group = list === 'viewed' || list === 'viewed-me' ? 'viewed' : 'favorites';
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / INTERESTS_PAGE_SIZE)) : 1;
  const pathFor = (n: number) => `/interests/${list}${n > 1 ? `/${n}` : ''}`;

  return (
    <section className="interests-page" aria-labelledby="interests-title">
      <h1 id="interests-title" className={standalone ? 'page-title' : 'visually-hidden'}>
        {copy.title}
      </h1>
      {!standalone && <RouteTabs label={group === 'viewed' ? 'Views' : 'Favorites'} tabs={GROUPS[group].map((item) => ({ to: `/interests/${item.list}`, label: item.label }))} />}

      {state.status === 'ready' && state.total > 0 && (
        <p className="muted interests-page__count" aria-live="polite">
          {state.total} {state.total === 1 ? 'profile' : 'profiles'}
          {pages > 1 ? ` · page ${page} of ${pages}` : ''}
        </p>
      )}

      {state.status === 'error' && (
        <div className="list-state list-state--error" role="alert">
          <p className="list-state__title">{t('profile-filtering-failed')}</p>
          <button type="button" className="button button--primary" onClick={load}>
            Try again
          </button>
        </div>
      )}

      {state.status === 'ready' && state.items.length === 0 && (
        <div className="list-state">
          <p className="list-state__title">{page > 1 ? 'This page is empty' : copy.emptyTitle}</p>
          <p>{page > 1 ? 'The list is shorter now.' : copy.emptyBody}</p>
          <Link to={page > 1 ? (pathFor(1) as '/') : '/profiles'} className="button button--primary">
            {page > 1 ? 'Go to the first page' : 'Browse profiles'}
          </Link>
        </div>
      )}

      <ul className="profile-grid" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <ProfileCardSkeletons count={8} />}
        {state.status === 'ready' &&
          state.items.map((profile, index) => (
            <li key={profile._id}>
              <ProfileCard
                profile={profile}
                measurement={measurement}
                eager={index < 4}
                note={profile.listDate ? copy.note(profile.listDate, profile.viewCount) : undefined}
                actions={
                  list === 'favorites' ? (
                    <button type="button" className="button button--ghost" onClick={() => void remove(profile)} aria-label={`Remove ${profile.username} from favorites`}>
                      Remove
                    </button>
                  ) : undefined
                }
              />
            </li>
          ))}
      </ul>

      {pages > 1 && (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? (
            <Link to={pathFor(page - 1) as '/'} className="button button--ghost" rel="prev">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pathFor(page + 1) as '/'} className="button button--ghost" rel="next">
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
