import type { Plugin } from 'vite';
import { APP_STYLESHEET_ATTRIBUTE } from '../src/lib/app-stylesheet';

const ENTRY_STYLESHEET = /<link rel="stylesheet"([^>]*)href="(\/assets\/[^"]+\.css)"([^>]*)>/;

/**
 * The app's stylesheet no longer holds the first paint: the loading overlay, styled inline in index.html, paints
 * as soon as the HTML is parsed. The link stays where Vite put it, so the routes' styles, which Vite's loader
 * appends to the head, still come after it in cascade order and still win ties. It is fetched at once (the
 * preload) but applies to no medium until the app switches it on and waits for it before the first screen
 * renders (web/src/lib/app-stylesheet.ts), so nothing shows unstyled.
 */
export function firstPaint(): Plugin {
  return {
    name: 'amora-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const match = html.match(ENTRY_STYLESHEET);
        if (!match) throw new Error('first-paint: index.html has no app stylesheet link');
        const [link, before, href, after] = match;
        const attributes = `${before}href="${href}"${after}`.replace(/\s+/g, ' ').trim();
        return html.replace(
          link,
          `<link rel="preload" as="style" ${attributes}>\n    <link rel="stylesheet" ${attributes} media="print" ${APP_STYLESHEET_ATTRIBUTE}>`,
        );
      },
    },
  };
}
