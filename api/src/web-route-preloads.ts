import type { RoutePreload, RoutePreloadTable } from '@sync/route-preloads';
import { escapeHtml } from './lib/html.js';

type Segment = { kind: 'static'; text: string } | { kind: 'param' } | { kind: 'optional' } | { kind: 'splat' };

/**
 * A route id's URL segments, by TanStack Router's file-route grammar: `_name` segments are pathless layouts,
 * `$name` one segment, `{-$name}` an optional one, a lone `$` the rest of the path; a trailing `/` is an index.
 */
function segmentsOf(routeId: string): Segment[] {
  return routeId
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('_'))
    .map((part): Segment => {
      if (part === '$') return { kind: 'splat' };
      if (/^\{-\$[^}]+\}$/.test(part)) return { kind: 'optional' };
      if (part.startsWith('$')) return { kind: 'param' };
      return { kind: 'static', text: part };
    });
}

function matches(pattern: Segment[], path: string[]): boolean {
  const [head, ...rest] = pattern;
  if (!head) return path.length === 0;
  if (head.kind === 'splat') return true;
  if (head.kind === 'optional') return matches(rest, path) || (path.length > 0 && matches(rest, path.slice(1)));
  if (path.length === 0) return false;
  if (head.kind === 'param') return path[0] !== '' && matches(rest, path.slice(1));
  return head.text === path[0] && matches(rest, path.slice(1));
}

/** The route ids above one (its layouts), then itself: '/_auth/messages/' → '/_auth', '/_auth/messages', itself. */
function chainOf(routeId: string): string[] {
  const parts = routeId.split('/');
  return parts.slice(2).map((_, i) => parts.slice(0, i + 2).join('/')).concat(routeId);
}

export interface RoutePage {
  /** The leaf route's id, or undefined when no route of the table takes the path (the router's not-found page). */
  routeId: string | undefined;
  preload: RoutePreload;
}

/**
 * Which route a URL path opens and what its code needs, its layouts' included. Leaves only (a layout matches its
 * own path too, where its index route is the page); the one with most static segments wins, as in the router.
 */
export function routePageMatcher(table: RoutePreloadTable): (pathname: string) => RoutePage {
  const ids = Object.keys(table);
  const leaves = ids
    .filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}/`)))
    .map((id) => ({ id, pattern: segmentsOf(id) }))
    .sort((a, b) => staticCount(b.pattern) - staticCount(a.pattern) || b.pattern.length - a.pattern.length);
  return (pathname) => {
    const path = pathname.split('/').filter((part) => part !== '');
    const leaf = leaves.find((candidate) => matches(candidate.pattern, path));
    const preload: RoutePreload = { js: [], css: [] };
    for (const id of leaf ? chainOf(leaf.id) : []) {
      for (const file of table[id]?.js ?? []) if (!preload.js.includes(file)) preload.js.push(file);
      for (const file of table[id]?.css ?? []) if (!preload.css.includes(file)) preload.css.push(file);
    }
    return { routeId: leaf?.id, preload };
  };
}

function staticCount(pattern: Segment[]): number {
  return pattern.filter((segment) => segment.kind === 'static').length;
}

/**
 * index.html naming a route's files for the preload scanner, before `</head>`: its modules as modulepreload (as
 * index.html names its own), its styles as preload, not stylesheet: they must not hold the first paint (the
 * loading mark), and the app's loader adds each stylesheet when its chunk loads, which then comes from the cache.
 */
export function withRoutePreloads(html: string, preload: RoutePreload): string {
  if (preload.js.length === 0 && preload.css.length === 0) return html;
  const links = [
    ...preload.js.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    ...preload.css.map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`),
  ].join('\n    ');
  const at = html.lastIndexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}  ${links}\n  ${html.slice(at)}`;
}
