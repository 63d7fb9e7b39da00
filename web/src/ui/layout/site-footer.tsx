import { Link } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { useBrand } from '@web/lib/brand-context';

/** docs/product.md#screens-and-routes footer links, in the documented order. */
export const FOOTER_LINKS = [
  { to: '/prices', label: 'nav.prices' },
  { to: '/about-us', label: 'nav.about-us' },
  { to: '/faq', label: 'nav.faq' },
  { to: '/terms', label: 'nav.terms' },
  { to: '/privacy-policy', label: 'nav.privacy-policy' },
  { to: '/cookie-policy', label: 'nav.cookie-policy' },
  { to: '/contact-us', label: 'nav.contact-us' },
  { to: '/affiliates', label: 'nav.affiliates' },
] as const;

export function SiteFooter() {
  const { brand } = useBrand();
  const company = (brand?.company as { name?: string } | undefined)?.name ?? brand?.brand ?? 'Amora';
  return (
    <footer className="site-footer">
      <nav aria-label={t('nav.footer')}>
        <ul className="site-footer__links">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__note">{t('shell.footer-disclaimer')}</p>
      <p className="site-footer__note">
        © {new Date().getFullYear()} {company}
      </p>
    </footer>
  );
}
