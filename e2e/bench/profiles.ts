import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { bodyTypes, ethnicities, eyeColors, hairColors, relationshipStatuses, sortOptions } from '@sync/contract/entities';
import type { Database } from '@api/db/client';
import { freePort, ROOT, startApi, type ApiProcess } from './support/api-process.js';
import { postgresCpuMs, processCpuMs } from './support/cpu.js';
import { createFreshDatabase, postgresReachable, type FreshDatabase } from './support/postgres.js';
import { formatTable, percentile, ratio, verdict } from './support/table.js';
import { newJwtSecret, openMigrated, rowsOf, seedWorld, type Principal } from './support/world.js';

const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 100;

/**
 * `count` fictive profiles of the bench brand, half women and half men, every attribute drawn at random, created
 * over the last two years, each with two approved photos: written by PostgreSQL itself (generate_series), then
 * vacuumed and analysed, as a brand would look after years of growth.
 */
export async function buildProfiles(database: Database, brandId: string, count: number): Promise<void> {
  const pick = (values: readonly string[], type: string) => sql.raw(`(array[${values.map((v) => `'${v}'`).join(',')}]::${type}[])[1 + floor(random() * ${values.length})::int]`);
  await database.db.execute(sql`
    insert into profiles (kind, brand_id, username, gender, birth_date, body_type, ethnicity, hair_color, eye_color, height_cm,
      relationship_status, location, about_me, is_featured, is_premium, activity_date, create_date)
    select 'fictive', ${brandId}, 'p' || g || '_' || substr(md5(g::text), 1, 6), (case when g % 2 = 0 then 'woman' else 'man' end)::gender,
      (date '2007-01-01' - floor(random() * 365 * 50)::int), ${pick(bodyTypes, 'body_type')}, ${pick(ethnicities, 'ethnicity')},
      ${pick(hairColors, 'hair_color')}, ${pick(eyeColors, 'eye_color')}, 150 + floor(random() * 50)::int,
      ${pick(relationshipStatuses, 'relationship_status')}, '{"country":"US","city":"Austin","state":"TX"}'::jsonb,
      'Loves long walks and good coffee.', random() < 0.05, random() < 0.1,
      now() - random() * interval '30 days', now() - random() * interval '730 days'
    from generate_series(1, ${count}) g`);
  await database.db.execute(sql`
    insert into images (profile_id, type, processed, moderation, variants, storage_key, mime, width, height, bytes, sort_order)
    select p.id, (case when n = 0 then 'avatar' else 'photo' end)::image_type, true, 'approved',
      jsonb_build_object('small', jsonb_build_object('url', '/api/media/bench/' || p.id || '/' || n || '/small.jpg', 'width', 200, 'height', 250),
                         'medium', jsonb_build_object('url', '/api/media/bench/' || p.id || '/' || n || '/medium.jpg', 'width', 480, 'height', 600)),
      'bench/' || p.id || '/' || n, 'image/jpeg', 960, 1200, 90000, n
    from profiles p cross join generate_series(0, 1) n where p.kind = 'fictive'`);
  // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans need.
  await database.db.execute(sql`vacuum analyze profiles`);
  await database.db.execute(sql`vacuum analyze images`);
}

/** The filter sets a member may combine with each sort: none, two choices, an age band, height with two ethnicities, a five-way narrow one. */
const FILTER_SETS = ['', '&bodyType=fit&hairColor=blond', '&ageMin=25&ageMax=35', '&heightMin=170&heightMax=190&ethnicity=asian,white', '&bodyType=curvy&ethnicity=other&hairColor=red&eyeColor=amber&relationshipStatus=widowed'];
/** Where in the list: the first page, the next page by cursor, the 100th page by offset (3,564 rows in). */
const PLACES = ['first', 'cursor', 'page 100'] as const;

/**
 * The answer's `nextCursor`, the envelope's last field, read from its end: parsing every 36-card answer in the bench's
 * own process cost more CPU than the API spent on most of them, and the client shares the machine's two cores.
 */
function nextCursorOf(text: string): string {
  const at = text.lastIndexOf('"nextCursor":');
  if (at < 0) throw new Error(`no nextCursor in ${text.slice(0, 200)}`);
  return (JSON.parse(`{${text.slice(at)}`) as { nextCursor: string | null }).nextCursor ?? '';
}

interface Sample {
  ms: number;
  label: string;
}

