import { useEffect, useState } from 'react';
import { useBrand } from '@web/lib/brand-context';
import { openPopup } from '@web/ui/popups/popup-queue';
import { fetchPublicProfiles, photoOf, photoSources, type PublicProfile } from './public-profiles';
import { addTexts, t } from '@sync/texts';
import { enLanding } from '@sync/locales/en-landing';

addTexts(enLanding);

/** How wide a strip photo is drawn (marketing.css .mk-profiles): 44% of a phone, 28% of a tablet, a quarter from 1280 px. */
const STRIP_SIZES = '(min-width: 1280px) 25vw, (min-width: 768px) 28vw, 44vw';

function ProfileCard({ profile }: { profile: PublicProfile }) {
  const [broken, setBroken] = useState(false);
  const photo = photoOf(profile);
  const sources = photoSources(profile);
  const city = profile.location?.city;
  return (
    <li className="mk-profile">
      <button
        type="button"
        className="mk-profile__button"
        onClick={() => openPopup('sign-up', { redirect: `/profile/${profile._id}` })}
      >
        {photo && !broken ? (
          <picture>
            {sources.webpSrcSet && <source type="image/webp" srcSet={sources.webpSrcSet} sizes={STRIP_SIZES} />}
            <img
              className="mk-profile__photo"
              src={photo}
              srcSet={sources.srcSet}
              sizes={STRIP_SIZES}
              alt=""
              loading="lazy"
              decoding="async"
              width={240}
              height={300}
              onError={() => setBroken(true)}
            />
          </picture>
        ) : (
          <span className="mk-profile__photo mk-profile__photo--empty" aria-hidden="true">
            {profile.username.slice(0, 1).toUpperCase()}
          </span>
        )}
        {profile.badges?.includes('PREMIUM') && <span className="mk-profile__badge">VIP</span>}
        <span className="mk-profile__info">
          <strong>
            {profile.username}
            {profile.age ? `, ${profile.age}` : ''}
          </strong>
          <span>
            {profile.isOnline && <i className="mk-dot" aria-hidden="true" />}
            {profile.isOnline ? t('landing.strip-online') : (city ?? t('landing.strip-say-hello'))}
          </span>
          {/* The button's name is what it shows, then what it does. */}
          <span className="visually-hidden">{t('landing.strip-link-hint')}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * A strip of real profiles for visitors. Decoration, not a feature: while it loads, and when the
 * call fails or finds nobody, the section is simply not there.
 */
export function ProfileStrip() {
  const { config } = useBrand();
  const apiKey = config?.apiKey;
  const [profiles, setProfiles] = useState<PublicProfile[]>([]);
  useEffect(() => {
    if (!apiKey) return;
    const controller = new AbortController();
    fetchPublicProfiles(apiKey, controller.signal)
      .then(setProfiles)
      .catch(() => setProfiles([]));
    return () => controller.abort();
  }, [apiKey]);

  if (profiles.length === 0) return null;
  return (
    <section className="mk-section mk-section--strip" aria-labelledby="mk-profiles-title">
      <div className="mk-container">
        <div className="mk-section__head">
          <h2 id="mk-profiles-title" className="mk-section__title">
            {t('landing.strip-title')}
          </h2>
          <p className="mk-section__lead">{t('landing.strip-lead')}</p>
        </div>
        <ul className="mk-profiles">
          {profiles.map((profile) => (
            <ProfileCard key={profile._id} profile={profile} />
          ))}
        </ul>
      </div>
    </section>
  );
}
