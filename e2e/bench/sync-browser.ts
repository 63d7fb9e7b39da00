/**
 * The member's side of `npm run bench -- sync` (issue F): the built PWA in headless Chromium against the
 * bench's API, for a member with a long history. Times are taken inside the page (performance.now), from the
 * key press or the socket frame to the DOM showing the result, so the browser's own work is what is measured.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserFigures {
  /** The app opened signed in with an empty device → every conversation in the mirror and the list on screen. */
  firstSyncMs: number;
  /** The same start → every message of the window in the mirror (the pages after the inbox run in the background). */
  historyMs: number;
  bubbleMs: number[];
  sentMs: number[];
  /** The newMessage frame reaching the page → the reply's bubble on screen. */
  replyVisibleMs: number;
  /** Back online → the server stored all queued sends. */
  offlineStoredMs: number;
  /** Back online → the page shows every one of them sent. */
  offlineShownMs: number;
  heapMb: number;
  indexedDbMb: number;
}

export interface BrowserRun {
  baseUrl: string;
  /** The member's access token: the bench's members have no password (sessions are issued directly). */
  token: string;
  conversations: number;
  /** Messages the device holds once the first sync has every page (conversations × the window). */
  windowMessages: number;
  /** A conversation of the member and its profile's name, for the chat screen. */
  conversationId: string;
  /** Sends a reply from the profile's side through the API. */
  reply(text: string): Promise<void>;
  /** Messages the member has sent that the server stored. */
  storedByMember(): Promise<number>;
  offlineSends: number;
  log(line: string): void;
}

/** Records every socket frame's arrival time in the page, before the app sees it. */
const FRAME_CLOCK = `(() => {
  window.__frames = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => window.__frames.push({ at: performance.now(), data: String(e.data).slice(0, 4000) }));
    }
  };
  // When the inbox first shows a conversation, for the first sync's breakdown.
  new MutationObserver((_, observer) => {
    if (!document.querySelector('a[href^="/messages/chat/"]')) return;
    window.__inboxAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
})();`;

async function mirrorCount(page: Page, dbName: string, store: string): Promise<number> {
  return page.evaluate(
    ({ dbName, store }) =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open(dbName);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
        req.onerror = () => resolve(0);
      }),
    { dbName, store },
  );
}

/** Types `text` and presses Enter; answers the ms from the key press to the bubble and to its 'sent' status. */
async function timedSend(page: Page, text: string, waitSent: boolean): Promise<{ bubble: number; sent: number }> {
  const box = page.locator('.composer textarea, .composer input[type="text"]').first();
  await box.fill(text);
  const timing = page.evaluate(
    ({ text, waitSent }) =>
      new Promise<{ bubble: number; sent: number }>((resolve) => {
        let pressed = 0;
        let bubble = 0;
        document.addEventListener('keydown', (e) => e.key === 'Enter' && (pressed ||= performance.now()), { capture: true, once: true });
        const check = () => {
          const item = [...document.querySelectorAll('.chat__messages [data-status]')].find((el) => el.textContent?.includes(text));
          if (!item || !pressed) return;
          bubble ||= performance.now() - pressed;
          if (!waitSent || item.getAttribute('data-status') === 'sent') {
            observer.disconnect();
            resolve({ bubble, sent: performance.now() - pressed });
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'], characterData: true });
      }),
    { text, waitSent },
  );
  await box.press('Enter');
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void page
        .locator('.chat__messages [data-status]')
        .evaluateAll((items) => items.slice(-3).map((el) => `${el.getAttribute('data-status')}: ${el.textContent?.slice(0, 60)}`))
        .catch(() => [])
        .then((seen) => reject(new Error(`"${text}" not shown${waitSent ? ' sent' : ''} in 30 s; last bubbles: ${JSON.stringify(seen)}; at ${page.url()}`)));
    }, 30_000);
  });
  try {
    return await Promise.race([timing, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where the first sync's time goes: the document, the app's first API calls, the engine's pages (the sync client's measures). */
function firstSyncBreakdown(page: Page): Promise<string> {
  return page.evaluate(() => {
    const ms = (n: number) => Math.round(n);
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const parts = nav ? [`html ${ms(nav.responseEnd)}`, `dom ready ${ms(nav.domContentLoadedEventEnd)}`] : [];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => r.name.endsWith('.js'));
    if (scripts.length) parts.push(`${scripts.length} scripts ${ms(Math.min(...scripts.map((r) => r.startTime)))}–${ms(Math.max(...scripts.map((r) => r.responseEnd)))}`);
    for (const r of resources) {
      const path = new URL(r.name).pathname;
      if (path.startsWith('/api/')) parts.push(`${path.replace(/\/[0-9a-f-]{36}$/, '/:id')} ${ms(r.startTime)}–${ms(r.responseEnd)}`);
    }
    for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('sync:')) parts.push(`${m.name} ${ms(m.startTime)}`);
    for (const m of performance.getEntriesByType('measure')) if (m.name.startsWith('sync:') || m.name.startsWith('view:')) parts.push(`${m.name} ${ms(m.startTime)}–${ms(m.startTime + m.duration)}`);
    parts.push(`inbox shown ${ms((window as unknown as { __inboxAt?: number }).__inboxAt ?? NaN)}`);
    return parts.join('; ');
  });
}

