import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch, MOBILE, newContext } from './support/browser.js';

/**
 * The landing page's weight budgets (issue J): a change that puts them over fails `npm test`. The JS budget is
 * where the code stands now (148 KB after issues G and I added the CSP guard, page titles and the member photo),
 * to be lowered as the auth session (XState) and the toasts leave the landing page;
 * the goal is 100 KB. See docs/decisions/0025-fast-on-a-cheap-phone-and-at-scale.md. 151 since decision 0040: the
 * query core stays off this path, but the store helper shared with the lazy layouts splits chunks (+0.5 KB). 154 since
 * decision 0045 (+2.6 KB): Lingui's runtime and the shared English texts compiled; screens' texts and German are lazy.
 */
export const CRITICAL_JS_BUDGET_KB = 154;
export const LANDING_BYTES_BUDGET_KIB = 200;

const DIST = path.resolve(import.meta.dirname, '../web/dist');

/** The scripts and module preloads index.html makes the browser fetch before the first render, with their gzip sizes. */
function criticalScripts(): { file: string; gzipBytes: number }[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  return files.map((file) => ({ file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length }));
}

describe('landing page budgets', () => {
  it(`critical-path JavaScript stays within ${CRITICAL_JS_BUDGET_KB} KB gzip and never loads Dexie, XState's machines' contract schemas or the sync engine`, () => {
    const scripts = criticalScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1000;
    expect(total, scripts.map((s) => `${s.file} ${(s.gzipBytes / 1000).toFixed(1)} KB`).join('\n')).toBeLessThanOrEqual(CRITICAL_JS_BUDGET_KB);
    // What the sourcemaps say the landing page's code is made of: none of the signed-in app's heavy parts.
    const sources = scripts.flatMap((s) => {
      const map = path.join(DIST, `${s.file}.map`);
      return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
    });
    for (const forbidden of ['node_modules/dexie/', 'node_modules/zod/', 'src/sync/', 'src/local/', '@radix-ui/react-dialog', '@radix-ui/react-dropdown-menu']) {
      expect(sources.filter((s) => s.includes(forbidden)), forbidden).toEqual([]);
    }
  });

  describe.skipIf(!hasChromium)('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(() => browser?.close());

    it(`the landing page transfers at most ${LANDING_BYTES_BUDGET_KIB} KiB, compressed as the server sends it`, { timeout: 60_000 }, async () => {
      const ctx = await newContext(browser, MOBILE);
      const page = await ctx.newPage();
      const encodings = new Map<string, string>();
      page.on('response', (res) => {
        const encoding = res.headers()['content-encoding'];
        if (encoding) encodings.set(new URL(res.url()).pathname, encoding);
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const bytes = await page.evaluate(() =>
        [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
      );
      const heaviest = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => [(e as PerformanceResourceTiming).transferSize, e.name] as const)
          .sort((a, b) => b[0] - a[0])
          .slice(0, 12)
          .map(([size, name]) => `${(size / 1024).toFixed(1)} KiB ${name}`)
          .join('\n'),
      );
      expect(bytes / 1024, heaviest).toBeLessThanOrEqual(LANDING_BYTES_BUDGET_KIB);
      // The page and its scripts arrive compressed (the build's brotli twins).
      expect(encodings.get('/')).toBe('br');
      expect([...encodings.entries()].filter(([p]) => p.endsWith('.js')).every(([, e]) => e === 'br')).toBe(true);
      await ctx.close();
    });
  });
});
