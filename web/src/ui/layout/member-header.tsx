import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { useUser } from '@web/lib/user-store';
import { useUnreadMessageCount } from '@web/sync/unread-count';
import { BrandLogo } from './brand-logo';
import { UserMenu } from './user-menu';

/** docs/product.md#screens-and-routes top navigation: Search (profiles), Favorites (interests), Messages, Credits; plus Discover, the swipe
 * deck the landing page sells, which no other page links to. */
export const MEMBER_NAV = [
  { to: '/profiles', label: 'nav.search', icon: '⌕' },
  { to: '/matches', label: 'nav.discover', icon: '✧' },
  { to: '/interests', label: 'nav.favorites', icon: '♥' },
  { to: '/messages', label: 'nav.messages', icon: '✉' },
  { to: '/upgrade', label: 'nav.credits', icon: '★' },
] as const;

addTexts(enUi);

export function MemberHeader() {
  const unread = useUnreadMessageCount();
  const credits = useUser().user?.credits;
  return (
    <header className="site-header site-header--member">
      <div className="site-header__inner">
        <BrandLogo />
        <nav aria-label={t('nav.main')} className="main-nav">
          <ul>
            {MEMBER_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                  <span className="main-nav__icon" aria-hidden="true">
                    {item.icon}
                  </span>
                  <span className="main-nav__label">{t(item.label)}</span>
                  {item.to === '/messages' && unread ? (
                    <span className="count-badge main-nav__badge" aria-label={t('ui.nav.unread', { count: unread })}>
                      {unread}
                    </span>
                  ) : null}
                  {item.to === '/upgrade' && typeof credits === 'number' ? (
                    <span className="main-nav__credits" aria-label={t('ui.nav.credits', { count: credits })} data-testid="header-credits">
                      {credits}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <UserMenu />
      </div>
    </header>
  );
}
