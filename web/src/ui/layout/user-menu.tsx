import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';
import { ownPhotoUrl, useUser } from '@web/lib/user-store';

addTexts(enUi);

/** The user menu (docs/product.md#screens-and-routes popups: user popup/menu) with logout. Radix gives keyboard and focus handling. */
export function UserMenu() {
  const { logout, kind, token } = useAuth();
  const { user } = useUser();
  const navigate = useNavigate();
  const staffName = t(tokenRole(token) === 'admin' ? 'ui.user-menu.admin' : 'ui.user-menu.agent');
  const name = user?.username ?? (kind === 'agent' ? staffName : '');
  const photo = user && kind !== 'agent' ? ownPhotoUrl(user) : null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="user-menu__trigger">
        <span className="user-menu__avatar" aria-hidden="true">
          {photo ? <img src={photo} alt="" /> : (name || '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
        {/* Named by what it shows and then what it is, so the visible name starts the accessible one. */}
        <span className="visually-hidden">{t('nav.user-menu')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {kind !== 'agent' && (
            <>
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/user' })}>
                {t('nav.my-account')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/settings' })}>
                {t('nav.settings')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/settings/help-center' })}>
                {t('nav.help-center')}
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="menu__separator" />
            </>
          )}
          <DropdownMenu.Item className="menu__item" onSelect={() => logout()}>
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
