import { Link } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { useAuth } from '@web/lib/auth-state';
import { useBrand } from '@web/lib/brand-context';

/** docs/product.md#screens-and-routes: the logo leads an authenticated user to /profiles and a visitor to /. */
export function BrandLogo() {
  const { isAuthenticated, kind } = useAuth();
  const { brand } = useBrand();
  const name = brand?.brand ?? 'Amora';
  const to = !isAuthenticated ? '/' : kind === 'agent' ? '/agent' : '/profiles';
  return (
    <Link to={to} className="brand-logo" aria-label={t('shell.brand-home', { brand: name })}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{name}</span>
    </Link>
  );
}
