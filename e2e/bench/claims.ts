import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '@api/config';
import type { Database } from '@api/db/client';
import { bulkInsert } from '@api/db/seed/bulk-insert';
import { conversations, messages } from '@api/db/schema/index';
import { startApi, type ApiProcess } from './support/api-process.js';
import { postgresCpuMs, processCpuMs } from './support/cpu.js';
import { JsonClient } from './support/http-json.js';
import { createFreshDatabase, pgbench, postgresReachable, type FreshDatabase, pgbenchSummary } from './support/postgres.js';
import { formatTable, percentile, ratio, verdict } from './support/table.js';
import { newJwtSecret, openMigrated, rowsOf, seedWorld, type Principal, type World } from './support/world.js';

const TARGET_RATIO = 0.5;
export const FICTIVES = 10;

/**
 * 10,000 conversations in the message stock: each member (stock / FICTIVES of them) wrote one message to each
 * fictive profile, waiting since some minute of the last week — written in bulk, as the stock would be after a
 * busy day. The first `warmup` of them waited longer (8 to 9 days), so the claim order hands them out first.
 */
export async function stockConversations(database: Database, world: World, stocked: number, warmup = 0): Promise<void> {
  const now = Date.now();
  const week = 7 * 24 * 60;
  const convRows: (typeof conversations.$inferInsert)[] = [];
  const msgRows: (typeof messages.$inferInsert)[] = [];
  for (let i = 0; i < stocked + warmup; i++) {
    const member = world.members[Math.floor(i / FICTIVES)]!;
    const minutesAgo = (i < warmup ? week + 24 * 60 : 0) + crypto.randomInt(i < warmup ? 24 * 60 : week);
    const waitingSince = new Date(now - minutesAgo * 60_000 - crypto.randomInt(60_000));
    const id = crypto.randomUUID();
    convRows.push({
      id,
      brandId: world.brandId,
      userId: member.id,
      profileId: world.fictives[i % FICTIVES]!,
      hasUserMessage: true,
      lastMessageDate: waitingSince,
      lastUserMessageDate: waitingSince,
      stock: 'message',
      stockDate: waitingSince,
      createDate: waitingSince,
      updateDate: waitingSince,
    });
    msgRows.push({ conversationId: id, senderType: 'user', messageType: 'text', message: `waiting ${i}`, isRead: true, dateSent: waitingSince });
  }
  await bulkInsert(database.db, conversations, convRows, 500);
  await bulkInsert(database.db, messages, msgRows, 500);
  await database.db.execute(sql`analyze`);
}

interface ClaimWrapperBody {
  conversation: { _id: string; messages: { _id: string; senderType: string }[] };
}

interface AgentRun {
  claims: string[];
  replies: number;
  claimMs: number[];
  failures: string[];
}

/**
 * One agent at the console: claim, read, reply (which releases the claim), claim again — while `more()` says
 * so, until 204.
 */
