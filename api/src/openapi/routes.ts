import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { ApiError } from '../lib/errors.js';
import { openApiDocument } from './document.js';

/**
 * GET /api/openapi.json  the OpenAPI 3.1 document of every route (document.ts)
 * GET /api/docs          Swagger UI over it, its scripts and styles served from node_modules: the page works offline
 *                        and loads nothing from another origin.
 */

const uiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/absolute-path.js'));

/** The UI's start, as a file: the page's policy allows no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

const ASSETS: Record<string, { file?: string; text?: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui-standalone-preset.js': { file: 'swagger-ui-standalone-preset.js', type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
  'init.js': { text: INIT_SCRIPT, type: 'text/javascript; charset=utf-8' },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Amora API reference</title>
<link rel="icon" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/**
 * Scripts from this origin only. Swagger UI sets inline styles and draws its icons from data: URLs; "Try it out"
 * calls this origin.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const cache = new Map<string, Buffer>();

function assetBody(name: string): Buffer | undefined {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return undefined;
  let body = cache.get(name);
  if (!body) {
    body = asset.text !== undefined ? Buffer.from(asset.text) : fs.readFileSync(path.join(uiDir, asset.file!));
    cache.set(name, body);
  }
  return body;
}

export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(openApiDocument());
  })
  .get('/docs', (c) => {
    c.header('Content-Security-Policy', DOCS_CSP);
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  })
  .get('/docs/:file', (c) => {
    const name = c.req.param('file');
    const body = assetBody(name);
    if (!body) throw new ApiError(404, 'not-found', `Page not found: ${c.req.path}`);
    c.header('Content-Type', ASSETS[name]!.type);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(new Uint8Array(body));
  });
