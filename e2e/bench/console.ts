import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { Database } from '@api/db/client';
import { agents } from '@api/db/schema/index';
import { launchChromium } from '../support/chromium.js';
import { stockConversations } from './claims.js';
import { ROOT, startApi, type ApiProcess } from './support/api-process.js';
import { createFreshDatabase, postgresReachable, type FreshDatabase } from './support/postgres.js';
import { formatTable, percentile, verdict } from './support/table.js';
import { newJwtSecret, openMigrated, seedWorld } from './support/world.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_CLAIM_SHOWN_MS = 150;
const TARGET_REPLY_CONFIRMED_MS = 100;
const FICTIVES = 10;

/**
 * `npm run bench -- console` (issue 16, speed): the built console in headless Chromium against a real API
 * process on PostgreSQL, for one agent at a stock of waiting conversations. A scripted agent claims (Alt N),
 * waits for the chat, types a reply and sends it (Ctrl Enter), again and again. Times are taken inside the page
 * (performance.now): from the key press to the conversation's thread and enabled reply box on screen
 * (claim → chat shown), and to the claim leaving the list once the server answered the reply (reply → confirmed).
 * Replies per minute is the scripted loop's pace: the console's own cost per conversation, no human reading.
 */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({ args, options: { seconds: { type: 'string', default: '60' }, stock: { type: 'string', default: '400' }, warmup: { type: 'string', default: '10' } } });
  const seconds = Number(values.seconds);
  const stock = Number(values.stock);
  const warmup = Number(values.warmup);
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    console.error('console: web/dist is missing; run `npm run build` first');
    return false;
  }
  if (!(await postgresReachable())) {
    console.error('console: PostgreSQL is not reachable (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)');
    return false;
  }
  const log = (line: string) => console.log(`[console] ${line}`);
  const jwtSecret = newJwtSecret();
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;
  let api: ApiProcess | undefined;
  try {
    fresh = await createFreshDatabase('bench_console');
    database = await openMigrated({ databaseUrl: fresh.url });
    const world = await seedWorld(database, { jwtSecret, members: Math.ceil(stock / FICTIVES), credits: 0, fictives: FICTIVES, agents: 1 });
    const agent = world.agents[0]!;
    // The agent starts the shift in the browser (Alt S): offline until then.
    await database.db.update(agents).set({ status: 'offline', maxClaims: 3 }).where(eq(agents.id, agent.id));
    await stockConversations(database, world, stock);
    log(`${stock} conversations waiting in ${fresh.name}`);
    api = await startApi({ env: { DATABASE_URL: fresh.url, JWT_SECRET: jwtSecret }, logFile: path.join(os.tmpdir(), 'bench-console-api.log') });
    const figures = await runAgent(api.url, agent.token, { seconds, warmup, log });

    const claim = [...figures.claimShownMs].sort((a, b) => a - b);
    const reply = [...figures.replyConfirmedMs].sort((a, b) => a - b);
    const claimHttp = figures.claimHttpMs.filter(Number.isFinite).sort((a, b) => a - b);
    const replyHttp = figures.replyHttpMs.filter(Number.isFinite).sort((a, b) => a - b);
    const perMinute = (figures.replies / figures.loopMs) * 60_000;
    console.log(
      formatTable(
        `Agent console in Chromium: one agent, ${figures.replies} conversations claimed and answered in ${(figures.loopMs / 1000).toFixed(0)} s (after ${warmup} untimed)`,
        ['figure', 'p50', 'p95', 'target', 'verdict'],
        [
          ['claim → chat shown (ms)', percentile(claim, 50), percentile(claim, 95), `p95 ≤ ${TARGET_CLAIM_SHOWN_MS}`, verdict(percentile(claim, 95) <= TARGET_CLAIM_SHOWN_MS)],
          ['  of which GET /api/claim (ms)', percentile(claimHttp, 50), percentile(claimHttp, 95), undefined, undefined],
          ['reply → confirmed (ms)', percentile(reply, 50), percentile(reply, 95), `p95 ≤ ${TARGET_REPLY_CONFIRMED_MS}`, verdict(percentile(reply, 95) <= TARGET_REPLY_CONFIRMED_MS)],
          ['  of which POST …/message (ms)', percentile(replyHttp, 50), percentile(replyHttp, 95), undefined, undefined],
          ['replies per minute (scripted, typed)', perMinute, undefined, undefined, undefined],
          ['second fetches of a claimed conversation', figures.secondFetches, undefined, '0', verdict(figures.secondFetches === 0)],
        ],
      ),
    );
    return figures.secondFetches === 0 && figures.replies > 0;
  } finally {
    await api?.stop();
    await database?.close();
    await fresh?.drop();
  }
}

interface Figures {
  claimShownMs: number[];
  replyConfirmedMs: number[];
  /** Of which the HTTP round trip of GET /api/claim, and of the reply's POST. */
  claimHttpMs: number[];
  replyHttpMs: number[];
  replies: number;
  loopMs: number;
  /** GET /api/conversation/:id of a conversation between its claim and its reply: the view fetched again. */
  secondFetches: number;
}

