import type { Plugin } from 'vite';

const MARKER = /<!-- app-stylesheet:[^>]*-->/;
const ENTRY_STYLESHEET = /\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/;

/**
 * The app's stylesheet, which Vite links in the head, moved into the body after the loading overlay (index.html
 * marks the place). A stylesheet in the head holds the whole first paint until it has loaded; in the body it holds
 * only what follows it, so the overlay, styled inline, paints as soon as the HTML is parsed. The app's scripts
 * still wait for it (a pending stylesheet blocks scripts), so nothing renders unstyled.
 */
export function firstPaint(): Plugin {
  return {
    name: 'amora-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = html.match(ENTRY_STYLESHEET)?.[0];
        if (!link || !MARKER.test(html)) throw new Error('first-paint: index.html needs its stylesheet link and the app-stylesheet marker');
        return html.replace(link, '').replace(MARKER, link.trim());
      },
    },
  };
}
