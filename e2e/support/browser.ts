import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

if (!hasChromium) {
  console.warn(`\n\n!!! E2E JOURNEYS SKIPPED: no Chromium at ${CHROMIUM}. Install it with: apt-get install -y chromium !!!\n\n`);
}

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function launch(): Promise<Browser> {
  return launchChromium(CHROMIUM);
}

/** Content-Security-Policy violations seen in any page, frame or worker since the last take (e2e/support/setup.ts fails the test on any). */
const cspViolations: string[] = [];

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Records every CSP violation: the DOM event in each page and frame, and the console line (which workers also print). */
async function recordCspViolations(ctx: BrowserContext) {
  await ctx.exposeBinding('__amoraCspViolation', ({ frame }, text: string) => {
    cspViolations.push(`${frame.url()}: ${text}`);
  });
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __amoraCspViolation?: (text: string) => void }).__amoraCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  ctx.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspViolations.push(`${msg.location().url}: ${msg.text()}`);
  });
}

/** Service workers are blocked unless a journey needs the PWA's own (an offline reload served from its cache). */
export async function newContext(browser: Browser, viewport = MOBILE, opts: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: inject('baseUrl'), viewport, serviceWorkers: opts.serviceWorkers ?? 'block' });
  ctx.setDefaultTimeout(15_000);
  await recordCspViolations(ctx);
  return ctx;
}

export async function shot(page: Page, name: string) {
  const file = path.join(inject('shotsDir'), `${name}.png`);
  // A picture of the page as a person sees it: the first-load overlay gone and transitions finished.
  await page.locator('#first-load').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  // Only finite animations end; looping ones (spinners, floating hearts, skeleton shimmer) are left running.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // A picture is for people to look at, not what a journey asserts: a renderer too busy to give a frame in time
  // (a loaded CI host) gets one more, viewport-sized, try and then a warning rather than a failed journey.
  try {
    await page.screenshot({ path: file, fullPage: true });
  } catch (first) {
    try {
      await page.screenshot({ path: file, timeout: 20_000 });
    } catch {
      console.warn(`screenshot ${name} not taken: ${(first as Error).message.split('\n')[0]}`);
    }
  }
  return file;
}

/** Newest mail in the SMTP sink sent to `to`, waiting for it to arrive. */
export async function waitForMail(to: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const dir = inject('mailDir');
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  const needle = to.replace(/[^a-z0-9@.+-]/gi, '_');
  while (Date.now() < until) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.includes(needle) && Number(f.split('-')[0]) >= (opts.after ?? 0))
          .sort()
      : [];
    const last = files.at(-1);
    if (last) return decodeMail(fs.readFileSync(path.join(dir, last), 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within the timeout`);
}

/** Undoes quoted-printable soft breaks and escapes so links can be read from the raw message. */
function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function firstLink(mail: string, contains: string): string {
  const m = mail.match(new RegExp(`https?://[^\\s"'<>]*${contains.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]*`));
  if (!m) throw new Error(`no link containing ${contains} in mail`);
  return m[0].replace(/&amp;/g, '&');
}
