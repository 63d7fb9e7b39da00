import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { median } from './table.js';

/** The PostgreSQL server the benchmarks run on; override with BENCH_PG_URL (a URL to the server's postgres db). */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await admin((c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** A database of its own per run, dropped afterwards (FORCE: the API processes may still hold connections). */
export async function createFreshDatabase(prefix = 'bench'): Promise<FreshDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** pgbench reports its rate every this many seconds (-P). */
const SLICE_SECONDS = 5;

export interface PgbenchResult {
  /** The median of the run's 5-second slices: the yardstick the benches divide by. */
  tps: number;
  /** tps of each 5-second slice, as pgbench's progress report gives them. */
  slices: number[];
  /** pgbench's own figure for the whole run. */
  wholeRunTps: number;
  clients: number;
  seconds: number;
  transactions: number;
}

/**
 * `pgbench -i` (unless `init` is false: the tables are there) then the built-in tpcb-like script with the given
 * clients, on the run's own database: the yardstick the API's figures are divided by, measured on the same
 * machine in the same minute. pgbench vacuums its tables before each run, so a second run starts as clean.
 * A stall of a few seconds halved whole runs (399 and 565 tps seen against 1,500 minutes apart, on the same data;
 * docs/decisions/0049): the run reports every 5 seconds, and its figure is the median slice, which one such stall
 * does not move.
 */
export async function pgbench(db: FreshDatabase, clients: number, seconds: number, { init = true } = {}): Promise<PgbenchResult> {
  const url = new URL(db.url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: url.hostname, PGPORT: url.port || '5432', PGUSER: decodeURIComponent(url.username || 'postgres'), PGDATABASE: db.name };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  if (init) await run('pgbench', ['-i', '-q'], env);
  const out = await run('pgbench', ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), '-P', String(SLICE_SECONDS)], env);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  const done = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  const slices = [...out.matchAll(/progress: [\d.]+ s, ([\d.]+) tps/g)].map((m) => Number(m[1]));
  return { tps: slices.length ? median(slices) : Number(tps[1]), slices, wholeRunTps: Number(tps[1]), clients, seconds, transactions: Number(done?.[1] ?? 0) };
}

/** `1480 tps, the median of its 5 s slices (1450, 1480, 1510; 1478 over the whole run)`, for the benches' logs. */
export function pgbenchSummary(result: PgbenchResult): string {
  return `${result.tps.toFixed(0)} tps, the median of its 5 s slices (${result.slices.map((t) => t.toFixed(0)).join(', ')}; ${result.wholeRunTps.toFixed(0)} over the whole run)`;
}
