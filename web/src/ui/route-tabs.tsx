import { Link, useLocation } from '@tanstack/react-router';

export interface RouteTab {
  to: string;
  label: string;
  /** Path prefixes that also mark this tab current (e.g. sub-pages sharing the tab). */
  match?: string[];
  /** Current only on its own path, not on sub-pages (a parent tab beside its children). */
  exact?: boolean;
  /** A count shown beside the label (e.g. unread messages); hidden when 0. */
  badge?: number;
}

/** Tabs that are links: each tab is a route, so Back and deep links work. */
export function RouteTabs({ label, tabs }: { label: string; tabs: RouteTab[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="route-tabs">
      <ul>
        {tabs.map((tab) => {
          const current = (tab.match ?? [tab.to]).some((prefix) => pathname === prefix || pathname === `${prefix}/` || (!tab.exact && pathname.startsWith(`${prefix}/`)));
          return (
            <li key={tab.to}>
              <Link to={tab.to as '/'} className={current ? 'route-tabs__tab is-active' : 'route-tabs__tab'} aria-current={current ? 'page' : undefined}>
                {tab.label}
                {tab.badge ? (
                  <span className="count-badge" aria-label={`(${tab.badge})`}>
                    {tab.badge}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
