import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { formatHeight } from '@sync/rules/height';
import { ApiError } from '@web/lib/http';
import { userStore, useUser } from '@web/lib/user-store';
import { LazyImage } from '@web/ui/profile-card/lazy-image';
import { coverImage, imageUrl, placeOf, type ProfileCardData } from '@web/ui/profile-card/profile-data';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { openPopup, popups } from '@web/ui/popups/popup-queue';
import { toast } from '@web/ui/toast';
import { MatchMoment } from './match-moment';
import { fetchLikes, fetchNextProfile, swipe, undoSwipe, type SwipeAction } from './matching-api';
import { useDrag } from './use-drag';
import { useLatest } from '@web/lib/use-latest';

addTexts(enMember);

/** The like feature's name in the no-subscription popup (the API's 402 says 'like' too). */
export const LIKE_FEATURE = 'like';

type DeckState =
  | { status: 'loading' }
  | { status: 'ready'; profile: ProfileCardData }
  | { status: 'empty' }
  | { status: 'error' };

interface Swiped {
  profile: ProfileCardData;
  actionType: SwipeAction;
}

export interface MatchShown {
  profile: ProfileCardData;
  conversationId: string | null;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The swipe deck (docs/product.md#profiles-and-matching): the next profile, like / dislike by button, arrow keys or drag, undo of
 * this visit's swipes, and the full-screen match moment. A like with no likes left opens the
 * no-subscription popup (docs/product.md#validation) without calling the API.
 */
export function SwipeDeck({ onMatch, onChange }: { onMatch?: (match: MatchShown) => void; onChange?: () => void }) {
  const { user } = useUser();
  const likes = typeof user?.likes === 'number' ? user.likes : 0;
  const navigate = useNavigate();
  const measurement = useMeasurement();
  const [deck, setDeck] = useState<DeckState>({ status: 'loading' });
  const [history, setHistory] = useState<Swiped[]>([]);
  const [busy, setBusy] = useState(false);
  const [match, setMatch] = useState<MatchShown | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const loadNext = useCallback(async () => {
    setDeck({ status: 'loading' });
    try {
      const next = await fetchNextProfile();
      setDeck(next ? { status: 'ready', profile: next } : { status: 'empty' });
    } catch {
      setDeck({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    void loadNext();
    // The likes left after the day's refill; the user record may be older.
    fetchLikes()
      .then((status) => typeof status?.likes === 'number' && userStore.update({ likes: status.likes }))
      .catch(() => undefined);
  }, [loadNext]);

  const refuseLike = (profile: ProfileCardData) =>
    openPopup('no-subscription', { profile: { _id: profile._id, username: profile.username }, feature: LIKE_FEATURE });

  const act = useCallback(
    async (actionType: SwipeAction) => {
      if (deck.status !== 'ready' || busy) return;
      const { profile } = deck;
      if (actionType === 'like' && likes <= 0) {
        refuseLike(profile);
        return;
      }
      setBusy(true);
      setMatch(null);
      try {
        const answer = await swipe(profile._id, actionType);
        if (typeof answer.likes === 'number') userStore.update({ likes: answer.likes });
        setHistory((previous) => [...previous, { profile, actionType }]);
        setAnnouncement(t(actionType === 'like' ? 'member.matching.you-liked' : 'member.matching.you-passed', { username: profile.username }));
        if (answer.match) {
          const shown = { profile, conversationId: answer.conversationId };
          setMatch(shown);
          onMatch?.(shown);
        }
        onChange?.();
        await loadNext();
      } catch (error) {
        if (error instanceof ApiError && error.status === 402) {
          userStore.update({ likes: 0 });
          refuseLike(profile);
        } else if (error instanceof ApiError && error.status === 409) {
          await loadNext();
        } else {
          toast.error(t('error.generic'));
        }
      } finally {
        setBusy(false);
      }
    },
    [deck, busy, likes, loadNext, onMatch, onChange],
  );

  const undo = useCallback(async () => {
    const last = history.at(-1);
    if (!last || busy) return;
    setBusy(true);
    try {
      const answer = await undoSwipe(last.profile._id);
      if (typeof answer.likes === 'number') userStore.update({ likes: answer.likes });
      setHistory((previous) => previous.slice(0, -1));
      setMatch(null);
      setDeck({ status: 'ready', profile: last.profile });
      setAnnouncement(t('member.matching.is-back', { username: last.profile.username }));
      onChange?.();
    } catch {
      toast.error(t('error.generic'));
    } finally {
      setBusy(false);
    }
  }, [history, busy, onChange]);

  // One window listener for the deck's life, calling the last render's handler: a listener re-added in an effect can
  // still be the previous card's when a key comes right after the next card shows (effects may run a frame late).
  const onKey = useLatest((event: KeyboardEvent) => {
    if (event.defaultPrevented || isTyping(event.target) || popups.getState().active || match) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      void act('like');
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      void act('dislike');
    } else if (event.key === 'Backspace' || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z')) {
      event.preventDefault();
      void undo();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onKey]);

  const drag = useDrag((direction) => void act(direction === 'right' ? 'like' : 'dislike'), deck.status !== 'ready' || busy);

  return (
    <section className="swipe-deck" aria-labelledby="swipe-deck-title">
      <div className="swipe-deck__header">
        <h2 id="swipe-deck-title">{t('member.matching.discover')}</h2>
        <p className="swipe-deck__likes" aria-live="polite">
          <span aria-hidden="true">♥</span> {t('member.matching.likes-left', { count: likes })}
        </p>
      </div>

      {match && (
        <MatchMoment
          profile={match.profile}
          onKeepSwiping={() => setMatch(null)}
          onSendMessage={() =>
            void navigate({
              to: '/messages/chat/$conversationId',
              params: { conversationId: match.conversationId ?? 'blank' },
              state: (previous) => ({ ...previous, ...{ profileId: match.profile._id } }),
            })
          }
        />
      )}

      <div className="swipe-deck__stage">
        {deck.status === 'loading' && <div className="swipe-card swipe-card--skeleton skeleton" aria-label={t('member.matching.loading-next')} role="img" />}
        {deck.status === 'empty' && (
          <div className="list-state">
            <p className="list-state__title">{t('member.matching.seen-everyone')}</p>
            <p>{t('member.matching.seen-everyone-text')}</p>
            <Link to="/profiles" className="button button--primary">
              {t('member.matching.browse-profiles')}
            </Link>
          </div>
        )}
        {deck.status === 'error' && (
          <div className="list-state list-state--error" role="alert">
            <p className="list-state__title">{t('profile-loading-failed')}</p>
            <button type="button" className="button button--primary" onClick={() => void loadNext()}>
              {t('member.matching.try-again')}
            </button>
          </div>
        )}
        {deck.status === 'ready' && (
          <article
            className={`swipe-card${drag.dragging ? ' is-dragging' : ''}`}
            aria-labelledby="swipe-card-name"
            style={{ transform: `translateX(${drag.dx}px) rotate(${drag.dx / 18}deg)` }}
            {...drag.handlers}
          >
            <LazyImage src={imageUrl(coverImage(deck.profile), 'large')} alt={t('member.matching.photo-of', { username: deck.profile.username })} eager draggable={false} className="swipe-card__photo" />
            <span className="swipe-card__stamp swipe-card__stamp--like" style={{ opacity: Math.max(0, Math.min(1, drag.dx / 110)) }} aria-hidden="true">
              {t('member.matching.like-stamp')}
            </span>
            <span className="swipe-card__stamp swipe-card__stamp--nope" style={{ opacity: Math.max(0, Math.min(1, -drag.dx / 110)) }} aria-hidden="true">
              {t('member.matching.nope-stamp')}
            </span>
            <div className="swipe-card__info">
              <h3 id="swipe-card-name">
                <span className={`online-dot${deck.profile.isOnline ? ' is-online' : ''}`} aria-hidden="true" />
                {deck.profile.username}, {deck.profile.age}
              </h3>
              <p>{[placeOf(deck.profile), deck.profile.height ? formatHeight(deck.profile.height, measurement) : ''].filter(Boolean).join(' · ')}</p>
              <Link to="/profile/$id" params={{ id: deck.profile._id }} className="swipe-card__more">
                {t('member.matching.view-profile')}
              </Link>
            </div>
          </article>
        )}
      </div>

      <div className="swipe-deck__actions" role="group" aria-label={t('member.matching.swipe')}>
        <button type="button" className="swipe-action swipe-action--undo" onClick={() => void undo()} disabled={history.length === 0 || busy} aria-label={t('member.matching.undo-last')} title={t('member.matching.undo-title')}>
          <span aria-hidden="true">{'↺'}</span>
        </button>
        <button type="button" className="swipe-action swipe-action--dislike" onClick={() => void act('dislike')} disabled={deck.status !== 'ready' || busy} aria-label={t('member.matching.dislike')} title={t('member.matching.dislike-title')}>
          <span aria-hidden="true">{'✕'}</span>
        </button>
        <button type="button" className="swipe-action swipe-action--like" onClick={() => void act('like')} disabled={deck.status !== 'ready' || busy} aria-label={t('member.matching.like')} title={t('member.matching.like-title')}>
          <span aria-hidden="true">♥</span>
        </button>
      </div>
      <p className="swipe-deck__hint muted">{t('member.matching.hint')}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
