import { useNavigate } from '@tanstack/react-router';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

/** What each locked feature says (docs/product.md#roles: locked features open the no-subscription popup with profile and feature). */
function reasonFor(feature: string | undefined, username: string | undefined): string {
  const who = username ?? 'this profile';
  switch (feature) {
    case 'favorites':
    case 'favourite':
      return `Adding ${who} to your favorites is a VIP feature.`;
    case 'like':
    case 'likes':
      return `You have no likes left for now. Become a VIP member to keep liking ${who === 'this profile' ? 'profiles' : who}.`;
    case 'photos':
      return `All of ${who}'s photos and albums are for VIP members.`;
    default:
      return 'This feature is for VIP members.';
  }
}

const VIP_FEATURES = ['See all photos and albums', 'Profile boost', 'Inbox filter', 'Add profiles to favorites', 'Monthly complimentary credits'];

function NoSubscriptionPopup({ props, close }: PopupBodyProps<'no-subscription'>) {
  const navigate = useNavigate();
  return (
    <div className="stack">
      <p>{reasonFor(props.feature, props.profile?.username)}</p>
      <ul className="stack" style={{ margin: 0, gap: 'var(--space-1)' }}>
        {VIP_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          Not now
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            close();
            void navigate({ to: '/upgrade/premium' });
          }}
        >
          See VIP memberships
        </button>
      </div>
    </div>
  );
}

export function registerNoSubscriptionPopup(): void {
  registerPopup('no-subscription', { title: 'Become a VIP member', Body: NoSubscriptionPopup, size: 'sm' });
}
