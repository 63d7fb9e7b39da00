import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { t } from '@sync/texts';
import { useAuth } from '@web/lib/auth-state';
import { BrandLogo } from './brand-logo';

// The account menu (Radix's dropdown and its positioning) is for signed-in members only: visitors of the
// landing page never download it.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

/** Header of the public, home and sign-in layouts: sign in / sign up, or the account menu. */
export function PublicHeader() {
  const { isAuthenticated } = useAuth();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <BrandLogo />
        <div className="site-header__actions">
          {isAuthenticated ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <>
              <Link to="/sign-in" className="button button--ghost">
                {t('nav.sign-in')}
              </Link>
              <Link to="/sign-up" className="button button--primary">
                {t('nav.sign-up')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