/** `connections` keep-alive connections each asking `next()` back to back until the time is up. */
async function hammer(pool: Pool, connections: number, seconds: number, next: (worker: number) => { path: string; headers?: Record<string, string>; label: string; onBody?: (text: string) => void }): Promise<{ samples: Sample[]; errors: string[]; elapsed: number }> {
  const samples: Sample[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < until) {
        const ask = next(worker);
        const t0 = performance.now();
        const res = await pool.request({ method: 'GET', path: ask.path, headers: { accept: 'application/json', ...ask.headers } });
        const bytes = Buffer.from(await res.body.arrayBuffer());
        samples.push({ ms: performance.now() - t0, label: ask.label });
        // Only read when asked (or failed): decoding every answer would be the bench's CPU, not the API's.
        if (res.statusCode !== 200 || ask.onBody) {
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
          if (res.statusCode !== 200) errors.push(`${res.statusCode} ${ask.path} ${text.slice(0, 200)}`);
          else ask.onBody?.(text);
        }
      }
    }),
  );
  return { samples, errors, elapsed: (performance.now() - started) / 1000 };
}

async function startHelloWorld(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'e2e/bench/support/hello-world.ts'), String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`hello world exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * `npm run bench -- profiles [--profiles 100000] [--connections 50] [--seconds 10] [--rounds 2] [--accept-encoding 'gzip, deflate, br, zstd']`
 *
 * Builds the profiles in a fresh PostgreSQL database, then alternates, `rounds` times, `seconds` of Hono's
 * hello world and `seconds` of GET /api/profiles at the same connection count — every sort with every filter
 * set of FILTER_SETS, at the first page, by cursor and 100 pages in — so both see the same machine. The list is
 * asked as Chromium asks (`Accept-Encoding: gzip, deflate, br, zstd`); `--accept-encoding identity` measures the
 * answers uncompressed.
 */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: {
      profiles: { type: 'string', default: '100000' },
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
      // Iterating on the API: `--keep` leaves the built database behind and prints its URL; `--database URL`
      // measures against such a database instead of building one.
      keep: { type: 'boolean', default: false },
      database: { type: 'string' },
    },
  });
  const profileCount = Number(values.profiles);
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  const rounds = Number(values.rounds);
  if (!(await postgresReachable())) {
    console.error('profiles: PostgreSQL is not reachable (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)');
    return false;
  }
  const log = (line: string) => console.log(`[profiles] ${line}`);
  const jwtSecret = newJwtSecret();
  let fresh: FreshDatabase | undefined;
  let database: Database | undefined;
  let api: ApiProcess | undefined;
  let hello: { url: string; child: ChildProcess } | undefined;
  try {
    if (values.database === undefined) fresh = await createFreshDatabase('bench_profiles');
    const databaseUrl = values.database ?? fresh!.url;
    database = await openMigrated({ databaseUrl });
    const world = await seedWorld(database, { jwtSecret, members: connections, credits: 0, fictives: 0 });
    if (fresh) {
      const t0 = performance.now();
      await buildProfiles(database, world.brandId, profileCount);
      log(`${profileCount.toLocaleString('en-US')} profiles and ${(profileCount * 2).toLocaleString('en-US')} photos built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      if (values.keep) log(`kept for --database ${fresh.url}`);
    }
    api = await startApi({ env: { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret }, logFile: path.join(os.tmpdir(), 'bench-profiles-api.log') });
    hello = await startHelloWorld();
    const apiPool = new Pool(api.url, { connections, pipelining: 1 });
    const helloPool = new Pool(hello.url, { connections, pipelining: 1 });

    const combos = sortOptions.flatMap((sortBy) => FILTER_SETS.map((filters) => `sortBy=${sortBy}${filters}`));
    const cursors = new Map<string, string>();
    let turn = 0;
    const listAsk = (worker: number) => {
      const i = turn++;
      const combo = combos[i % combos.length]!;
      const place = PLACES[Math.floor(i / combos.length) % PLACES.length]!;
      const cursor = cursors.get(combo);
      const query = place === 'first' || (place === 'cursor' && !cursor) ? `${combo}&page=1` : place === 'cursor' ? `${combo}&page=2&cursor=${cursor}` : `${combo}&page=100`;
      return {
        path: `/api/profiles?limit=36&${query}`,
        headers: { ...(world.members[worker] as Principal).headers, 'accept-encoding': values['accept-encoding']! },
        label: `${combo} ${place}`,
        onBody: place === 'first' && !cursor ? (text: string) => cursors.set(combo, nextCursorOf(text)) : undefined,
      };
    };

    // Untimed: V8 compiles the hot paths, PostgreSQL reads the indexes into its cache.
    await hammer(apiPool, connections, Math.min(5, seconds), listAsk);
    await hammer(helloPool, connections, Math.min(3, seconds), () => ({ path: '/', label: 'hello' }));

    const helloRates: number[] = [];
    const listRates: number[] = [];
    const listSamples: Sample[] = [];
    const errors: string[] = [];
    let apiCpu = 0;
    let pgCpu = 0;
    let benchCpu = 0;
    let helloBenchCpu = 0;
    let helloed = 0;
    const ownCpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    let listed = 0;
    for (let round = 1; round <= rounds; round++) {
      const helloCpu0 = ownCpuMs();
      const h = await hammer(helloPool, connections, seconds, () => ({ path: '/', label: 'hello' }));
      helloBenchCpu += ownCpuMs() - helloCpu0;
      helloed += h.samples.length;
      helloRates.push(h.samples.length / h.elapsed);
      const apiCpu0 = processCpuMs(api.pid);
      const pgCpu0 = postgresCpuMs();
      const benchCpu0 = ownCpuMs();
      const l = await hammer(apiPool, connections, seconds, listAsk);
      benchCpu += ownCpuMs() - benchCpu0;
      apiCpu += processCpuMs(api.pid) - apiCpu0;
      pgCpu += postgresCpuMs() - pgCpu0;
      listed += l.samples.length;
      listRates.push(l.samples.length / l.elapsed);
      listSamples.push(...l.samples);
      errors.push(...l.errors, ...h.errors);
      log(`round ${round}: hello world ${helloRates.at(-1)!.toFixed(0)} req/s, profiles ${listRates.at(-1)!.toFixed(0)} req/s`);
    }
    await apiPool.close();
    await helloPool.close();

    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const helloRate = mean(helloRates);
    const listRate = mean(listRates);
    const all = listSamples.map((s) => s.ms).sort((a, b) => a - b);
    const byLabel = new Map<string, number[]>();
    for (const s of listSamples) byLabel.set(s.label, [...(byLabel.get(s.label) ?? []), s.ms]);
    const worst = [...byLabel.entries()].map(([label, ms]) => ({ label, p99: percentile(ms.sort((a, b) => a - b), 99) })).sort((a, b) => b.p99 - a.p99);
    const r = ratio(listRate, helloRate);
    const p99 = percentile(all, 99);
    const [sizes] = await rowsOf<{ women: number }>(database.db, sql`select count(*)::int as women from profiles where kind = 'fictive' and gender = 'woman'`);
    console.log(
      formatTable(`profiles: PostgreSQL ${databaseUrl.split('/').at(-1)}, ${os.cpus().length} cores, ${profileCount.toLocaleString('en-US')} profiles (${sizes!.women.toLocaleString('en-US')} a member browses), ${connections} connections, ${rounds} × ${seconds} s each, interleaved`, ['figure', 'value', 'target', 'result'], [
        ['Hono hello world req/s (node-server)', helloRate],
        [`GET /api/profiles req/s (36 a page, Accept-Encoding: ${values['accept-encoding']})`, listRate],
        ['  ratio profiles : hello world', r.toFixed(3), `>= ${TARGET_RATIO}`, verdict(r >= TARGET_RATIO)],
        ['  latency p50 / p99 ms', `${percentile(all, 50).toFixed(1)} / ${p99.toFixed(1)}`, `p99 <= ${TARGET_P99_MS}`, verdict(p99 <= TARGET_P99_MS)],
        [`  slowest of ${byLabel.size} sort × filter × place combinations, p99 ms`, `${worst[0]?.p99.toFixed(1)} (${worst[0]?.label})`, `<= ${TARGET_P99_MS}`, verdict((worst[0]?.p99 ?? 0) <= TARGET_P99_MS)],
        ['  CPU per request: API process / PostgreSQL ms', `${(apiCpu / Math.max(1, listed)).toFixed(2)} / ${(pgCpu / Math.max(1, listed)).toFixed(2)}`],
        ['  the bench client\'s own CPU per request: hello world / profiles ms', `${(helloBenchCpu / Math.max(1, helloed)).toFixed(2)} / ${(benchCpu / Math.max(1, listed)).toFixed(2)}`],
        ['errors', errors.length, '0', errors.length === 0 ? 'ok' : 'BROKEN'],
      ]),
    );
    for (const { label, p99: ms } of worst.slice(0, 5)) console.log(`  p99 ${ms.toFixed(1).padStart(7)} ms  ${label}`);
    for (const e of errors.slice(0, 5)) console.log(`  ${e}`);
    return errors.length === 0;
  } finally {
    hello?.child.kill('SIGTERM');
    await api?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    if (!values.keep) await fresh?.drop().catch((err) => console.error('could not drop the bench database', err));
  }
}
