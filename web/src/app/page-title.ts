import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { t, type TextKey } from '@sync/texts';
import { useBrand } from '@web/lib/brand-context';

/** The page name for each path prefix, most specific first; the landing page has the brand alone. */
const TITLES: readonly (readonly [string, TextKey])[] = [
  ['/messages/chat', 'title.chat'],
  ['/messages', 'nav.messages'],
  ['/profiles', 'nav.search'],
  ['/profile/', 'title.profile'],
  ['/matches', 'nav.discover'],
  ['/interests', 'nav.favorites'],
  ['/favorites', 'nav.favorites'],
  ['/upgrade/checkout', 'title.checkout'],
  ['/upgrade', 'nav.credits'],
  ['/user/edit', 'title.edit-profile'],
  ['/user', 'nav.my-account'],
  ['/settings/help-center', 'nav.help-center'],
  ['/settings', 'nav.settings'],
  ['/sign-in', 'nav.sign-in'],
  ['/sign-up', 'nav.sign-up'],
  ['/verify', 'title.verify'],
  ['/prices', 'nav.prices'],
  ['/about-us', 'nav.about-us'],
  ['/about', 'nav.about-us'],
  ['/faq', 'nav.faq'],
  ['/terms', 'nav.terms'],
  ['/privacy-policy', 'nav.privacy-policy'],
  ['/cookie-policy', 'nav.cookie-policy'],
  ['/contact-us', 'nav.contact-us'],
  ['/affiliates', 'nav.affiliates'],
  ['/agent', 'nav.agent-console'],
];

/** "Messages · Amora"; the brand alone where no page name applies. */
export function pageTitleOf(pathname: string, brand: string): string {
  const entry = TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  return entry ? `${t(entry[1])} · ${brand}` : brand;
}

/** Keeps document.title naming the page, so tabs, history and screen readers tell pages apart. */
export function usePageTitle(): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const brand = useBrand().brand?.brand ?? 'Amora';
  useEffect(() => {
    document.title = pageTitleOf(pathname, brand);
  }, [pathname, brand]);
}
