import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { formatTimeAgo } from '@web/lib/format';
import { useUser } from '@web/lib/user-store';
import { ProfileCard, ProfileCardSkeletons } from '@web/ui/profile-card/profile-card';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { RouteTabs } from '@web/ui/route-tabs';
import { toast } from '@web/ui/toast';
import { fetchInterests, INTERESTS_PAGE_SIZE, removeFavourite, type InterestCard, type InterestList } from './interests-api';
import '@web/ui/profile-card/profile-card.css';
import './interests.css';

addTexts(enMember);

interface ListCopy {
  title: TextKey;
  note: (date: string, count?: number) => string;
  emptyTitle: TextKey;
  emptyBody: TextKey;
}

const ago = (iso: string) => formatTimeAgo(iso);

const COPY: Record<InterestList, ListCopy> = {
  favorites: {
    title: 'member.interests.favorites',
    note: (date) => t('member.interests.added', { when: ago(date) }),
    emptyTitle: 'member.interests.no-favorites',
    emptyBody: 'member.interests.no-favorites-text',
  },
  'favorited-me': {
    title: 'member.interests.favorited-me',
    note: (date) => t('member.interests.favorited-you', { when: ago(date) }),
    emptyTitle: 'member.interests.no-favorited-me',
    emptyBody: 'member.interests.no-favorited-me-text',
  },
  proposals: {
    title: 'member.interests.proposals',
    note: (date) => t('member.interests.suggested', { when: ago(date) }),
    emptyTitle: 'member.interests.no-proposals',
    emptyBody: 'member.interests.no-proposals-text',
  },
  viewed: {
    title: 'member.interests.viewed',
    note: (date) => t('member.interests.you-viewed', { when: ago(date) }),
    emptyTitle: 'member.interests.no-viewed',
    emptyBody: 'member.interests.no-viewed-text',
  },
  'viewed-me': {
    title: 'member.interests.viewed-me',
    note: (date, count) => (count && count > 1 ? t('member.interests.viewed-you-times', { when: ago(date), count }) : t('member.interests.viewed-you', { when: ago(date) })),
    emptyTitle: 'member.interests.no-visitors',
    emptyBody: 'member.interests.no-visitors-text',
  },
};

const GROUPS: Record<'favorites' | 'viewed', { list: InterestList; label: TextKey }[]> = {
  favorites: [
    { list: 'favorites', label: 'member.interests.my-favorites' },
    { list: 'favorited-me', label: 'member.interests.favorited-me' },
    { list: 'proposals', label: 'member.interests.proposals' },
  ],
  viewed: [
    { list: 'viewed', label: 'member.interests.i-viewed' },
    { list: 'viewed-me', label: 'member.interests.viewed-me' },
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
  const queryClient = useQueryClient();
  const queryKey = ['interests', list, page] as const;
  // Read on each visit; Try again and a removal read the page anew with the list gone meanwhile, as before.
  const read = useQuery({ queryKey, queryFn: () => fetchInterests(list, page), staleTime: 0, gcTime: 0, retry: false });
  const state: Load = read.isError ? { status: 'error' } : read.data ? { status: 'ready', items: read.data.data, total: read.data.total } : { status: 'loading' };
  const load = () => void queryClient.resetQueries({ queryKey });

  const remove = useMutation({
    mutationFn: ({ userId, profile }: { userId: string; profile: InterestCard }) => removeFavourite(userId, profile._id),
    onSuccess: (_, { profile }) => {
      toast.success(t('favorite.removed', { username: profile.username }));
      load();
    },
    onError: () => toast.error(t('error.generic')),
  });

  const group = list === 'viewed' || list === 'viewed-me' ? 'viewed' : 'favorites';
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / INTERESTS_PAGE_SIZE)) : 1;
  const pathFor = (n: number) => `/interests/${list}${n > 1 ? `/${n}` : ''}`;

  return (
    <section className="interests-page" aria-labelledby="interests-title">
      <h1 id="interests-title" className={standalone ? 'page-title' : 'visually-hidden'}>
        {t(copy.title)}
      </h1>
      {!standalone && <RouteTabs label={group === 'viewed' ? t('member.interests.views') : t('member.interests.favorites')} tabs={GROUPS[group].map((item) => ({ to: `/interests/${item.list}`, label: t(item.label) }))} />}

      {state.status === 'ready' && state.total > 0 && (
        <p className="muted interests-page__count" aria-live="polite">
          {t('member.interests.count', { count: state.total })}
          {pages > 1 ? t('member.interests.page-suffix', { page, pages }) : ''}
        </p>
      )}

      {state.status === 'error' && (
        <div className="list-state list-state--error" role="alert">
          <p className="list-state__title">{t('profile-filtering-failed')}</p>
          <button type="button" className="button button--primary" onClick={load}>
            {t('member.interests.try-again')}
          </button>
        </div>
      )}

      {state.status === 'ready' && state.items.length === 0 && (
        <div className="list-state">
          <p className="list-state__title">{page > 1 ? t('member.interests.page-empty') : t(copy.emptyTitle)}</p>
          <p>{page > 1 ? t('member.interests.page-empty-text') : t(copy.emptyBody)}</p>
          <Link to={page > 1 ? (pathFor(1) as '/') : '/profiles'} className="button button--primary">
            {page > 1 ? t('member.interests.first-page') : t('member.interests.browse-profiles')}
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
                    <button type="button" className="button button--ghost" onClick={() => user && remove.mutate({ userId: user._id, profile })} aria-label={t('member.interests.remove-favorite', { username: profile.username })}>
                      {t('member.interests.remove')}
                    </button>
                  ) : undefined
                }
              />
            </li>
          ))}
      </ul>

      {pages > 1 && (
        <nav className="pager" aria-label={t('member.interests.pages')}>
          {page > 1 ? (
            <Link to={pathFor(page - 1) as '/'} className="button button--ghost" rel="prev">
              {t('member.interests.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="muted">
            {t('member.interests.page-of', { page, pages })}
          </span>
          {page < pages ? (
            <Link to={pathFor(page + 1) as '/'} className="button button--ghost" rel="next">
              {t('member.interests.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
