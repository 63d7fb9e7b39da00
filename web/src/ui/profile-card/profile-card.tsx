import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { activityLabel } from '@sync/rules/activity';
import { formatHeight, type MeasurementSystem } from '@sync/rules/height';
import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { LazyImage } from './lazy-image';
import { coverImage, imageSources, imageUrl, placeOf, type ProfileCardData } from './profile-data';
import './profile-card.css';

export interface ProfileCardProps {
  profile: ProfileCardData;
  measurement: MeasurementSystem;
  /** The first row of a list loads its photos at once. */
  eager?: boolean;
  /** Extra line under the card's facts (e.g. "Matched 2 days ago"). */
  note?: ReactNode;
  /** Actions under the card (e.g. "Send a message"). */
  actions?: ReactNode;
  onOpen?: () => void;
  now?: Date;
}

/** How wide a card's photo is drawn (profile-card.css grid): two columns on a phone, about 240 px from a tablet up. */
const CARD_SIZES = '(min-width: 768px) 240px, 50vw';

addTexts(enUi);

const BADGE_LABEL = { FEATURED: 'ui.card.badge-featured', PREMIUM: 'ui.card.badge-premium', NEW: 'ui.card.badge-new' } as const;

/** "3 days ago" → "3 days ago", "Just now" → "just now": the activity label inside a sentence (German nouns keep their capitals). */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/**
 * docs/product.md#data profile card: photo, username, age, city, badges, online dot, activity label and height.
 * Memoised: a list draws its cards in batches (useProgressiveCount), and each batch would otherwise draw every
 * earlier card again.
 */
export const ProfileCard = memo(function ProfileCard({ profile, measurement, eager, note, actions, onOpen, now }: ProfileCardProps) {
  const cover = coverImage(profile);
  const place = placeOf(profile);
  const facts = [place, profile.height ? formatHeight(profile.height, measurement) : ''].filter(Boolean);
  return (
    <article className="profile-card" aria-labelledby={`profile-card-${profile._id}`}>
      <Link to="/profile/$id" params={{ id: profile._id }} className="profile-card__link" onClick={onOpen}>
        <div className="profile-card__media">
          <LazyImage
            src={imageUrl(cover, 'medium')}
            {...imageSources(cover, 'medium')}
            sizes={CARD_SIZES}
            alt=""
            eager={eager ?? false}
            fetchPriority={eager ? 'high' : 'auto'}
            className="profile-card__photo"
            width={300}
            height={400}
          />
          {profile.badges.length > 0 && (
            <ul className="profile-card__badges" aria-label={t('ui.card.badges')}>
              {profile.badges.map((badge) => (
                <li key={badge} className={`badge badge--${badge.toLowerCase()}`}>
                  {t(BADGE_LABEL[badge])}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="profile-card__body">
          <h3 id={`profile-card-${profile._id}`} className="profile-card__name">
            <span className={`online-dot${profile.isOnline ? ' is-online' : ''}`} aria-hidden="true" />
            <span className="profile-card__username">{profile.username}</span>
            <span className="profile-card__age">, {profile.age}</span>
            <span className="visually-hidden">{profile.isOnline ? ` ${t('ui.card.online')}` : ''}</span>
          </h3>
          {facts.length > 0 && <p className="profile-card__facts">{facts.join(' · ')}</p>}
          <p className="profile-card__activity">{profile.isOnline ? t('ui.card.online-now') : t('ui.card.active', { when: inSentence(activityLabel(profile.activityDate, now)) })}</p>
          {note && <p className="profile-card__note">{note}</p>}
        </div>
      </Link>
      {actions && <div className="profile-card__actions">{actions}</div>}
    </article>
  );
});

/** Grey cards with the card's shape while a page loads. */
export function ProfileCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="profile-card profile-card--skeleton" aria-hidden="true" data-testid="profile-skeleton">
          <div className="profile-card__media skeleton" />
          <div className="profile-card__body">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </>
  );
}
