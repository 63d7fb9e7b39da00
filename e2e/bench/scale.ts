import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '@api/db/client';
import { agentLoop, FICTIVES, stockConversations } from './claims.js';
import { measureDelivery, measureSends } from './messages.js';
import { startApi, type ApiProcess } from './support/api-process.js';
import { postgresCpuMs, processCpuMs } from './support/cpu.js';
import { JsonClient } from './support/http-json.js';
import { NGINX_SITE, nginxBinary, startNginx, type Proxy } from './support/nginx.js';
import { createFreshDatabase, pgbench, postgresReachable, type FreshDatabase, pgbenchSummary } from './support/postgres.js';
import { formatTable, percentile, ratio, verdict } from './support/table.js';
import { newJwtSecret, openMigrated, rowsOf, seedWorld, type Principal, type World } from './support/world.js';

const TARGET_P99_MS = 50;
const cpuOf = (pids: number[]) => pids.reduce((ms, pid) => ms + processCpuMs(pid), 0);

interface StepFigures {
  processes: number;
  pool: number;
  sendsPerSecond: number;
  sendP99: number;
  sendsOk: number;
  sendsStored: number;
  sendsFailed: number;
  claimsPerSecond: number;
  claimP99: number;
  claims: number;
  claimFailures: string[];
  /** CPU per operation (send, claim+reply): all API processes, nginx, PostgreSQL. */
  cpu: { sendApi: number; sendProxy: number; sendPg: number; claimApi: number; claimProxy: number; claimPg: number };
  delivery: { posted: number; received: number; p50: number; p99: number; max: number };
  /** How the sockets spread over the processes (least_conn), read from each process's connections. */
  socketsPerProcess: number[];
}

/** Established TCP connections from the proxy into each API process, counted by the kernel. */
function connectionsPer(apis: ApiProcess[]): number[] {
  return apis.map((api) => {
    const out = spawnSync('ss', ['-Htn', 'state', 'established', `( sport = :${api.port} )`], { encoding: 'utf8' });
    return out.status === 0 ? out.stdout.split('\n').filter(Boolean).length : -1;
  });
}

/** Claims through the proxy: `warmup` untimed (every process compiles its hot paths), then `seconds` timed. */
async function measureClaims(proxy: Proxy, apis: ApiProcess[], agents: Principal[], warmup: number, seconds: number) {
  const http = new JsonClient(proxy.url, { connections: agents.length });
  let warmupLeft = warmup;
  const warm = await Promise.all(agents.map((agent) => agentLoop(http, agent, () => warmupLeft-- > 0)));
  const apiPids = apis.map((a) => a.pid);
  const api0 = cpuOf(apiPids);
  const proxy0 = cpuOf(proxy.pids());
  const pg0 = postgresCpuMs();
  const started = performance.now();
  const until = started + seconds * 1000;
  const runs = await Promise.all(agents.map((agent) => agentLoop(http, agent, () => performance.now() < until)));
  const elapsed = (performance.now() - started) / 1000;
  const claims = runs.reduce((n, r) => n + r.claims.length, 0);
  const per = (ms: number) => ms / Math.max(1, claims);
  const figures = {
    claims,
    perSecond: claims / elapsed,
    p99: percentile(runs.flatMap((r) => r.claimMs).sort((a, b) => a - b), 99),
    apiCpu: per(cpuOf(apiPids) - api0),
    proxyCpu: per(cpuOf(proxy.pids()) - proxy0),
    pgCpu: per(postgresCpuMs() - pg0),
    failures: [...warm, ...runs].flatMap((r) => r.failures),
    claimed: [...warm, ...runs].flatMap((r) => r.claims),
    replies: [...warm, ...runs].reduce((n, r) => n + r.replies, 0),
  };
  http.close();
  return figures;
}

