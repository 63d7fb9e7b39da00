import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM } from '../support/browser.js';
import { ROOT, startApi } from './support/api-process.js';
import { waitUntilIdle } from './support/cpu.js';
import { formatTable, verdict } from './support/table.js';

const LIGHTHOUSE = 'lighthouse@12.2.3';
/** Issue J's targets: Lighthouse mobile performance per page. */
const TARGETS: Record<string, number> = { '/': 95, '/sign-in': 95, '/profiles': 90 };

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * Lighthouse is not a dependency of the app (it is large and only this bench uses it): it is installed from npm,
 * once, into a folder of the system's temporary directory, and loaded from there.
 */
function installLighthouse(): string {
  const prefix = path.join(os.tmpdir(), 'amora-lighthouse');
  const entry = path.join(prefix, 'node_modules/lighthouse/core/index.js');
  if (!fs.existsSync(entry)) {
    console.log(`[lighthouse] installing ${LIGHTHOUSE} into ${prefix}`);
    fs.mkdirSync(prefix, { recursive: true });
    const res = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, LIGHTHOUSE], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`npm install ${LIGHTHOUSE} failed`);
  }
  return prefix;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[], digits = 0, scale = 1) => {
  const lo = Math.min(...values) / scale;
  const hi = Math.max(...values) / scale;
  return lo === hi ? lo.toFixed(digits) : `${lo.toFixed(digits)}–${hi.toFixed(digits)}`;
};

/**
 * `npm run bench -- lighthouse [--runs 3] [--pages /,/sign-in,/profiles] [--url http://localhost:3000] [--out dir]`
 *
 * Lighthouse mobile (simulated throttling) on the landing page, the sign-in page and, signed in as the README's demo
 * member with the service worker installed, `/profiles`; the built app (`npm run build` first) is started with the
 * demo data on PGlite unless --url names one already running. Lighthouse runs from npm against CHROMIUM_PATH (/usr/bin/chromium). The scores move by
 * several points between runs on a shared machine: the table gives each page's median and range. --out keeps each
 * run's report (JSON) in a folder, for its long tasks and the scripts' boot-up times.
 */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: '/,/sign-in,/profiles' },
      url: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  // Public pages first: once the demo member has signed in, they would open the member's app instead.
  const pages = values.pages!.split(',').sort((a, b) => Number(a === '/profiles') - Number(b === '/profiles'));
  const prefix = installLighthouse();
  const load = async <T>(file: string) => (await import(pathToFileURL(path.join(prefix, 'node_modules', file)).href)) as T;
  type LighthouseRun = { lhr: { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> } };
  const { default: lighthouse } = await load<{ default: (url: string, flags: object, config: undefined, page: unknown) => Promise<LighthouseRun> }>('lighthouse/core/index.js');
  type Page = { goto: (url: string, o?: object) => Promise<unknown>; $$: (s: string) => Promise<{ type: (t: string) => Promise<void> }[]>; keyboard: { press: (k: string) => Promise<void> }; waitForFunction: (f: () => boolean, o?: object) => Promise<unknown>; close: () => Promise<void> };
  type Browser = { newPage: () => Promise<Page>; close: () => Promise<void> };
  const { default: puppeteer } = await load<{ default: { launch: (o: object) => Promise<Browser> } }>('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js');

  if (!values.url && !fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    console.error('lighthouse: the web app is not built: run `npm run build` first (or pass --url)');
    return false;
  }
  // The demo data is seeded outside production only: the server runs as `npm start` runs it, on its own PGlite.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-lighthouse-data-'));
  const api = values.url ? undefined : await startApi({ env: { NODE_ENV: 'development', SEED_DEMO: 'true', DATA_DIR: dataDir } });
  // By the name `npm start` is reached at: the brand is chosen by host, and the demo member is the localhost brand's.
  const app = { url: values.url ?? `http://localhost:${api!.port}`, stop: async () => api?.stop() };
  // On a fresh data dir the server draws the demo's avatars in the background for a while: on a small machine that
  // would be measured as the page's blocking time.
  if (api) {
    console.log('[lighthouse] waiting for the server to settle (the seed draws the avatars in the background)');
    await waitUntilIdle(api.pid);
  }
  const browser = await puppeteer.launch({ executablePath: process.env.CHROME_PATH ?? CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
  const results = new Map<string, Run[]>();
  try {
    let signedIn = false;
    for (const pathname of pages) {
      for (let i = 0; i < runs; i++) {
        if (pathname === '/profiles' && !signedIn) {
          const page = await browser.newPage();
          await page.goto(`${app.url}/sign-in`, { waitUntil: 'networkidle0' });
          const [login, password] = await page.$$('input');
          await login!.type('demo');
          await password!.type('demo-pass-123');
          await page.keyboard.press('Enter');
          await page.waitForFunction(() => location.pathname !== '/sign-in', { timeout: 20_000 });
          // The service worker installs and the member's first sync settles: the member comes back to a warm app.
          await new Promise((resolve) => setTimeout(resolve, 3000));
          await page.close();
          signedIn = true;
        }
        const page = await browser.newPage();
        const { lhr } = await lighthouse(`${app.url}${pathname}`, { onlyCategories: ['performance'], formFactor: 'mobile', disableStorageReset: pathname === '/profiles', output: 'json', logLevel: 'error' }, undefined, page);
        const a = lhr.audits;
        const run: Run = { score: Math.round(lhr.categories.performance.score * 100), fcp: a['first-contentful-paint']!.numericValue, lcp: a['largest-contentful-paint']!.numericValue, tbt: a['total-blocking-time']!.numericValue, cls: a['cumulative-layout-shift']!.numericValue };
        console.log(`[lighthouse] ${pathname} run ${i + 1}: ${run.score} (FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)})`);
        results.set(pathname, [...(results.get(pathname) ?? []), run]);
        if (values.out) {
          fs.mkdirSync(values.out, { recursive: true });
          fs.writeFileSync(path.join(values.out, `${pathname.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(lhr));
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = [...results].map(([pathname, list]) => {
    const target = TARGETS[pathname];
    const score = median(list.map((r) => r.score));
    return [pathname, `${score} (${range(list.map((r) => r.score))})`, `${range(list.map((r) => r.fcp), 2, 1000)} / ${range(list.map((r) => r.lcp), 2, 1000)} s`, `${range(list.map((r) => r.tbt))} ms / ${range(list.map((r) => r.cls), 3)}`, target ? `>= ${target}` : '', target ? verdict(score >= target) : ''];
  });
  console.log(formatTable(`lighthouse: ${LIGHTHOUSE} mobile, ${runs} runs a page, ${os.cpus().length} cores`, ['page', 'score median (range)', 'FCP / LCP', 'TBT / CLS', 'target', 'result'], rows));
  return true;
}
