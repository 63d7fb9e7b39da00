import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@api/db/client';
import { MAX_MUTATIONS_PER_PUSH, type Mutation, type PullResponse, type PushResponse } from '@sync/engine/mutations';
import { startApi, type ApiProcess } from './support/api-process.js';
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

/**
 * `npm run bench -- sync` (issue F), the server's part: a member with 500 conversations × 50 messages seeded in
 * PostgreSQL; the time of every page of a first sync (cursor 0, snapshot pages until `more` is false), and of
 * 1,000 sends queued offline pushed as two batches of 500 until stored. The browser's figures join this file.
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

    const ok = stored!.n === OFFLINE_SENDS && refused === 0;
    console.log(
      formatTable(`sync: PostgreSQL ${fresh.name}, ${os.cpus().length} cores, a member with ${CONVERSATIONS} × ${MESSAGES_PER_CONVERSATION} messages`, ['figure', 'value', 'target', 'result'], [
        ['first sync, all pages (server side) ms', sync.totalMs.toFixed(0), `<= ${TARGET_FIRST_SYNC_MS}`, verdict(sync.totalMs <= TARGET_FIRST_SYNC_MS)],
        ['  page 1: every conversation and its latest message, ms', sync.firstPageMs.toFixed(0)],
        ['  pages / changes', `${sync.pages} / ${sync.changes}`],
        [`${OFFLINE_SENDS} offline sends, ${OFFLINE_SENDS / MAX_MUTATIONS_PER_PUSH} pushes of ${MAX_MUTATIONS_PER_PUSH} → stored, ms`, offlineMs.toFixed(0), `<= ${TARGET_OFFLINE_MS}`, verdict(offlineMs <= TARGET_OFFLINE_MS)],
        ['  stored / refused', `${stored!.n} / ${refused}`, `${OFFLINE_SENDS} / 0`, ok ? 'ok' : 'BROKEN'],
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
