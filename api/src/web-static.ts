import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { ROUTE_PRELOADS_FILE, type RoutePreloadTable } from '@sync/route-preloads';
import type { AppEnv } from './context.js';
import { pickEncoding } from './http-compression.js';
import { IMMUTABLE, MONTH, REVALIDATE } from './lib/cache-control.js';
import { routePageMatcher, withRoutePreloads } from './web-route-preloads.js';


const ALWAYS_REVALIDATED = /\/(sw\.js|index\.html|manifest\.webmanifest|registerSW\.js)$/;

function cacheControlOf(distDir: string, file: string): string | undefined {
  const relative = path.relative(distDir, file);
  if (relative.startsWith(`assets${path.sep}`)) return IMMUTABLE;
  // An emoji image is named by its code sequence: the same name shows the same emoji (a new image set may restyle it).
  if (relative.startsWith(`emoji${path.sep}`)) return MONTH;
  return ALWAYS_REVALIDATED.test(`/${relative}`) ? REVALIDATE : undefined;
}

/**
 * A file of the build, served as a CDN would: the build's brotli or gzip twin (`<file>.br`, `<file>.gz`, made
 * by vite-plugin-compression2) when the client accepts it, and `Vary: Accept-Encoding` on every answer that
 * has twins, compressed or not, so a shared cache never hands a brotli body to a client that did not ask.
 */
function fileServer(distDir: string): MiddlewareHandler<AppEnv> {
  return serveStatic<AppEnv>({
    root: distDir,
    precompressed: true,
    onFound: (file, c) => {
      const original = file.replace(/\.(br|gz|zst)$/, '');
      const control = cacheControlOf(distDir, original);
      if (control) c.header('Cache-Control', control);
      if (file === original && fs.existsSync(`${original}.gz`)) c.header('Vary', 'Accept-Encoding');
    },
  });
}

interface PageBodies {
  plain: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * index.html as the answer to a client route's URL, naming that route's files (api/src/web-route-preloads.ts),
 * built once per route and build: the bodies are kept with their brotli and gzip forms, made at the best levels
 * since each is made once. A build without the table (an older one, a test's) answers index.html as it is.
 */
function spaPages(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  let build: { mtimeMs: number; html: string; match: ReturnType<typeof routePageMatcher>; pages: Map<string, PageBodies> } | undefined;
  const current = () => {
    const mtimeMs = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return undefined;
    if (build?.mtimeMs !== mtimeMs) {
      const tableFile = path.join(distDir, ROUTE_PRELOADS_FILE);
      const table = fs.existsSync(tableFile) ? (JSON.parse(fs.readFileSync(tableFile, 'utf8')) as RoutePreloadTable) : {};
      build = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8'), match: routePageMatcher(table), pages: new Map() };
    }
    return build;
  };
  /** The page for a path, or undefined while the app is not built. */
  return (pathname: string): PageBodies | undefined => {
    const built = current();
    if (!built) return undefined;
    const { html, match, pages } = built;
    const page = match(pathname);
    const key = page.routeId ?? '';
    let bodies = pages.get(key);
    if (!bodies) {
      const plain = Buffer.from(withRoutePreloads(html, page.preload));
      bodies = {
        plain: new Uint8Array(plain),
        br: new Uint8Array(zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } })),
        gzip: new Uint8Array(zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION })),
      };
      pages.set(key, bodies);
    }
    return bodies;
  };
}

/**
 * The PWA: hashed assets cached for a year; `/` and every other path that is not a file answer index.html, with
 * the files of the route that path opens, so the client router decides.
 */
export function mountWeb(app: Hono<AppEnv>, distDir: string) {
  const files = fileServer(distDir);
  const pageOf = spaPages(distDir);
  const spaPage: MiddlewareHandler<AppEnv> = async (c) => {
    const bodies = pageOf(c.req.path);
    if (!bodies) return c.text('The web app is not built. Run `npm run build`.', 503);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Cache-Control', REVALIDATE);
    c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(encoding ? bodies[encoding] : bodies.plain);
  };
  // `/` is index.html for the file server too: the landing page's route files come with it only from here.
  app.get('/', spaPage);
  app.use('*', files);
  // A missing hashed file is a stale page asking for an old build: a 404, not index.html under a .js name.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // An emoji newer than the image set: a 404 (the page shows the glyph), not index.html as a picture.
  app.get('/emoji/*', (c) => c.text('Not found', 404));
  app.get('*', spaPage);
}
