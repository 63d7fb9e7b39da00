import { useNavigate } from '@tanstack/react-router';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

addTexts(enMember);

/** What each locked feature says (docs/product.md#roles: locked features open the no-subscription popup with profile and feature). */
function reasonFor(feature: string | undefined, username: string | undefined): string {
  const named = (key: TextKey, anonymous: TextKey) => (username === undefined ? t(anonymous) : t(key, { username }));
  switch (feature) {
    case 'favorites':
    case 'favourite':
      return named('member.profiles.favorites-vip', 'member.profiles.favorites-vip-anonymous');
    case 'like':
    case 'likes':
      return named('member.profiles.likes-vip', 'member.profiles.likes-vip-anonymous');
    case 'photos':
      return named('member.profiles.photos-vip', 'member.profiles.photos-vip-anonymous');
    default:
      return t('member.profiles.feature-vip');
  }
}

const VIP_FEATURES: TextKey[] = ['member.profiles.vip-all-photos', 'member.profiles.vip-boost', 'member.profiles.vip-inbox-filter', 'member.profiles.vip-favorites', 'member.profiles.vip-credits'];

function NoSubscriptionPopup({ props, close }: PopupBodyProps<'no-subscription'>) {
  const navigate = useNavigate();
  return (
    <div className="stack">
      <p>{reasonFor(props.feature, props.profile?.username)}</p>
      <ul className="stack" style={{ margin: 0, gap: 'var(--space-1)' }}>
        {VIP_FEATURES.map((feature) => (
          <li key={feature}>{t(feature)}</li>
        ))}
      </ul>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('member.profiles.not-now')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            close();
            void navigate({ to: '/upgrade/premium' });
          }}
        >
          {t('member.profiles.see-vip')}
        </button>
      </div>
    </div>
  );
}

export function registerNoSubscriptionPopup(): void {
  registerPopup('no-subscription', { title: () => t('member.profiles.become-vip'), Body: NoSubscriptionPopup, size: 'sm' });
}
