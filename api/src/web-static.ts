import fs from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.js';
import { IMMUTABLE, MONTH, REVALIDATE } from './lib/cache-control.js';


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
function fileServer(distDir: string, onlyPath?: string): MiddlewareHandler<AppEnv> {
  return serveStatic<AppEnv>({
    root: distDir,
    path: onlyPath,
    precompressed: true,
    onFound: (file, c) => {
      const original = file.replace(/\.(br|gz|zst)$/, '');
      const control = cacheControlOf(distDir, original);
      if (control) c.header('Cache-Control', control);
      if (file === original && fs.existsSync(`${original}.gz`)) c.header('Vary', 'Accept-Encoding');
    },
  });
}

/** The PWA: hashed assets cached for a year, every other path answers index.html so the client router decides. */
export function mountWeb(app: Hono<AppEnv>, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const files = fileServer(distDir);
  const spaIndex = fileServer(distDir, 'index.html');
  app.use('*', files);
  // A missing hashed file is a stale page asking for an old build: a 404, not index.html under a .js name.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // An emoji newer than the image set: a 404 (the page shows the glyph), not index.html as a picture.
  app.get('/emoji/*', (c) => c.text('Not found', 404));
  app.get('*', async (c, next) => {
    if (!fs.existsSync(indexFile)) return c.text('The web app is not built. Run `npm run build`.', 503);
    return spaIndex(c, next);
  });
}