/** The engine's measures (requests and writes) that started after `from` ms into the page, relative to it. */
function engineTimeline(page: Page, from: number): Promise<string> {
  return page.evaluate((from) => {
    const entries = performance.getEntriesByType('measure').filter((m) => m.startTime >= from && (m.name.startsWith('sync:') || m.name.startsWith('view:')));
    return entries.map((m) => `${m.name} ${Math.round(m.startTime - from)}–${Math.round(m.startTime + m.duration - from)}`).join('; ');
  }, from);
}

/** A run's mark in a message: letters only, since the chat masks long digit runs (phone numbers) in bubbles. */
function tag(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

function userIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string })._id;
}

export async function measureInBrowser(run: BrowserRun): Promise<BrowserFigures> {
  const browser = await launchChromium(CHROMIUM);
  try {
    const context = await browser.newContext({ baseURL: run.baseUrl, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    context.setDefaultTimeout(120_000);
    await context.addInitScript(FRAME_CLOCK);
    // tsx compiles this file with esbuild's keepNames, which wraps the functions handed to page.evaluate in
    // calls of its `__name` helper; the page has no such helper.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    // Signed in as the app stores a session (docs/product.md#data auth state), on a device that holds nothing yet.
    const expiryDate = (JSON.parse(Buffer.from(run.token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
    await context.addInitScript(
      ({ token, expiryDate }) => localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token, expiryDate, tokenUpdateInterval: 3_000_000 })),
      { token: run.token, expiryDate },
    );
    // The browser's own first start (its binary and the static files read from disk) is not the member's wait:
    // a visitor's context loads the landing page once, then closes with everything it stored.
    const warmUp = await browser.newContext({ baseURL: run.baseUrl, serviceWorkers: 'block' });
    await (await warmUp.newPage()).goto('/', { waitUntil: 'networkidle' });
    await warmUp.close();

    const page = await context.newPage();
    const dbName = `amora-${userIdOf(run.token)}`;
    const started = Date.now();
    await page.goto('/messages/conversations');
    // Taken from the page, not from polling it: the bench's own IndexedDB reads queue behind the history pages
    // being written and would add their wait to the figure.
    await page.waitForFunction(() => (window as unknown as { __inboxAt?: number }).__inboxAt !== undefined, null, { polling: 25 });
    const inboxAt = await page.evaluate(() => performance.timeOrigin + (window as unknown as { __inboxAt: number }).__inboxAt);
    // The first page writes the whole list in one transaction, so an inbox that shows a row shows them all.
    const held = await mirrorCount(page, dbName, 'conversations');
    if (held < run.conversations) throw new Error(`the inbox showed with ${held} of ${run.conversations} conversations held`);
    const firstSyncMs = Math.round(inboxAt - started);
    run.log(`first sync: ${firstSyncMs} ms (${await mirrorCount(page, dbName, 'messages')} messages held)`);
    run.log(`first sync, from navigation start: ${await firstSyncBreakdown(page)}`);
    // Sends are timed on a settled device: while the history's pages are still being written, each send's
    // transaction waits for the page in progress (reported, not hidden: the row below).
    while ((await mirrorCount(page, dbName, 'messages')) < run.windowMessages && Date.now() - started < 180_000) await page.waitForTimeout(100);
    const historyMs = Date.now() - started;
    run.log(`history: ${historyMs} ms (${await mirrorCount(page, dbName, 'messages')} messages held)`);

    await page.goto(`/messages/chat/${run.conversationId}`);
    await page.locator('.composer').waitFor();
    const bubbleMs: number[] = [];
    const sentMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = await timedSend(page, `bench send ${i} ${tag()}`, true);
      bubbleMs.push(t.bubble);
      sentMs.push(t.sent);
    }

    const replyText = `bench reply ${tag()}`;
    const shown = page.evaluate(
      (text) =>
        new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (![...document.querySelectorAll('.chat__messages li')].some((el) => el.textContent?.includes(text))) return;
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        }),
      replyText,
    );
    await run.reply(replyText);
    const shownAt = await shown;
    const frameAt = await page.evaluate((text) => (window as unknown as { __frames: { at: number; data: string }[] }).__frames.find((f) => f.data.includes(text))?.at ?? NaN, replyText);
    const replyVisibleMs = shownAt - frameAt;

    const storedBefore = await run.storedByMember();
    await context.setOffline(true);
    for (let i = 0; i < run.offlineSends; i++) await timedSend(page, `offline ${i} ${tag()}`, false);
    run.log(`${run.offlineSends} sends queued offline`);
    const online = Date.now();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    while ((await run.storedByMember()) < storedBefore + run.offlineSends) await new Promise((r) => setTimeout(r, 20));
    const offlineStoredMs = Date.now() - online;
    await page.waitForFunction(() => document.querySelectorAll('.chat__messages [data-status="pending"]').length === 0, null, { polling: 20 });
    const offlineShownMs = Date.now() - online;
    run.log(`1000 offline, back online: ${await engineTimeline(page, online - (await page.evaluate(() => performance.timeOrigin)))}`);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heapMb = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    return { firstSyncMs, historyMs, bubbleMs, sentMs, replyVisibleMs, offlineStoredMs, offlineShownMs, heapMb, indexedDbMb: usage / 1024 / 1024 };
  } finally {
    await browser.close();
  }
}
