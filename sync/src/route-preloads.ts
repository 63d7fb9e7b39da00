/**
 * The build's table of what each route's code needs (web/vite/route-preloads.ts writes it, the API's web server
 * reads it: api/src/web-route-preloads.ts). Kept in the built app as `route-preloads.json`.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** What one route's lazy chunks need beyond index.html's own list: JS and CSS files, as absolute URLs. */
export interface RoutePreload {
  js: string[];
  css: string[];
}

/** Route id, as the route file names it (`createFileRoute('/_signin/sign-in')`) → what its chunks need. */
export type RoutePreloadTable = Record<string, RoutePreload>;
