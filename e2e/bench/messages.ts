import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { PushResponse, SendMessageResult } from '@sync/engine/mutations';
import type { Database } from '@api/db/client';
import { ROOT, startApi, type ApiProcess } from './support/api-process.js';
import { postgresCpuMs, processCpuMs } from './support/cpu.js';
import { JsonClient } from './support/http-json.js';
import { createFreshDatabase, pgbench, postgresReachable, type FreshDatabase, type PgbenchResult, pgbenchSummary } from './support/postgres.js';
import { formatTable, percentile, ratio, verdict } from './support/table.js';
import { newJwtSecret, openMigrated, rowsOf, seedWorld, type Principal, type World } from './support/world.js';

const TARGET_SEND_RATIO = 0.5;
const TARGET_P99_MS = 50;
const TARGET_SOCKETS = 10_000;
/** Replies in flight at once, back to back, for the extra figure under saturation. */
const DELIVERY_IN_FLIGHT = 5;
/** The offered rate (replies/s) at which delivery is timed: steady and below what one process serves. */
const DELIVERY_RATE = 20;

interface SendFigures {
  ok: number;
  refused: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  stored: number;
  creditsSpent: number;
  /** CPU per answered send: the API process, and all PostgreSQL processes (where the time goes). */
  apiCpuMs: number;
  pgCpuMs: number;
}

/** Where load goes: one API process, or a proxy in front of several (their pids are summed for CPU). */
export interface LoadTarget {
  url: string;
  pids: number[];
}

const cpuOf = (pids: number[]) => pids.reduce((ms, pid) => ms + processCpuMs(pid), 0);

/**
 * (b) Members sending over HTTP: one worker per connection, each a member's device pushing one sendMessage
 * per request through POST /api/sync/push (the outbox's real path, NOTIFY poke included), for `seconds`.
 */
