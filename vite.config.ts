import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { emojiImages } from './web/vite/emoji-images';
import { compiledCatalogues } from './web/vite/compiled-catalogues';
import { firstPaint } from './web/vite/first-paint';
import { routePreloads } from './web/vite/route-preloads';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The renderer (Preact behind React's API, decision 0051) and the router: one chunk (below), compiled eagerly. */
const SHELL_CHUNK = 'shell';

export default defineConfig(({ mode }) => ({
  root: r('./web'),
  publicDir: r('./web/public'),
  envDir: r('.'),
  resolve: {
    alias: {
      '@sync': r('./sync/src'),
      '@web': r('./web/src'),
    },
  },
  define: {
    // `npm run dev:mock` serves the app on msw handlers with no API behind it.
    __MOCK_API__: JSON.stringify(mode === 'mock'),
  },
  server: {
    port: 5173,
    proxy: mode === 'mock' ? undefined : { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: r('./web/dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the router in one chunk: split by their users, they were 13 files on the landing page's
        // critical path (each a request of its own over HTTP/1.1). One: 21 → 11 files, 124.2 → 120.3 KB gzip;
        // Lighthouse mobile landing 87–93 → 91–96 (FCP 2.2–2.6 → 1.9–2.1 s), sign-in LCP 3.4 → 3.1–3.2 s.
        codeSplitting: {
          groups: [{ name: SHELL_CHUNK, test: /node_modules[\\/](react|react-dom|preact|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|react-store|store))[\\/]/ }],
        },
        // V8's explicit compile hint (Chrome 136+): the chunk of React and the router, whose code mostly runs as the
        // first screen renders, is compiled whole on a background thread as it streams in, instead of function by
        // function on the main thread when first called. postBanner: the comment must be the file's first line,
        // after minification. Measured on /profiles (Chromium trace, four times slower CPU): main-thread compile
        // 360–640 → 260–340 ms; on zod's and XState's chunks it moved nothing measurable, so they compile lazily.
        postBanner: (chunk) => (chunk.name === SHELL_CHUNK ? '//# allFunctionsCalledOnLoad' : ''),
      },
    },
    // A lazy chunk's imports are not preloaded with <link rel=modulepreload> (its CSS still is): /profiles asked for
    // ~55 of them at start, and appending them was a long task at first paint. The browser finds those imports as
    // each chunk loads (a deeper waterfall, which measured cheaper than that task, cold and warm alike):
    // Lighthouse mobile, /profiles: TBT 1.4–1.9 s → 0.6–1.1 s (service worker warm), LCP 4.9–5.4 → 4.6–4.7 s (cold).
    // index.html keeps its own modulepreload list (hostType 'html'), and the server adds a route's chunks to the
    // HTML it answers for that route's URL (web/vite/route-preloads.ts, decision 0047).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
  },
  plugins: [
    // The router plugin must come before react() so route files are transformed first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: r('./web/src/routes'),
      generatedRouteTree: r('./web/src/routeTree.gen.ts'),
      routeFileIgnorePattern: '\\.test\\.tsx?$',
    }),
    // JSX only: React Fast Refresh patches React's own internals, and the renderer is Preact (decision 0051), so an
    // edited component reloads the page in `npm run dev` instead of being swapped in place.
    react({ refreshExclude: /./ }),
    compiledCatalogues(),
    emojiImages(),
    routePreloads(),
    firstPaint(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png', 'img/*'],
      manifest: {
        name: 'Amora — chat & flirt',
        short_name: 'Amora',
        description: 'Chat, flirt and have fun with profiles for entertainment. 18+ only.',
        theme_color: '#d6336c',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The msw worker is a dev/test tool; it must never be precached for members. The emoji images (18 MB) are
        // cached one by one as they are first shown (below), never on install.
        globIgnores: ['mockServiceWorker.js', 'emoji/**'],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/emoji/64/'),
            handler: 'CacheFirst',
            options: { cacheName: 'emoji-64', expiration: { maxEntries: 4000 }, cacheableResponse: { statuses: [200] } },
          },
        ],
        // Web Push: the notification and its click (web/public/push-sw.js).
        importScripts: ['/push-sw.js'],
        navigateFallback: '/index.html',
        // The payment confirmation page's landing is a static page shown inside the checkout's frame, not the app.
        navigateFallbackDenylist: [/^\/api\//, /^\/payment-confirmed\.html$/],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip twins of every text asset, served by the API by Accept-Encoding (app.ts mountWeb):
    // compressing once at build costs nothing per request and lets brotli use its best (slow) level.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/, logLevel: 'silent' }),
  ],
}));
