import { PushSettings } from '@web/features/notifications/push-settings';
import { BlockedProfiles } from '@web/features/safety/blocked-profiles';
import { DeleteAccount } from '@web/features/safety/delete-account';
import { SettingsPage } from '@web/features/settings/settings-page';

/** /settings with the sections that notifications and safety own. */
export function SettingsScreen() {
  return (
    <SettingsPage
      pushSettings={<PushSettings />}
      blockedProfiles={<BlockedProfiles />}
      deleteAccount={({ userId, onDeleted }) => <DeleteAccount userId={userId} onDeleted={onDeleted} />}
    />
  );
}
