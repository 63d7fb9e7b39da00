import * as Dialog from '@radix-ui/react-dialog';
import { t } from '@sync/texts';
import { ownPhotoUrl, useUser } from '@web/lib/user-store';
import { Avatar } from '@web/ui/avatar';
import { coverImage, imageUrl, type ProfileCardData } from '@web/ui/profile-card/profile-data';

/**
 * The match moment: a full-screen dialog with both photos, to send a first message or go back to the deck.
 * Escape or the backdrop keeps swiping, like the button.
 */
export function MatchMoment({ profile, onSendMessage, onKeepSwiping }: { profile: ProfileCardData; onSendMessage: () => void; onKeepSwiping: () => void }) {
  const { user } = useUser();
  const me = user?.username ?? '';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onKeepSwiping()}>
      <Dialog.Portal>
        <Dialog.Content className="match-moment" aria-describedby="match-moment-text">
          <span className="match-moment__hearts" aria-hidden="true">
            {'♥ ♥ ♥'}
          </span>
          <div className="match-moment__photos">
            <Avatar src={user ? ownPhotoUrl(user) : null} name={me} size={128} />
            <Avatar src={imageUrl(coverImage(profile))} name={profile.username} size={128} />
          </div>
          <Dialog.Title className="match-moment__title">{t('match.title')}</Dialog.Title>
          <p id="match-moment-text">{t('match.text', { username: profile.username })}</p>
          <div className="match-moment__actions">
            <button type="button" className="button button--primary" onClick={onSendMessage}>
              {t('match.send-message')}
            </button>
            <button type="button" className="button button--ghost" onClick={onKeepSwiping}>
              {t('match.keep-swiping')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
