import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isProfileComplete } from '@sync/contract/profile-edit';
import { formatHeight } from '@sync/rules/height';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { useBrand } from '@web/lib/brand-context';
import { ownPhotoUrl, useUser, userStore } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';
import { useMeasurement } from '@web/ui/profile-card/use-measurement';
import { ageOf, asAccountUser, imagesOf, lookingForAgeOf, type AccountUser } from './account-user';
import { locationLabel } from './city-search';
import { completionItems, CompletionChecklist } from './completion';
import { ImageManager } from './image-manager';
import { ProfileEditForm } from './profile-edit-form';
import '@web/ui/forms/forms.css';
import '@web/ui/profile-card/profile-card.css';
import './account.css';

addTexts(enMember);

const human = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ') : '');

function completionInput(user: AccountUser) {
  return { images: imagesOf(user), profile: user.profile ?? {} };
}

/**
 * Opens the profile-completed popup once, when the checklist goes from missing something to done
 * while the member is on the page (after a save or an upload).
 */
function useCompletionCelebration(user: AccountUser | null) {
  const wasComplete = useRef<boolean | null>(null);
  useEffect(() => {
    if (!user?.profile) return;
    const complete = isProfileComplete(completionInput(user));
    if (wasComplete.current === false && complete) openPopup('profile-completed', {});
    wasComplete.current = complete;
  }, [user]);
}

/** /user and /user/edit (docs/product.md#screens-and-routes: both show the account page), view or edit mode. */
export function AccountPage({ mode }: { mode: 'view' | 'edit' }) {
  const { user: stored } = useUser();
  const { config } = useBrand();
  const measurement = useMeasurement();
  const user = stored ? asAccountUser(stored) : null;
  const userId = stored?._id;

  // The stored record may predate edits made elsewhere: read it fresh on arrival, and start the form from that.
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    userStore
      .load(userId)
      .catch(() => undefined)
      .finally(() => live && setFresh(true));
    return () => {
      live = false;
    };
  }, [userId]);
  useCompletionCelebration(user);

  if (!user) {
    return (
      <div className="account-page" aria-busy="true">
        <div className="panel skeleton account-page__skeleton" />
      </div>
    );
  }

  const photo = ownPhotoUrl(user);
  const age = ageOf(user);
  const p = user.profile ?? {};
  const range = lookingForAgeOf(user);
  const items = completionItems(completionInput(user));

  return (
    <div className="account-page">
      <header className="account-summary panel">
        <div className="account-summary__avatar" aria-hidden="true">
          {photo ? <img src={photo} alt="" /> : <span>{(user.username ?? '?').charAt(0).toUpperCase()}</span>}
        </div>
        <div className="account-summary__who">
          <h1 className="page-title">{mode === 'edit' ? t('member.account.edit-my-profile') : (user.username ?? t('member.account.my-account'))}</h1>
          <p className="muted">{[user.username && mode === 'edit' ? user.username : '', age ? `${age}` : '', locationLabel(p.location)].filter(Boolean).join(' · ')}</p>
          <p className="account-summary__status">
            <span className={`membership membership--${user.isPremium ? 'premium' : 'standard'}`}>{user.isPremium ? t('member.account.premium-active') : t('member.account.standard-inactive')}</span>
            <span>{t('member.account.credits', { count: user.credits ?? 0 })}</span>
            <span>{t('member.account.likes', { count: user.likes ?? 0 })}</span>
          </p>
        </div>
        <div className="account-summary__actions">
          {!user.isPremium && (
            <Link to="/upgrade/premium" className="button button--primary">
              {t('member.account.upgrade-to-vip')}
            </Link>
          )}
          {mode === 'view' ? (
            <Link to="/user/edit" className="button button--ghost">
              {t('member.account.edit-profile')}
            </Link>
          ) : (
            <Link to="/user" className="button button--ghost">
              {t('member.account.view-profile')}
            </Link>
          )}
        </div>
      </header>

      <div className="account-layout">
        <div className="stack">
          <CompletionChecklist items={items} editable={mode === 'edit'} />
          <div className="panel">
            <ImageManager userId={user._id} images={imagesOf(user)} />
          </div>
        </div>

        <div className="panel">
          {mode === 'edit' && !fresh ? (
            <div className="stack" aria-busy="true">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          ) : mode === 'edit' ? (
            <ProfileEditForm key={user._id} user={user} country={String(config?.country ?? 'US')} measurement={measurement} />
          ) : (
            <div className="account-view">
              <section aria-labelledby="account-about">
                <h2 id="account-about">{t('member.account.about-me')}</h2>
                <p className={p.aboutMe ? 'account-view__about' : 'muted'}>{p.aboutMe || t('member.account.about-empty')}</p>
              </section>
              <section aria-labelledby="account-interests">
                <h2 id="account-interests">{t('member.account.interests')}</h2>
                {p.lookingFor && p.lookingFor.length > 0 ? (
                  <ul className="tag-chips">
                    {p.lookingFor.map((tag) => (
                      <li key={tag}>{tag}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('member.account.no-interests')}</p>
                )}
              </section>
              <section aria-labelledby="account-details">
                <h2 id="account-details">{t('member.account.details')}</h2>
                <dl className="account-facts">
                  {(
                    [
                      [t('member.account.name'), [user.firstName, user.lastName].filter(Boolean).join(' ')],
                      [t('member.account.gender'), human(p.gender)],
                      [t('member.account.height'), p.height ? formatHeight(p.height, measurement) : ''],
                      [t('member.account.body-type'), human(p.bodyType)],
                      [t('member.account.hair-colour'), human(p.hairColor)],
                      [t('member.account.eye-colour'), human(p.eyeColor)],
                      [t('member.account.relationship-status'), human(p.relationshipStatus)],
                      [t('member.account.looking-for-ages'), `${range.min} – ${range.max}`],
                      [t('member.account.email'), user.email ?? ''],
                      [t('member.account.location-private'), p.settings?.keepLocationPrivate ? t('member.account.yes') : t('member.account.no')],
                      [t('member.account.show-online'), p.settings?.showOnline === false ? t('member.account.no') : t('member.account.yes')],
                      [t('member.account.email-new-messages'), p.settings?.notifyByEmail === false ? t('member.account.no') : t('member.account.yes')],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value || <span className="muted">{t('member.account.not-set')}</span>}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
