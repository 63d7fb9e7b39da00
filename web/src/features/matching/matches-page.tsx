import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { formatTimeAgo } from '@web/lib/format';
import { userStore } from '@web/lib/user-store';
import { ProfileCard, ProfileCardSkeletons } from '@web/ui/profile-card/profile-card';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { toast } from '@web/ui/toast';
import { fetchDislikes, fetchMatches, undoSwipe, type DislikedCard, type MatchCard } from './matching-api';
import { SwipeDeck } from './swipe-deck';
import '@web/ui/profile-card/profile-card.css';
import './matching.css';

addTexts(enMember);

const MATCHING_KEY = ['matching'] as const;

type Load<T> = { status: 'loading' } | { status: 'ready'; items: T[]; total: number } | { status: 'error' };

/** One list of the page, read on each visit; a failed read again shows the error in place of the list, as before. */
function useList<T>(key: readonly unknown[], load: () => Promise<{ data: T[]; total: number }>): Load<T> {
  const list = useQuery({ queryKey: [...MATCHING_KEY, ...key], queryFn: load, staleTime: 0, gcTime: 0, retry: false });
  if (list.isError) return { status: 'error' };
  return list.data ? { status: 'ready', items: list.data.data, total: list.data.total } : { status: 'loading' };
}

const since = (iso: string) => formatTimeAgo(iso);

/** /matches: the swipe deck, the matches list, and the profiles passed on (any of which can be undone). */
export function MatchesPage() {
  const navigate = useNavigate();
  const measurement = useMeasurement();
  const queryClient = useQueryClient();
  const matches = useList<MatchCard>(['matches'], () => fetchMatches(1, 48));
  const passed = useList<DislikedCard>(['passed'], () => fetchDislikes(1, 12));

  // A swipe or an undo changes both lists: read them again.
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: MATCHING_KEY }), [queryClient]);

  const undoPass = async (profile: DislikedCard) => {
    try {
      const answer = await undoSwipe(profile._id);
      if (typeof answer.likes === 'number') userStore.update({ likes: answer.likes });
      toast.success(t('member.matching.back-in-deck', { username: profile.username }));
      refresh();
    } catch {
      toast.error(t('error.generic'));
    }
  };

  return (
    <div className="matches-page">
      <h1 className="page-title">{t('member.matching.matches')}</h1>
      <div className="matches-layout">
        <SwipeDeck onChange={refresh} />

        <div className="stack">
          <section aria-labelledby="matches-title" className="matches-section">
            <h2 id="matches-title">
              {matches.status === 'ready' && matches.total > 0 ? t('member.matching.your-matches-count', { count: matches.total }) : t('member.matching.your-matches')}
            </h2>
            {matches.status === 'loading' && (
              <ul className="profile-grid profile-grid--compact">
                <ProfileCardSkeletons count={4} />
              </ul>
            )}
            {matches.status === 'error' && (
              <p className="list-state list-state--error" role="alert">
                {t('profile-filtering-failed')}
              </p>
            )}
            {matches.status === 'ready' && matches.items.length === 0 && (
              <div className="list-state">
                <p className="list-state__title">{t('member.matching.no-matches')}</p>
                <p>{t('member.matching.no-matches-text')}</p>
              </div>
            )}
            {matches.status === 'ready' && matches.items.length > 0 && (
              <ul className="profile-grid profile-grid--compact">
                {matches.items.map((profile) => (
                  <li key={profile._id}>
                    <ProfileCard
                      profile={profile}
                      measurement={measurement}
                      note={t('member.matching.matched', { when: since(profile.matchDate) })}
                      actions={
                        <button
                          type="button"
                          className="button button--primary"
                          onClick={() =>
                            void navigate({
                              to: '/messages/chat/$conversationId',
                              params: { conversationId: profile.conversationId ?? 'blank' },
                              state: (previous) => ({ ...previous, ...{ profileId: profile._id } }),
                            })
                          }
                        >
                          {t('member.matching.send-message')}
                        </button>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          {passed.status === 'ready' && passed.items.length > 0 && (
            <section aria-labelledby="passed-title" className="matches-section">
              <h2 id="passed-title">{t('member.matching.passed')}</h2>
              <ul className="passed-list">
                {passed.items.map((profile) => (
                  <li key={profile._id}>
                    <span>
                      <strong>{profile.username}</strong>, {profile.age} <span className="muted">· {since(profile.swipeDate)}</span>
                    </span>
                    <button type="button" className="button button--ghost" onClick={() => void undoPass(profile)} aria-label={t('member.matching.undo-pass', { username: profile.username })}>
                      {t('member.matching.undo')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
