import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isProfileComplete } from '@sync/contract/profile-edit';
import { formatHeight } from '@sync/rules/height';
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
          <h1 className="page-title">{mode === 'edit' ? 'Edit my profile' : (user.username ?? 'My account')}</h1>
          <p className="muted">{[user.username && mode === 'edit' ? user.username : '', age ? `${age}` : '', locationLabel(p.location)].filter(Boolean).join(' · ')}</p>
          <p className="account-summary__status">
            <span className={`membership membership--${user.isPremium ? 'premium' : 'standard'}`}>{user.isPremium ? 'Premium (active)' : 'Standard (inactive)'}</span>
            <span>{user.credits ?? 0} credits</span>
            <span>{user.likes ?? 0} likes</span>
          </p>
        </div>
        <div className="account-summary__actions">
          {!user.isPremium && (
            <Link to="/upgrade/premium" className="button button--primary">
              Upgrade to VIP
            </Link>
          )}
          {mode === 'view' ? (
            <Link to="/user/edit" className="button button--ghost">
              Edit profile
            </Link>
          ) : (
            <Link to="/user" className="button button--ghost">
              View profile
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
                <h2 id="account-about">About me</h2>
                <p className={p.aboutMe ? 'account-view__about' : 'muted'}>{p.aboutMe || 'Nothing yet. Tell others about yourself.'}</p>
              </section>
              <section aria-labelledby="account-interests">
                <h2 id="account-interests">Interests</h2>
                {p.lookingFor && p.lookingFor.length > 0 ? (
                  <ul className="tag-chips">
                    {p.lookingFor.map((tag) => (
                      <li key={tag}>{tag}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">No interests yet.</p>
                )}
              </section>
              <section aria-labelledby="account-details">
                <h2 id="account-details">Details</h2>
                <dl className="account-facts">
                  {(
                    [
                      ['Name', [user.firstName, user.lastName].filter(Boolean).join(' ')],
                      ['Gender', human(p.gender)],
                      ['Height', p.height ? formatHeight(p.height, measurement) : ''],
                      ['Body type', human(p.bodyType)],
                      ['Hair colour', human(p.hairColor)],
                      ['Eye colour', human(p.eyeColor)],
                      ['Relationship status', human(p.relationshipStatus)],
                      ['Looking for ages', `${range.min} – ${range.max}`],
                      ['Email', user.email ?? ''],
                      ['Location private', p.settings?.keepLocationPrivate ? 'Yes' : 'No'],
                      ['Show when online', p.settings?.showOnline === false ? 'No' : 'Yes'],
                      ['Email on new messages', p.settings?.notifyByEmail === false ? 'No' : 'Yes'],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value || <span className="muted">Not set</span>}</dd>
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
