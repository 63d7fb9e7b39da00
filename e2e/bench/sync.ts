import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@api/db/client';
import { HISTORY_WINDOW } from '@sync/engine/window';
import { MAX_MUTATIONS_PER_PUSH, type Mutation, type PullResponse, type PushResponse } from '@sync/engine/mutations';
import fs from 'node:fs';
import { ROOT, startApi, type ApiProcess } from './support/api-process.js';
import { measureInBrowser, type BrowserFigures } from './sync-browser.js';
import { JsonClient } from './support/http-json.js';
import { seedMemberHistory } from './support/member-history.js';
import { createFreshDatabase, postgresReachable, type FreshDatabase } from './support/postgres.js';
import { formatTable, verdict } from './support/table.js';
import { newJwtSecret, openMigrated, rowsOf } from './support/world.js';

const CONVERSATIONS = 500;
const MESSAGES_PER_CONVERSATION = 50;
const OFFLINE_SENDS = 1000;
const TARGET_FIRST_SYNC_MS = 3000;
const TARGET_OFFLINE_MS = 3000;
const TARGET_BUBBLE_P95_MS = 50;
const TARGET_SENT_P95_MS = 300;
const TARGET_REPLY_VISIBLE_MS = 100;
const TARGET_OFFLINE_SHOWN_MS = TARGET_OFFLINE_MS + 500;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/**
 * `npm run bench -- sync` (issue F), the server's part: a member with 500 conversations × 50 messages seeded in
 * PostgreSQL; the time of every page of a first sync (cursor 0, snapshot pages until `more` is false), and of
 * 1,000 sends queued offline pushed as two batches of 500 until stored. Then the member's side in headless
 * Chromium (sync-browser.ts) on a second member with the same history: first sync until the inbox shows, Enter →
 * own bubble and → sent, an admin's reply → its bubble, 1,000 offline sends → stored and shown sent, memory.
 */