/**
 * `npm run bench -- scale [--processes 1,2,4] [--seconds 15] [--clients 50] [--agents 50] [--stock 10000]
 * [--warmup 2000] [--rate 20] [--pgbench-seconds 15]`
 *
 * For each process count: that many API processes on one PostgreSQL database, behind nginx rendered from
 * deploy/nginx/amora.conf (the production file), and through it — never to a process directly — member sends,
 * agent claims with their replies, and admin replies timed until a member's socket gets newMessage (the socket on
 * whichever process the proxy chose, the reply on whichever process took the POST).
 */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: {
      processes: { type: 'string', default: '1,2,4' },
      seconds: { type: 'string', default: '15' },
      clients: { type: 'string', default: '50' },
      agents: { type: 'string', default: '50' },
      stock: { type: 'string', default: '10000' },
      warmup: { type: 'string', default: '2000' },
      rate: { type: 'string', default: '20' },
      'pgbench-seconds': { type: 'string', default: '15' },
    },
  });
  const counts = values.processes.split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 16)) throw new Error('--processes: a list of counts from 1 to 16, such as 1,2,4');
  const seconds = Number(values.seconds);
  const clients = Number(values.clients);
  const agentCount = Number(values.agents);
  const stockPerStep = Number(values.stock);
  const warmup = Number(values.warmup);
  const rate = Number(values.rate);
  const LISTENERS = 20;
  const log = (line: string) => console.log(`[scale] ${line}`);
  if (!(await postgresReachable())) {
    console.error('scale: PostgreSQL is not reachable (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)');
    return false;
  }
  if (!nginxBinary()) {
    console.error('scale: nginx is not installed (apt-get install -y nginx)');
    return false;
  }

  const jwtSecret = newJwtSecret();
  const credits = 1_000_000;
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;
  let apis: ApiProcess[] = [];
  let proxy: Proxy | undefined;
  try {
    fresh = await createFreshDatabase('bench_scale');
    log(`database ${fresh.name}: pgbench -i, then tpcb-like at ${clients} clients for ${values['pgbench-seconds']} s (the yardstick)`);
    const pg = await pgbench(fresh, clients, Number(values['pgbench-seconds']));
    log(`pgbench: ${pgbenchSummary(pg)}`);
    database = await openMigrated({ databaseUrl: fresh.url });
    const [{ max_connections: maxConnections } = { max_connections: 100 }] = await rowsOf<{ max_connections: number }>(
      database.db,
      sql`select current_setting('max_connections')::int as max_connections`,
    );
    const stockMembers = Math.ceil(((stockPerStep + warmup) * counts.length) / FICTIVES);
    // Per step: members for an untimed warm-up round of sends, the timed senders, the socket listeners.
    const perStep = 2 * clients + LISTENERS;
    log(`seeding ${stockMembers + perStep * counts.length} members, ${agentCount} agents, ${((stockPerStep + warmup) * counts.length).toLocaleString('en-US')} stocked conversations`);
    const world: World = await seedWorld(database, { jwtSecret, members: stockMembers + perStep * counts.length, credits, fictives: 50, agents: agentCount, admin: true });
    await stockConversations(database, { ...world, members: world.members.slice(0, stockMembers) }, (stockPerStep + warmup) * counts.length);

    const steps: StepFigures[] = [];
    for (const [step, n] of counts.entries()) {
      // Each process's pool, and all of them with their LISTEN connections and this bench's own, under max_connections.
      const pool = Math.max(4, Math.min(20, Math.floor((maxConnections - 10) / n) - 3));
      log(`${n} process${n > 1 ? 'es' : ''} (pool ${pool} each) behind nginx`);
      apis = [];
      for (let i = 0; i < n; i++) {
        apis.push(
          await startApi({
            env: { DATABASE_URL: fresh.url, JWT_SECRET: jwtSecret, DB_POOL_SIZE: String(pool), TRUST_PROXY: 'true' },
            logFile: path.join(os.tmpdir(), `bench-scale-${n}-${i}.log`),
          }),
        );
      }
      proxy = await startNginx(apis.map((a) => `127.0.0.1:${a.port}`));
      const apiPids = apis.map((a) => a.pid);
      const members = world.members.slice(stockMembers + step * perStep, stockMembers + (step + 1) * perStep);

      // A short untimed round of sends first, so every process has compiled the path before the timed one.
      await measureSends({ url: proxy.url, pids: apiPids }, database, members.slice(clients, 2 * clients), world.fictives, 3, credits);
      const proxy0 = cpuOf(proxy.pids());
      const sends = await measureSends({ url: proxy.url, pids: apiPids }, database, members.slice(0, clients), world.fictives, seconds, credits);
      const sendProxyCpu = (cpuOf(proxy.pids()) - proxy0) / Math.max(1, sends.ok);
      log(`  sends: ${sends.perSecond.toFixed(0)}/s`);

      const claims = await measureClaims(proxy, apis, world.agents, warmup, seconds);
      log(`  claims: ${claims.perSecond.toFixed(0)}/s`);

      const posts = Math.max(20, Math.round(rate * seconds));
      const sockets: Promise<number[]> = new Promise((resolve) => setTimeout(() => resolve(connectionsPer(apis)), 1_500));
      const delivery = await measureDelivery({ url: proxy.url }, { url: proxy.url }, world, members.slice(2 * clients), posts, { rate });
      log(`  delivery: p99 ${delivery.p99.toFixed(1)} ms`);

      steps.push({
        processes: n,
        pool,
        sendsPerSecond: sends.perSecond,
        sendP99: sends.p99,
        sendsOk: sends.ok,
        sendsStored: sends.stored,
        sendsFailed: sends.failed,
        claimsPerSecond: claims.perSecond,
        claimP99: claims.p99,
        claims: claims.claims,
        claimFailures: claims.failures,
        cpu: { sendApi: sends.apiCpuMs, sendProxy: sendProxyCpu, sendPg: sends.pgCpuMs, claimApi: claims.apiCpu, claimProxy: claims.proxyCpu, claimPg: claims.pgCpu },
        delivery,
        socketsPerProcess: await sockets,
      });
      await proxy.stop();
      proxy = undefined;
      for (const api of apis) await api.stop();
      apis = [];
    }

    const [db] = await rowsOf<{ double_claims: number; double_replies: number }>(
      database.db,
      sql`select
        (select count(*)::int from (select conversation_id from agent_claims group by conversation_id having count(*) > 1) d) as double_claims,
        (select count(*)::int from (select m.conversation_id from messages m where m.sender_type = 'profile'
           and exists (select 1 from messages w where w.conversation_id = m.conversation_id and w.sender_type = 'user' and w.message like 'waiting %')
           group by m.conversation_id having count(*) > 1) d) as double_replies`,
    );
    const base = steps[0]!;
    const rows = steps.flatMap((s) => {
      const speedup = (x: number, y: number) => `×${ratio(x, y).toFixed(2)}`;
      const sendsOk = s.sendsStored === s.sendsOk;
      return [
        [`${s.processes} process${s.processes > 1 ? 'es' : ''} (pool ${s.pool} each)`],
        ['  sends/s through nginx (sync push)', s.sendsPerSecond, speedup(s.sendsPerSecond, base.sendsPerSecond)],
        ['    ratio to pgbench, send p99 ms', `${ratio(s.sendsPerSecond, pg.tps).toFixed(2)}, ${s.sendP99.toFixed(1)}`],
        ['    CPU per send: APIs / nginx / PostgreSQL ms', `${s.cpu.sendApi.toFixed(2)} / ${s.cpu.sendProxy.toFixed(2)} / ${s.cpu.sendPg.toFixed(2)}`],
        ['    answered = stored (network failures)', `${s.sendsOk} = ${s.sendsStored} (${s.sendsFailed})`, '', sendsOk ? 'ok' : 'BROKEN'],
        ['  claims/s through nginx (each with its reply)', s.claimsPerSecond, speedup(s.claimsPerSecond, base.claimsPerSecond)],
        ['    ratio to pgbench, claim p99 ms', `${ratio(s.claimsPerSecond, pg.tps).toFixed(2)}, ${s.claimP99.toFixed(1)}`],
        ['    CPU per claim+reply: APIs / nginx / PostgreSQL ms', `${s.cpu.claimApi.toFixed(2)} / ${s.cpu.claimProxy.toFixed(2)} / ${s.cpu.claimPg.toFixed(2)}`],
        ['    refused claims or replies', s.claimFailures.length, '0', s.claimFailures.length === 0 ? 'ok' : 'BROKEN'],
        [`  newMessage delivery at ${rate}/s: received / posted`, `${s.delivery.received} / ${s.delivery.posted}`, '', s.delivery.received === s.delivery.posted ? 'ok' : 'MISSED'],
        ['    proxy connections per process during it', s.socketsPerProcess.join(' / ')],
        ['    delivery p50 / max ms', `${s.delivery.p50.toFixed(1)} / ${s.delivery.max.toFixed(1)}`],
        ['    delivery p99 ms', s.delivery.p99.toFixed(1), `<= ${TARGET_P99_MS}`, verdict(s.delivery.p99 <= TARGET_P99_MS)],
      ];
    });
    const invariantsOk =
      steps.every((s) => s.sendsStored === s.sendsOk && s.claimFailures.length === 0 && s.delivery.received === s.delivery.posted) && db!.double_claims === 0 && db!.double_replies === 0;
    console.log(
      formatTable(
        `scale: PostgreSQL ${fresh.name}, ${os.cpus().length} cores shared by the API processes, nginx, PostgreSQL and this load generator; ${seconds} s per figure; proxy: ${path.relative(process.cwd(), NGINX_SITE)}`,
        ['figure', 'value', 'vs 1 process / target', 'result'],
        [
          ['pgbench tpcb-like tps (the yardstick)', pg.tps],
          ...rows,
          ['double claims across all runs (agent_claims)', db!.double_claims, '0', db!.double_claims === 0 ? 'ok' : 'BROKEN'],
          ['stocked conversations replied to twice', db!.double_replies, '0', db!.double_replies === 0 ? 'ok' : 'BROKEN'],
        ],
      ),
    );
    for (const f of steps.flatMap((s) => s.claimFailures).slice(0, 5)) console.log(`  ${f}`);
    console.log(
      invariantsOk
        ? '\nscale: invariants hold (every answered send stored, 0 double claims, every reply delivered)'
        : '\nscale: INVARIANT BROKEN',
    );
    return invariantsOk;
  } finally {
    await proxy?.stop().catch(() => undefined);
    for (const api of apis) await api.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await fresh?.drop().catch((err) => console.error('could not drop the bench database', err));
  }
}