/**
 * In the page: arms a timer that starts at the next key press and stops when `key`'s result is on screen
 * (checked on each DOM change); `timed()` then answers the milliseconds between them.
 */
async function arm(page: Page, key: 'claim' | 'reply', heldId: string | null): Promise<void> {
  await page.evaluate(
    ({ key, heldId }) => {
      const w = window as unknown as { timed?: Promise<{ ms: number; httpMs: number }> };
      w.timed = new Promise<{ ms: number; httpMs: number }>((resolve, reject) => {
        let pressed = 0;
        const first = new URL(location.href).searchParams.get('id');
        document.addEventListener('keydown', () => (pressed ||= performance.now()), { capture: true, once: true });
        const done = () => {
          if (key === 'claim') {
            const id = new URL(location.href).searchParams.get('id');
            const box = document.querySelector<HTMLTextAreaElement>('.ac-composer textarea');
            return !!id && id !== first && !!document.querySelector('.ac-thread') && !!box && !box.disabled;
          }
          return ![...document.querySelectorAll<HTMLAnchorElement>('[data-testid="held-claim"]')].some((a) => new URL(a.href).searchParams.get('id') === heldId);
        };
        const check = () => {
          if (!pressed || !done()) return;
          observer.disconnect();
          clearTimeout(timer);
          const now = performance.now();
          // The request's own round trip (the server's part and the network), from the browser's resource timing.
          const request = performance
            .getEntriesByType('resource')
            .find((e) => e.startTime >= pressed && (key === 'claim' ? /\/api\/claim$/.test(e.name) : /\/api\/conversation\/[^/]+\/message$/.test(e.name))) as PerformanceResourceTiming | undefined;
          resolve({ ms: now - pressed, httpMs: request ? request.responseEnd - request.startTime : NaN });
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent).join(' | ');
        const timer = setTimeout(() => reject(new Error(`${key}: nothing shown within 10 s (toasts: ${toasts()})`)), 10_000);
      });
      w.timed.catch(() => undefined);
    },
    { key, heldId },
  );
}

const timed = (page: Page) => page.evaluate(() => (window as unknown as { timed: Promise<{ ms: number; httpMs: number }> }).timed);

async function runAgent(baseUrl: string, token: string, opts: { seconds: number; warmup: number; log: (line: string) => void }): Promise<Figures> {
  const browser = await launchChromium(CHROMIUM);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    context.setDefaultTimeout(20_000);
    // tsx names the functions it compiles with a `__name` helper the page does not have: a no-op there.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const expiryDate = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
    await context.addInitScript(
      ({ token, expiryDate }) => localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token, expiryDate, tokenUpdateInterval: 3_000_000 })),
      { token, expiryDate },
    );
    const page = await context.newPage();
    // A conversation fetched again between its claim and its reply: the claim's own view was not used.
    const opened = new Set<string>();
    let secondFetches = 0;
    page.on('request', (request) => {
      const match = /\/api\/conversation\/([0-9a-f-]{36})$/.exec(new URL(request.url()).pathname);
      if (request.method() === 'GET' && match && opened.has(match[1]!)) secondFetches += 1;
    });
    await page.goto('/chat');
    const bar = page.getByRole('region', { name: 'Session', exact: true });
    await bar.getByText('Live', { exact: true }).waitFor();
    await page.keyboard.press('Alt+S');
    await bar.getByRole('status').filter({ hasText: 'Online' }).waitFor();

    const figures: Figures = { claimShownMs: [], replyConfirmedMs: [], claimHttpMs: [], replyHttpMs: [], replies: 0, loopMs: 0, secondFetches: 0 };
    let started = 0;
    for (let round = 0; ; round++) {
      if (round === opts.warmup) started = performance.now();
      if (round >= opts.warmup && performance.now() - started > opts.seconds * 1000) break;
      await arm(page, 'claim', null);
      await page.keyboard.press('Alt+N');
      const claim = await timed(page);
      const id = new URL(page.url()).searchParams.get('id')!;
      opened.add(id);
      const box = page.locator('.ac-composer textarea');
      await box.fill(`Lovely to hear from you, round ${round}`);
      await arm(page, 'reply', id);
      opened.delete(id);
      await box.press('Control+Enter');
      const reply = await timed(page);
      if (round >= opts.warmup) {
        figures.claimShownMs.push(claim.ms);
        figures.claimHttpMs.push(claim.httpMs);
        figures.replyConfirmedMs.push(reply.ms);
        figures.replyHttpMs.push(reply.httpMs);
        figures.replies += 1;
      }
      if (round % 25 === 0) opts.log(`round ${round}: claim → chat ${claim.ms.toFixed(0)} ms, reply → confirmed ${reply.ms.toFixed(0)} ms`);
    }
    figures.loopMs = performance.now() - started;
    figures.secondFetches = secondFetches;
    return figures;
  } finally {
    await browser.close();
  }
}