export async function agentLoop(http: JsonClient, agent: Principal, more: () => boolean): Promise<AgentRun> {
  const run: AgentRun = { claims: [], replies: 0, claimMs: [], failures: [] };
  while (more()) {
    const t0 = performance.now();
    const claim = await http.request<ClaimWrapperBody>('GET', '/api/claim', undefined, agent.headers);
    if (claim.status === 204) break;
    if (claim.status !== 200) {
      run.failures.push(`claim ${claim.status} ${JSON.stringify(claim.body).slice(0, 200)}`);
      break;
    }
    run.claimMs.push(performance.now() - t0);
    const conversation = claim.body.conversation;
    run.claims.push(conversation._id);
    const newest = conversation.messages[0]?._id;
    const reply = await http.request('POST', `/api/stock/${conversation._id}/reply`, { messageType: 'text', message: 'Hello there, how was your day?', lastMessageId: newest }, agent.headers);
    if (reply.status !== 200) {
      run.failures.push(`reply ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      break;
    }
    run.replies += 1;
  }
  return run;
}

/**
 * `npm run bench -- claims [--stock 10000] [--warmup 5000] [--agents 50] [--seconds 30] [--pgbench-seconds 15] [--pool N]`
 *
 * The figures are the API's steady state: the agents first claim and reply to `warmup` older conversations,
 * untimed, while V8 compiles the hot paths (a cold process spent a fifth of its CPU in its compiler threads
 * during the first seconds); the timed run then starts with exactly `stock` conversations waiting.
 */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: {
      stock: { type: 'string', default: '10000' },
      agents: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '5000' },
      'pgbench-seconds': { type: 'string', default: '15' },
      pool: { type: 'string' },
    },
  });
  const stocked = Number(values.stock);
  const agentCount = Number(values.agents);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  // The API's own pool size unless --pool: the agents are its HTTP clients, not database connections.
  const pool = values.pool === undefined ? undefined : Number(values.pool);
  if (!(await postgresReachable())) {
    console.error('claims: PostgreSQL is not reachable (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)');
    return false;
  }
  const log = (line: string) => console.log(`[claims] ${line}`);
  const jwtSecret = newJwtSecret();
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;
  let api: ApiProcess | undefined;
  try {
    fresh = await createFreshDatabase('bench_claims');
    log(`database ${fresh.name}: pgbench -i, then tpcb-like at ${agentCount} clients for ${values['pgbench-seconds']} s (and again after the claims)`);
    const pg = await pgbench(fresh, agentCount, Number(values['pgbench-seconds']));
    log(`pgbench: ${pgbenchSummary(pg)}`);

    database = await openMigrated({ databaseUrl: fresh.url });
    const world = await seedWorld(database, { jwtSecret, members: Math.ceil((stocked + warmup) / FICTIVES), credits: 0, fictives: FICTIVES, agents: agentCount });
    await stockConversations(database, world, stocked, warmup);
    log(`${stocked} conversations stocked (and ${warmup} older ones to warm up on); ${agentCount} agents online`);
    api = await startApi({ env: { DATABASE_URL: fresh.url, JWT_SECRET: jwtSecret, ...(pool ? { DB_POOL_SIZE: String(pool) } : {}) }, logFile: path.join(os.tmpdir(), 'bench-claims-api.log') });

    const http = new JsonClient(api.url, { connections: agentCount });
    let warmupLeft = warmup;
    const warm = await Promise.all(world.agents.map((agent) => agentLoop(http, agent, () => warmupLeft-- > 0)));
    const [stock] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from conversations where stock is not null`);
    log(`warmed up on ${warm.reduce((n, r) => n + r.claims.length, 0)} claims; ${stock!.n} conversations wait`);

    const apiCpu0 = processCpuMs(api.pid);
    const pgCpu0 = postgresCpuMs();
    const clientCpu0 = process.cpuUsage();
    const started = performance.now();
    const until = started + seconds * 1000;
    const runs = await Promise.all(world.agents.map((agent) => agentLoop(http, agent, () => performance.now() < until)));
    const elapsed = (performance.now() - started) / 1000;
    const claimsTotal = runs.reduce((n, r) => n + r.claims.length, 0);
    const apiCpuMs = (processCpuMs(api.pid) - apiCpu0) / Math.max(1, claimsTotal);
    const pgCpuMs = (postgresCpuMs() - pgCpu0) / Math.max(1, claimsTotal);
    const clientCpu = process.cpuUsage(clientCpu0);
    const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, claimsTotal);
    http.close();
    // pgbench again right after, the API stopped as it was for the first: the host's speed drifts over a
    // minute, and the baseline is the mean of the runs on either side of the claims.
    await api.stop();
    api = undefined;
    const pgAfter = await pgbench(fresh, agentCount, Number(values['pgbench-seconds']), { init: false });
    const baseline = (pg.tps + pgAfter.tps) / 2;
    log(`pgbench after: ${pgbenchSummary(pgAfter)}`);

    const all = [...warm, ...runs];
    const seen = new Map<string, number>();
    for (const r of all) for (const id of r.claims) seen.set(id, (seen.get(id) ?? 0) + 1);
    const doubleSeen = [...seen.values()].filter((n) => n > 1).length;
    const replies = all.reduce((n, r) => n + r.replies, 0);
    const measuredReplies = runs.reduce((n, r) => n + r.replies, 0);
    const failures = all.flatMap((r) => r.failures);
    const claimMs = runs.flatMap((r) => r.claimMs).sort((a, b) => a - b);
    const [db] = await rowsOf<{ double_claims: number; claim_rows: number; double_replies: number; replied: number; still_stocked: number }>(
      database.db,
      sql`select
        (select count(*)::int from (select conversation_id from agent_claims group by conversation_id having count(*) > 1) d) as double_claims,
        (select count(*)::int from agent_claims) as claim_rows,
        (select count(*)::int from (select conversation_id from messages where sender_type = 'profile' group by conversation_id having count(*) > 1) d) as double_replies,
        (select count(*)::int from messages where sender_type = 'profile') as replied,
        (select count(*)::int from conversations where stock is not null) as still_stocked`,
    );
    const claimsPerSecond = claimsTotal / elapsed;
    const r = ratio(claimsPerSecond, baseline);
    const ok = stock!.n === stocked && doubleSeen === 0 && db!.double_claims === 0 && db!.double_replies === 0 && db!.replied === replies && failures.length === 0;
    const check = (good: boolean) => (good ? 'ok' : 'BROKEN');
    console.log(
      formatTable(`claims: PostgreSQL ${fresh.name}, ${os.cpus().length} cores, ${agentCount} agents, ${stocked.toLocaleString('en-US')} stocked, ${elapsed.toFixed(1)} s after ${warmup.toLocaleString('en-US')} warm-up claims`, ['figure', 'value', 'target', 'result'], [
        ['pgbench tpcb-like tps (median 5 s slice), before / after the claims', `${pg.tps.toFixed(0)} / ${pgAfter.tps.toFixed(0)}`],
        ['  their mean, the baseline', baseline],
        [`claims per second (each followed by its reply; API pool ${pool ?? `${loadConfig({}).dbPoolSize}, its default`})`, claimsPerSecond],
        ['  ratio claims/s : baseline tps', r.toFixed(3), `>= ${TARGET_RATIO}`, verdict(r >= TARGET_RATIO)],
        ['  claim latency p50 / p99 ms', `${percentile(claimMs, 50).toFixed(1)} / ${percentile(claimMs, 99).toFixed(1)}`],
        ['  CPU per claim+reply: API process / PostgreSQL ms', `${apiCpuMs.toFixed(2)} / ${pgCpuMs.toFixed(2)}`],
        ['  CPU per claim+reply: the agents (this process, on the same cores) ms', clientCpuMs.toFixed(2)],
        ['  one API process ceiling (1000 / API CPU ms), ratio', `${(1000 / apiCpuMs).toFixed(0)}/s, ${ratio(1000 / apiCpuMs, baseline).toFixed(2)}`],
        ['conversations waiting when the timed run starts', stock!.n, `= ${stocked}`, check(stock!.n === stocked)],
        ['claims taken / replies stored (warm-up included)', `${all.reduce((n, r) => n + r.claims.length, 0)} / ${db!.replied}`, `= ${replies}`, check(db!.replied === replies)],
        ['conversations left in stock', db!.still_stocked, `= ${stocked - measuredReplies}`],
        ['double claims (seen by agents)', doubleSeen, '0', check(doubleSeen === 0)],
        ['double claims (agent_claims rows)', db!.double_claims, '0', check(db!.double_claims === 0)],
        ['conversations replied to twice', db!.double_replies, '0', check(db!.double_replies === 0)],
        ['refused claims or replies', failures.length, '0', check(failures.length === 0)],
      ]),
    );
    for (const f of failures.slice(0, 5)) console.log(`  ${f}`);
    console.log(ok ? '\nclaims: invariants hold (0 double claims, one reply per claim)' : '\nclaims: INVARIANT BROKEN');
    return ok;
  } finally {
    await api?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await fresh?.drop().catch((err) => console.error('could not drop the bench database', err));
  }
}