export async function main(): Promise<boolean> {
  if (!(await postgresReachable())) {
    console.error('sync: PostgreSQL is not reachable (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)');
    return false;
  }
  const log = (line: string) => console.log(`[sync] ${line}`);
  const jwtSecret = newJwtSecret();
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;
  let api: ApiProcess | undefined;
  try {
    fresh = await createFreshDatabase('bench_sync');
    database = await openMigrated({ databaseUrl: fresh.url });
    const history = await seedMemberHistory(database, { jwtSecret, conversations: CONVERSATIONS, messagesPerConversation: MESSAGES_PER_CONVERSATION, credits: OFFLINE_SENDS });
    const browserHistory = await seedMemberHistory(database, {
      jwtSecret,
      conversations: CONVERSATIONS,
      messagesPerConversation: MESSAGES_PER_CONVERSATION,
      credits: OFFLINE_SENDS + 100,
      admin: true,
    });
    log(`member with ${CONVERSATIONS} conversations × ${MESSAGES_PER_CONVERSATION} messages seeded in ${fresh.name}`);
    api = await startApi({ env: { DATABASE_URL: fresh.url, JWT_SECRET: jwtSecret }, logFile: path.join(os.tmpdir(), 'bench-sync-api.log') });
    const http = new JsonClient(api.url);
    const headers = history.member.headers;
    const clientId = `bench-${crypto.randomBytes(6).toString('hex')}`;

    // A warm-up first sync from another device: the API's first requests compile and plan.
    await firstSync(http, headers, `warm-${crypto.randomBytes(6).toString('hex')}`);
    const sync = await firstSync(http, headers, clientId);
    log(`first sync: ${sync.pages} pages, ${sync.changes} changes, page 1 (the inbox) in ${sync.firstPageMs.toFixed(0)} ms`);

    const sends: Mutation[] = Array.from({ length: OFFLINE_SENDS }, (_, i) => {
      const to = history.conversations[i % history.conversations.length]!;
      return { clientId, mutationId: i + 1, name: 'sendMessage', args: { conversationId: to.id, profileId: to.profileId, messageId: crypto.randomUUID(), messageType: 'text', message: `offline ${i + 1}` } };
    });
    const started = performance.now();
    let refused = 0;
    for (let i = 0; i < sends.length; i += MAX_MUTATIONS_PER_PUSH) {
      const res = await http.request<PushResponse>('POST', '/api/sync/push', { clientId, mutations: sends.slice(i, i + MAX_MUTATIONS_PER_PUSH) }, headers, 60_000);
      if (res.status !== 200) throw new Error(`push answered ${res.status}: ${JSON.stringify(res.body)}`);
      const failed = res.body.results.filter((r) => !r.ok);
      if (failed.length > 0 && refused === 0) log(`refused: ${JSON.stringify(failed[0])}`);
      refused += failed.length;
    }
    const offlineMs = performance.now() - started;
    const [stored] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from messages where client_id = ${clientId}`);
    http.close();

    let browser: BrowserFigures | undefined;
    if (fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
      const target = browserHistory.conversations[0]!;
      const db = database;
      const admin = browserHistory.admin!;
      browser = await measureInBrowser({
        baseUrl: api.url,
        token: browserHistory.member.token,
        conversations: CONVERSATIONS,
        windowMessages: CONVERSATIONS * Math.min(MESSAGES_PER_CONVERSATION, HISTORY_WINDOW),
        conversationId: target.id,
        offlineSends: OFFLINE_SENDS,
        log,
        storedByMember: async () =>
          (await rowsOf<{ n: number }>(db.db, sql`select count(*)::int as n from messages where conversation_id = ${target.id}::uuid and sender_type = 'user' and client_id is not null`))[0]!.n,
        reply: async (text) => {
          const [last] = await rowsOf<{ id: string }>(db.db, sql`select id from messages where conversation_id = ${target.id}::uuid order by date_sent desc, id desc limit 1`);
          const client = new JsonClient(api!.url);
          const res = await client.request('POST', `/api/conversation/${target.id}/message`, { messageType: 'text', message: text, admin: true, lastMessageId: last!.id }, admin.headers);
          client.close();
          if (res.status !== 200) throw new Error(`admin reply answered ${res.status}: ${JSON.stringify(res.body)}`);
        },
      });
    } else {
      log('web/dist is missing: run `npm run build` for the browser figures');
    }

    const ok = stored!.n === OFFLINE_SENDS && refused === 0;
    const browserRows = browser
      ? [
          ['browser: first sync until the inbox shows, ms', browser.firstSyncMs.toFixed(0), `<= ${TARGET_FIRST_SYNC_MS}`, verdict(browser.firstSyncMs <= TARGET_FIRST_SYNC_MS)],
          ['  then every message of the window held (background pages), ms', browser.historyMs.toFixed(0)],
          ['browser: Enter → own bubble p50 / p95, ms (20 sends)', `${percentile(browser.bubbleMs, 50).toFixed(1)} / ${percentile(browser.bubbleMs, 95).toFixed(1)}`, `p95 <= ${TARGET_BUBBLE_P95_MS}`, verdict(percentile(browser.bubbleMs, 95) <= TARGET_BUBBLE_P95_MS)],
          ['browser: Enter → "sent" p50 / p95, ms', `${percentile(browser.sentMs, 50).toFixed(1)} / ${percentile(browser.sentMs, 95).toFixed(1)}`, `p95 <= ${TARGET_SENT_P95_MS}`, verdict(percentile(browser.sentMs, 95) <= TARGET_SENT_P95_MS)],
          ['browser: reply frame → bubble in the open chat, ms', browser.replyVisibleMs.toFixed(1), `<= ${TARGET_REPLY_VISIBLE_MS}`, verdict(browser.replyVisibleMs <= TARGET_REPLY_VISIBLE_MS)],
          [`browser: ${OFFLINE_SENDS} offline sends, back online → stored, ms`, browser.offlineStoredMs.toFixed(0), `<= ${TARGET_OFFLINE_MS}`, verdict(browser.offlineStoredMs <= TARGET_OFFLINE_MS)],
          [`browser: ${OFFLINE_SENDS} offline sends, back online → all shown sent, ms`, browser.offlineShownMs.toFixed(0), `<= ${TARGET_OFFLINE_SHOWN_MS}`, verdict(browser.offlineShownMs <= TARGET_OFFLINE_SHOWN_MS)],
          ['browser: JS heap / IndexedDB, MB', `${browser.heapMb.toFixed(1)} / ${browser.indexedDbMb.toFixed(1)}`],
        ]
      : [];
    console.log(
      formatTable(`sync: PostgreSQL ${fresh.name}, ${os.cpus().length} cores, a member with ${CONVERSATIONS} × ${MESSAGES_PER_CONVERSATION} messages`, ['figure', 'value', 'target', 'result'], [
        ['first sync, all pages (server side) ms', sync.totalMs.toFixed(0), `<= ${TARGET_FIRST_SYNC_MS}`, verdict(sync.totalMs <= TARGET_FIRST_SYNC_MS)],
        ['  page 1: every conversation and its latest message, ms', sync.firstPageMs.toFixed(0)],
        ['  pages / changes', `${sync.pages} / ${sync.changes}`],
        [`${OFFLINE_SENDS} offline sends, ${OFFLINE_SENDS / MAX_MUTATIONS_PER_PUSH} pushes of ${MAX_MUTATIONS_PER_PUSH} → stored, ms`, offlineMs.toFixed(0), `<= ${TARGET_OFFLINE_MS}`, verdict(offlineMs <= TARGET_OFFLINE_MS)],
        ['  stored / refused', `${stored!.n} / ${refused}`, `${OFFLINE_SENDS} / 0`, ok ? 'ok' : 'BROKEN'],
        ...browserRows,
      ]),
    );
    return ok;
  } finally {
    await api?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await fresh?.drop().catch((err) => console.error('could not drop the bench database', err));
  }
}

/** Every page of a pull from cursor 0, timed from the first request to the last answer. */
async function firstSync(http: JsonClient, headers: Record<string, string>, clientId: string) {
  const started = performance.now();
  let firstPageMs = 0;
  let pages = 0;
  let changes = 0;
  let body: PullResponse = { cursor: 0, lastMutationId: 0, patch: [], more: true };
  while (body.more) {
    const res = await http.request<PullResponse>('POST', '/api/sync/pull', { clientId, cursor: body.cursor, snapshot: body.snapshot }, headers, 60_000);
    if (res.status !== 200) throw new Error(`pull answered ${res.status}: ${JSON.stringify(res.body)}`);
    body = res.body;
    pages += 1;
    changes += body.patch.length;
    if (pages === 1) firstPageMs = performance.now() - started;
  }
  return { totalMs: performance.now() - started, firstPageMs, pages, changes };
}
