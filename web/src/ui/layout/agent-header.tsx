import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';
import { BrandLogo } from './brand-logo';
import { UserMenu } from './user-menu';

addTexts(enUi);

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
                <span className="main-nav__label">{t('ui.nav.lookup')}</span>
              </Link>
            </li>
            {isAdmin && (
              <>
                <li>
                  <Link to="/agent/board" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">{t('ui.nav.board')}</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/agents" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">{t('ui.nav.agents')}</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/profiles" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">{t('ui.nav.profiles')}</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/report" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">{t('ui.nav.report')}</span>
                  </Link>
                </li>
                <li>
                  <Link to="/agent/moderation" className="main-nav__link" activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                    <span className="main-nav__label">{t('ui.nav.moderation')}</span>
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