export async function measureSends(api: LoadTarget, database: Database, members: Principal[], fictives: string[], seconds: number, credits: number): Promise<SendFigures> {
  const http = new JsonClient(api.url, { connections: members.length });
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let failed = 0;
  const apiCpu0 = cpuOf(api.pids);
  const pgCpu0 = postgresCpuMs();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    members.map(async (member, i) => {
      const clientId = `sends${crypto.randomBytes(8).toString('hex')}`;
      const profileId = fictives[i % fictives.length]!;
      let conversationId = 'blank';
      for (let mutationId = 1; performance.now() < until; mutationId++) {
        const t0 = performance.now();
        const args = { conversationId, profileId, messageId: crypto.randomUUID(), messageType: 'text', message: `load ${i}-${mutationId}` };
        try {
          const res = await http.request<PushResponse>('POST', '/api/sync/push', { clientId, mutations: [{ clientId, mutationId, name: 'sendMessage', args }] }, member.headers);
          const r = res.body.results?.[0];
          if (res.status !== 200 || !r) throw new Error(`push answered ${res.status}`);
          if (!r.ok) {
            refused += 1;
            continue;
          }
          ok += 1;
          latencies.push(performance.now() - t0);
          conversationId = (r.result as Extract<SendMessageResult, { conversationId: string }>).conversationId;
        } catch {
          failed += 1;
          // The counter did not move on our side: the next request replays or resends this id.
          mutationId -= 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const apiCpuMs = (cpuOf(api.pids) - apiCpu0) / Math.max(1, ok);
  const pgCpuMs = (postgresCpuMs() - pgCpu0) / Math.max(1, ok);
  http.close();
  const ids = sql.join(members.map((m) => sql`${m.id}::uuid`), sql`, `);
  const [row] = await rowsOf<{ stored: number; spent: number }>(
    database.db,
    sql`select
      (select count(*)::int from messages m join conversations c on c.id = m.conversation_id where c.user_id in (${ids}) and m.sender_type = 'user') as stored,
      (select coalesce(sum(${credits} - credits), 0)::int from users where id in (${ids})) as spent`,
  );
  latencies.sort((a, b) => a - b);
  return { ok, refused, failed, seconds: elapsed, perSecond: ok / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), stored: row!.stored, creditsSpent: row!.spent, apiCpuMs, pgCpuMs };
}

/** A number written with letters: members are shown runs of digits masked as phone numbers. */
const letters = (n: number) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));

interface DeliveryFigures {
  posted: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
  /** The reply's own HTTP answer on A, p50 / p99: the write path's share of the delivery time. */
  answeredP50: number;
  answeredP99: number;
  /** Deliveries that reached B's socket before A's HTTP answer reached the poster: the NOTIFY hop is not the cost. */
  beforeAnswer: number;
}

/**
 * (c) Replies posted as admin through process A (POST /api/conversation/{id}/message), each timed until the
 * member's socket on process B receives its newMessage: the PostgreSQL NOTIFY hop between processes included.
 */
export async function measureDelivery(
  a: Pick<LoadTarget, 'url'>,
  b: Pick<LoadTarget, 'url'>,
  world: World,
  members: Principal[],
  posts: number,
  pace: { inFlight: number; rate?: undefined } | { rate: number; inFlight?: undefined },
): Promise<DeliveryFigures> {
  const http = new JsonClient(a.url, { connections: pace.inFlight ?? 20 });
  // Each member writes first (a conversation in stock), so the admin has something to reply to.
  const threads: { member: Principal; conversationId: string; lastMessageId: string }[] = [];
  for (const [i, member] of members.entries()) {
    const clientId = `deliv${crypto.randomBytes(8).toString('hex')}`;
    const messageId = crypto.randomUUID();
    const args = { conversationId: 'blank', profileId: world.fictives[i % world.fictives.length]!, messageId, messageType: 'text', message: 'hello' };
    const res = await http.request<PushResponse>('POST', '/api/sync/push', { clientId, mutations: [{ clientId, mutationId: 1, name: 'sendMessage', args }] }, member.headers);
    const r = res.body.results[0]!;
    if (!r.ok) throw new Error(`setup send refused: ${JSON.stringify(r.error)}`);
    threads.push({ member, conversationId: (r.result as { conversationId: string }).conversationId, lastMessageId: messageId });
  }

  const waiting = new Map<string, (at: number) => void>();
  const sockets = await Promise.all(
    threads.map(
      (t) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${b.url.replace('http', 'ws')}/api/ws?token=${t.member.token}`, { perMessageDeflate: false });
          ws.on('message', (data) => {
            const at = performance.now();
            const frame = JSON.parse(data.toString()) as { event: string; message?: { message: string } };
            if (frame.event === 'newMessage' && frame.message) waiting.get(frame.message.message)?.(at);
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 300));

  const latencies: number[] = [];
  const answered: number[] = [];
  let posted = 0;
  let beforeAnswer = 0;
  let next = 0;
  const postOne = async (thread: (typeof threads)[number]) => {
    const text = `reply ${letters(next++)} ${letters(crypto.randomInt(1e9))}`;
    const got = new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 5_000);
      waiting.set(text, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const t0 = performance.now();
    const res = await http.request('POST', `/api/conversation/${thread.conversationId}/message`, { messageType: 'text', message: text, admin: true, lastMessageId: thread.lastMessageId }, world.admin!.headers);
    if (res.status !== 200) throw new Error(`admin reply answered ${res.status}: ${JSON.stringify(res.body)}`);
    const answeredAt = performance.now();
    answered.push(answeredAt - t0);
    posted += 1;
    const at = await got;
    waiting.delete(text);
    if (at !== undefined) latencies.push(at - t0);
    if (at !== undefined && at <= answeredAt) beforeAnswer += 1;
  };
  const started = performance.now();
  if (pace.rate !== undefined) {
    // Open loop at a steady offered rate: each reply leaves on its schedule whatever the others do, so the figure
    // is the delivery time, not the queue a saturating client builds.
    const interval = 1000 / pace.rate;
    const pending: Promise<void>[] = [];
    for (let i = 0; i < posts; i++) {
      const wait = started + i * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(postOne(threads[i % threads.length]!));
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: pace.inFlight }, async (_, w) => {
        const thread = threads[w % threads.length]!;
        while (next < posts) await postOne(thread);
      }),
    );
  }
  const elapsed = (performance.now() - started) / 1000;
  for (const s of sockets) s.close();
  http.close();
  latencies.sort((x, y) => x - y);
  answered.sort((x, y) => x - y);
  return { beforeAnswer, answeredP50: percentile(answered, 50), answeredP99: percentile(answered, 99), posted, received: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? 0, perSecond: posted / elapsed };
}

interface SocketFigures {
  wanted: number;
  opened: number;
  failed: number;
  established: number;
  rssBeforeKb: number;
  rssAfterKb: number;
  perSocketKb: number;
  openSeconds: number;
}

/** TCP connections established to the port, counted by the kernel (the server's side of the sockets). */
function establishedTo(port: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', () => resolve(-1));
    child.on('exit', () => resolve(out.split('\n').filter(Boolean).length));
  });
}

/** (d) Idle member sockets held by one API process, opened from a few client processes; RSS before and after. */
export async function measureIdleSockets(api: ApiProcess, members: Principal[], wanted: number): Promise<SocketFigures> {
  // Warm the process the way a served one is: a request and a socket that comes and goes.
  await fetch(`${api.url}/api/health`);
  await new Promise<void>((resolve) => {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/api/ws?token=${members[0]!.token}`);
    ws.once('open', () => {
      ws.close();
      resolve();
    });
    ws.once('error', () => resolve());
  });
  await new Promise((r) => setTimeout(r, 2_000));
  const rssBeforeKb = api.rssKb();

  const perProcess = 2_500;
  const holders: ChildProcess[] = [];
  const states: { opened: number; failed: number; ready: boolean }[] = [];
  const started = performance.now();
  const tokens = members.map((m) => m.token).join(',');
  for (let i = 0; i * perProcess < wanted; i++) {
    const count = Math.min(perProcess, wanted - i * perProcess);
    const child = spawn('/bin/sh', ['-c', `ulimit -n ${count + 512} 2>/dev/null; exec "${process.execPath}" --import tsx e2e/bench/support/socket-holder.ts`], {
      cwd: ROOT,
      env: { ...process.env, BENCH_WS_URL: `${api.url.replace('http', 'ws')}/api/ws`, BENCH_WS_COUNT: String(count), BENCH_WS_TOKENS: tokens },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const state = { opened: 0, failed: 0, ready: false };
    states.push(state);
    holders.push(child);
    let buffer = '';
    child.stdout!.on('data', (c: Buffer) => {
      buffer += c.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        try {
          Object.assign(state, JSON.parse(line));
        } catch {
          /* not ours */
        }
      }
    });
  }
  try {
    const deadline = Date.now() + 180_000;
    while (!states.every((s) => s.ready) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const openSeconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 3_000));
    const rssAfterKb = api.rssKb();
    const established = await establishedTo(api.port);
    const opened = states.reduce((n, s) => n + s.opened, 0);
    return {
      wanted,
      opened,
      failed: states.reduce((n, s) => n + s.failed, 0),
      established,
      rssBeforeKb,
      rssAfterKb,
      perSocketKb: opened > 0 ? (rssAfterKb - rssBeforeKb) / opened : 0,
      openSeconds,
    };
  } finally {
    for (const h of holders) h.kill('SIGTERM');
  }
}

