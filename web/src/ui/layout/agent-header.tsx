import { Link } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';
import { BrandLogo } from './brand-logo';
import { UserMenu } from './user-menu';

export function AgentHeader() {
  const { token } = useAuth();
  const isAdmin = tokenRole(token) === 'admin';
  return (
    <header className="site-header site-header--agent">
      <div className="site-header__inner">
        <BrandLogo />
        <nav aria-label={t('nav.main')} className="main-nav">
          <ul>
            <li>
              <Link to="/agent" className="main-nav__link" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                <span className="main-nav__label">{t('nav.agent-console')}</span>
              </Link>
            </li>
            <li>
              <Link to="/chat" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                <span className="main-nav__label">{t('nav.agent-chat')}</span>
              </Link>
            </li>
            <li>
              <Link to="/agent/lookup" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                <span className="main-nav__label">Lookup</span>
              </Link>
            </li>
            {isAdmin && (
              <>
                <li>
                  <Link to="/agent/board" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">Board</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/agents" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">Agents</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/profiles" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">Profiles</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/report" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">Report</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/moderation" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">Moderation</span>
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <UserMenu />
      </div>
    </header>
  );
}
