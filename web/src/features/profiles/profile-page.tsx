import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { activityLabel } from '@sync/rules/activity';
import { formatHeight } from '@sync/rules/height';
import { ApiError } from '@web/lib/http';
import { placeOf, type ProfileCardData } from '@web/ui/profile-card/profile-data';
import { valueLabel } from '@web/ui/profile-card/value-label';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { FavouriteButton } from './favourite-button';
import { PhotoGallery } from './photo-gallery';
import { mirrorProfiles, readMirroredProfile } from './profile-mirror';
import { fetchProfile } from './profiles-api';
import { useProfilesList } from './profiles-list';
import type { SafetyMenuSlot } from '@web/ui/safety-menu-slot';
import { useProfilesArea } from './use-profiles-area';
import '@web/ui/profile-card/profile-card.css';
import './profiles.css';

addTexts(enMember);


/** What /messages/chat/blank receives in history state to start a conversation with a profile (issue C reads it). */
export interface StartChatState {
  profileId: string;
  profile: { _id: string; username: string; images: ProfileCardData['images'] };
}

/** /profile/{id}: photos, details, favourite and start chat; the mirror keeps it readable offline. */
export function ProfilePage({ id, safetyMenu }: { id: string; safetyMenu: SafetyMenuSlot }) {
  useProfilesArea();
  // GET /api/profile/{id} on each visit (the API records the view); the page renders the mirror it fills.
  const fetched = useQuery({
    queryKey: ['profiles', 'profile', id] as const,
    queryFn: async ({ signal }) => {
      await mirrorProfiles([await fetchProfile(id, signal)]).catch(() => undefined);
      return true;
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const load = fetched.isError
    ? { status: 'error' as const, notFound: fetched.error instanceof ApiError && fetched.error.status === 404 }
    : { status: fetched.isPending ? ('loading' as const) : ('ready' as const) };
  const profile = useLiveQuery(() => readMirroredProfile(id), [id]);
  const { state: list } = useProfilesList(undefined, { passive: true });
  const navigate = useNavigate();
  const measurement = useMeasurement();

  const startChat = () => {
    if (!profile) return;
    const state: StartChatState = { profileId: profile._id, profile: { _id: profile._id, username: profile.username, images: profile.images } };
    void navigate({ to: '/messages/chat/$conversationId', params: { conversationId: 'blank' }, state: (previous) => ({ ...previous, ...state }) });
  };

  const backLink = (
    <Link to="/profiles" className="profile-view__back" resetScroll={false}>
      {list.ids.length > 0 ? t('member.profiles.back-to-results') : t('member.profiles.browse-profiles')}
    </Link>
  );

  if (profile === undefined || (profile === null && load.status === 'loading')) {
    return (
      <div className="profile-view" aria-busy="true">
        {backLink}
        <div className="profile-view__main">
          <div className="gallery__main skeleton" />
          <div className="stack">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
        <p className="visually-hidden" role="status">
          {t('member.profiles.loading-profile')}
        </p>
      </div>
    );
  }

  if (!profile || (load.status === 'error' && load.notFound)) {
    return (
      <div className="profile-view">
        {backLink}
        <div className="list-state list-state--error" role="alert">
          <p className="list-state__title">{t('profile-loading-failed')}</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('member.profiles.refresh')}
          </button>
        </div>
      </div>
    );
  }

  const place = placeOf(profile);
  const facts: [string, string][] = (
    [
      [t('member.profiles.age'), String(profile.age)],
      [t('member.profiles.location'), place],
      [t('member.profiles.height'), profile.height ? formatHeight(profile.height, measurement) : ''],
      [t('member.profiles.body-type'), valueLabel(profile.bodyType)],
      [t('member.profiles.ethnicity'), valueLabel(profile.ethnicity)],
      [t('member.profiles.hair-colour'), valueLabel(profile.hairColor)],
      [t('member.profiles.eye-colour'), valueLabel(profile.eyeColor)],
      [t('member.profiles.relationship-status'), valueLabel(profile.relationshipStatus)],
    ] as [string, string][]
  ).filter(([, value]) => value !== '');

  return (
    <article className="profile-view" aria-labelledby="profile-view-name">
      {backLink}
      {load.status === 'error' && (
        <p className="offline-note" role="status">
          {t('profile-loading-failed')} {t('member.profiles.saved-copy')}
        </p>
      )}
      <div className="profile-view__main">
        <PhotoGallery username={profile.username} images={profile.images} />
        <div className="stack">
          <header className="profile-view__header">
            <h1 id="profile-view-name" className="profile-view__name">
              <span className={`online-dot${profile.isOnline ? ' is-online' : ''}`} aria-hidden="true" />
              {profile.username}, {profile.age}
              {profile.badges.map((badge) => (
                <span key={badge} className={`badge badge--${badge.toLowerCase()}`}>
                  {badge}
                </span>
              ))}
            </h1>
            <p className="profile-view__meta">
              {[place, profile.isOnline ? t('member.profiles.online-now') : t('member.profiles.active', { when: activityLabel(profile.activityDate).toLowerCase() })].filter(Boolean).join(' · ')}
            </p>
          </header>
          <div className="profile-view__actions">
            <button type="button" className="button button--primary" onClick={startChat}>
              <span aria-hidden="true">✉</span> {t('member.profiles.start-chat')}
            </button>
            <FavouriteButton profile={profile} />
            {safetyMenu({ profileId: profile._id, username: profile.username, onBlocked: () => void navigate({ to: '/profiles' }) })}
          </div>
          {profile.aboutMe && (
            <section className="profile-view__section" aria-labelledby="profile-about">
              <h2 id="profile-about">{t('member.profiles.about-me')}</h2>
              <p className="profile-view__about">{profile.aboutMe}</p>
            </section>
          )}
          {profile.lookingFor.length > 0 && (
            <section className="profile-view__section" aria-labelledby="profile-looking-for">
              <h2 id="profile-looking-for">{t('member.profiles.looking-for')}</h2>
              <ul className="tag-list">
                {profile.lookingFor.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            </section>
          )}
          <section className="profile-view__section" aria-labelledby="profile-details">
            <h2 id="profile-details">{t('member.profiles.details')}</h2>
            <dl className="profile-facts">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </div>
    </article>
  );
}