/** `npm run bench -- messages [--seconds 15] [--clients 50] [--posts 1000] [--sockets 10000]` */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '15' },
      clients: { type: 'string', default: '50' },
      pool: { type: 'string' },
      posts: { type: 'string', default: '1000' },
      rate: { type: 'string', default: String(DELIVERY_RATE) },
      sockets: { type: 'string', default: String(TARGET_SOCKETS) },
    },
  });
  const seconds = Number(values.seconds);
  const clients = Number(values.clients);
  const pool = Number(values.pool ?? clients);
  const posts = Number(values.posts);
  const rate = Number(values.rate);
  const socketCount = Number(values.sockets);
  if (!(await postgresReachable())) {
    console.error('messages: PostgreSQL is not reachable (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)');
    return false;
  }
  const log = (line: string) => console.log(`[messages] ${line}`);
  const jwtSecret = newJwtSecret();
  const credits = 1_000_000;
  const LISTENERS = 20;
  const SOCKET_MEMBERS = 100;
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;
  const apis: ApiProcess[] = [];
  try {
    fresh = await createFreshDatabase('bench_messages');
    log(`database ${fresh.name}: pgbench -i, then tpcb-like at ${clients} clients for ${seconds} s`);
    const pg: PgbenchResult = await pgbench(fresh, clients, seconds);
    log(`pgbench: ${pgbenchSummary(pg)}`);

    database = await openMigrated({ databaseUrl: fresh.url });
    const world = await seedWorld(database, { jwtSecret, members: clients + LISTENERS + SOCKET_MEMBERS, credits, fictives: 50, admin: true });
    const senders = world.members.slice(0, clients);
    const listeners = world.members.slice(clients, clients + LISTENERS);
    const socketMembers = world.members.slice(clients + LISTENERS);
    const env = { DATABASE_URL: fresh.url, JWT_SECRET: jwtSecret };
    const logDir = os.tmpdir();
    // Process A gets as many database connections as pgbench had clients; B and C only listen and serve sockets.
    const a = await startApi({ env: { ...env, DB_POOL_SIZE: String(pool) }, logFile: path.join(logDir, 'bench-messages-a.log') });
    apis.push(a);

    log(`sends: ${clients} connections for ${seconds} s through POST /api/sync/push`);
    const sends = await measureSends({ url: a.url, pids: [a.pid] }, database, senders, world.fictives, seconds, credits);
    log(`sends: ${sends.perSecond.toFixed(0)}/s`);

    const b = await startApi({ env: { ...env, DB_POOL_SIZE: '5' }, logFile: path.join(logDir, 'bench-messages-b.log') });
    apis.push(b);
    const steadyPosts = Math.max(20, Math.round(Math.min(posts, rate * seconds)));
    log(`delivery: ${steadyPosts} admin replies at a steady ${rate}/s through process A, ${LISTENERS} member sockets on process B`);
    const delivery = await measureDelivery(a, b, world, listeners, steadyPosts, { rate });
    log(`delivery: p99 ${delivery.p99.toFixed(1)} ms`);
    log(`delivery under saturation: ${posts} admin replies, ${DELIVERY_IN_FLIGHT} in flight back to back`);
    const saturated = await measureDelivery(a, b, world, listeners.slice(0, DELIVERY_IN_FLIGHT), posts, { inFlight: DELIVERY_IN_FLIGHT });
    log(`delivery under saturation: p99 ${saturated.p99.toFixed(1)} ms`);
    await b.stop();
    await a.stop();

    const c = await startApi({ env, nofile: socketCount + 4_096, logFile: path.join(logDir, 'bench-messages-c.log') });
    apis.push(c);
    log(`sockets: ${socketCount} idle member sockets on one process`);
    const sockets = await measureIdleSockets(c, socketMembers, socketCount);

    const sendRatio = ratio(sends.perSecond, pg.tps);
    const lost = Math.max(0, sends.ok - sends.stored);
    const duplicated = Math.max(0, sends.stored - sends.ok);
    const invariantsOk = lost === 0 && duplicated === 0 && sends.creditsSpent === sends.stored;
    const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
    console.log(
      formatTable(`messages: PostgreSQL ${fresh.name}, ${os.cpus().length} cores, ${clients} clients, ${seconds} s`, ['figure', 'value', 'target', 'result'], [
        ['(a) pgbench tpcb-like tps', pg.tps],
        [`(b) HTTP sends/s (sync push, 1 message each; API pool ${pool})`, sends.perSecond],
        ['    ratio sends/s : pgbench tps', sendRatio.toFixed(2), `>= ${TARGET_SEND_RATIO}`, verdict(sendRatio >= TARGET_SEND_RATIO)],
        ['    send latency p50 / p99 ms', `${sends.p50.toFixed(1)} / ${sends.p99.toFixed(1)}`],
        ['    CPU per send: API process / PostgreSQL ms', `${sends.apiCpuMs.toFixed(2)} / ${sends.pgCpuMs.toFixed(2)}`],
        // One Node thread cannot go past 1000 / (its CPU ms per send) sends/s, however idle the machine.
        ['    one API process ceiling (1000 / API CPU ms), ratio', `${(1000 / sends.apiCpuMs).toFixed(0)}/s, ${ratio(1000 / sends.apiCpuMs, pg.tps).toFixed(2)}`],
        ['    sends answered ok / refused / network failures', `${sends.ok} / ${sends.refused} / ${sends.failed}`],
        ['    messages stored', sends.stored, `= ${sends.ok}`, sends.stored === sends.ok ? 'ok' : 'BROKEN'],
        ['    credits spent', sends.creditsSpent, `= ${sends.stored}`, sends.creditsSpent === sends.stored ? 'ok' : 'BROKEN'],
        [`(c) replies posted on A at a steady ${rate}/s (achieved)`, `${delivery.posted} (${delivery.perSecond.toFixed(0)}/s)`],
        ['    received on a socket of B', delivery.received, `= ${delivery.posted}`, delivery.received === delivery.posted ? 'ok' : 'MISSED'],
        ['    reply HTTP answer on A p50 / p99 ms', `${delivery.answeredP50.toFixed(1)} / ${delivery.answeredP99.toFixed(1)}`],
        ['    delivered before A answered the poster', `${Math.round((100 * delivery.beforeAnswer) / Math.max(1, delivery.received))} %`],
        ['    delivery p50 / max ms', `${delivery.p50.toFixed(1)} / ${delivery.max.toFixed(1)}`],
        ['    delivery p99 ms', delivery.p99.toFixed(1), `<= ${TARGET_P99_MS}`, verdict(delivery.p99 <= TARGET_P99_MS)],
        // Not the target: a closed loop posting as fast as answers come back measures the queue at saturation.
        [`    under saturation (${DELIVERY_IN_FLIGHT} in flight back to back): replies/s`, `${saturated.posted} (${saturated.perSecond.toFixed(0)}/s)`],
        ['    under saturation: received on B', saturated.received, `= ${saturated.posted}`, saturated.received === saturated.posted ? 'ok' : 'MISSED'],
        ['    under saturation: answer on A p50 / p99 ms', `${saturated.answeredP50.toFixed(1)} / ${saturated.answeredP99.toFixed(1)}`],
        ['    under saturation: delivery p50 / p99 ms', `${saturated.p50.toFixed(1)} / ${saturated.p99.toFixed(1)}`],
        ['(d) idle sockets opened (failed)', `${sockets.opened} (${sockets.failed})`, `${sockets.wanted}`, verdict(sockets.opened >= sockets.wanted)],
        ['    established at the server (ss)', sockets.established],
        ['    seconds to open them', sockets.openSeconds],
        ['    RSS before / after', `${mb(sockets.rssBeforeKb)} / ${mb(sockets.rssAfterKb)}`],
        ['    RSS per socket', `${sockets.perSocketKb.toFixed(1)} KB`],
      ]),
    );
    console.log(invariantsOk ? '\nmessages: invariants hold (0 lost, 0 duplicated, credits spent = messages stored)' : '\nmessages: INVARIANT BROKEN');
    return invariantsOk;
  } finally {
    for (const api of apis) await api.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await fresh?.drop().catch((err) => console.error('could not drop the bench database', err));
  }
}
