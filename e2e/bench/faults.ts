import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@api/db/client';
import { startApi } from './support/api-process.js';
import { DEFAULT_FAULTS, startFaultProxy, type FaultCounts } from './support/fault-proxy.js';
import { createFreshDatabase, type FreshDatabase } from './support/postgres.js';
import { SimulatedMember, type SimStats } from './support/sim-member.js';
import { formatTable } from './support/table.js';
import { newJwtSecret, openMigrated, rowsOf, seedWorld } from './support/world.js';

export interface FaultsOptions {
  sends: number;
  clients: number;
  /** PostgreSQL (a fresh database on the bench server) instead of PGlite in a temporary data directory. */
  postgres?: boolean;
  log?: (line: string) => void;
}

export interface FaultsResult {
  database: 'pglite' | 'postgres';
  sends: number;
  clients: number;
  seconds: number;
  faults: FaultCounts;
  client: SimStats;
  queued: number;
  stored: number;
  lost: number;
  duplicated: number;
  unexpected: number;
  refused: number;
  creditsSpent: number;
  ledgerDebits: number;
  ledgerUnbalanced: number;
  devicesNotConverged: number;
  ok: boolean;
}

/** Extra credits each member holds beyond its sends, so no send is refused and every credit spent is a message. */
const SPARE_CREDITS = 5;
const FICTIVES = 10;

/**
 * Issue C's fault test: members' devices send through a proxy that resets, drops and delays connections;
 * every failure is retried by the sync engine. Afterwards the database must hold each queued message exactly
 * once, and the credits spent, the messages stored and the ledger's message debits must be the same number.
 */
export async function runFaults(opts: FaultsOptions): Promise<FaultsResult> {
  const log = opts.log ?? (() => undefined);
  const perClient = Math.ceil(opts.sends / opts.clients);
  const credits = perClient + SPARE_CREDITS;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-faults-'));
  const jwtSecret = newJwtSecret();
  let pgDb: FreshDatabase | undefined;
  let database: Database | undefined;
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined;
  const sims: SimulatedMember[] = [];
  try {
    if (opts.postgres) pgDb = await createFreshDatabase('bench_faults');
    const where = pgDb ? { databaseUrl: pgDb.url } : { dataDir: path.join(tmp, 'pglite') };
    database = await openMigrated(where);
    const world = await seedWorld(database, { jwtSecret, members: opts.clients, credits, fictives: FICTIVES });
    // PGlite is one process's database: the seeder lets go before the server opens it.
    if (!pgDb) {
      await database.close();
      database = undefined;
    }
    log(`[faults] ${opts.clients} members seeded on ${pgDb ? 'PostgreSQL' : 'PGlite'}; starting the API`);
    api = await startApi({ env: { JWT_SECRET: jwtSecret, ...(pgDb ? { DATABASE_URL: pgDb.url } : { DATA_DIR: tmp }) }, logFile: path.join(tmp, 'api.log') });
    proxy = await startFaultProxy({ host: '127.0.0.1', port: api.port }, DEFAULT_FAULTS);
    const viaProxy = `http://127.0.0.1:${proxy.port}`;

    const started = performance.now();
    await Promise.all(
      world.members.map(async (member, c) => {
        const sim = new SimulatedMember(member, viaProxy, { timeoutMs: 2_000, backoffBaseMs: 50, backoffCapMs: 1_000 });
        sims.push(sim);
        await sim.sync();
        const mine = [0, 1, 2].map((k) => world.fictives[(c + k * 3) % world.fictives.length]!);
        for (let i = 0; i < perClient && c * perClient + i < opts.sends; i++) {
          await sim.send(mine[Math.floor(Math.random() * mine.length)]!, `bench ${c}-${i}`);
          // Some sends go out at once, others pile up as if offline and leave in one push.
          if (Math.random() < 0.4) await sim.sync();
        }
        await sim.sync();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    log(`[faults] all devices drained in ${seconds.toFixed(1)} s; checking the database`);
    const faults = { ...proxy.counts };
    await proxy.close();
    proxy = undefined;
    if (!pgDb) {
      await api.stop();
      api = undefined;
      database = await openMigrated(where);
    }

    const memberIds = world.members.map((m) => m.id);
    const ids = sql.join(memberIds.map((id) => sql`${id}::uuid`), sql`, `);
    const rows = await rowsOf<{ id: string; user_id: string; message: string; client_id: string | null; mutation_id: number | null }>(
      database!.db,
      sql`
        select m.id, c.user_id, m.message, m.client_id, m.mutation_id from messages m
        join conversations c on c.id = m.conversation_id
        where c.user_id in (${ids}) and m.sender_type = 'user'`,
    );
    const queued = new Set(sims.flatMap((s) => s.queued));
    const storedIds = new Set(rows.map((r) => r.id));
    const lost = [...queued].filter((id) => !storedIds.has(id)).length;
    const unexpected = rows.filter((r) => !queued.has(r.id)).length;
    const perText = new Map<string, number>();
    for (const r of rows) perText.set(r.message, (perText.get(r.message) ?? 0) + 1);
    const perMutation = new Map<string, number>();
    for (const r of rows) perMutation.set(`${r.client_id}/${r.mutation_id}`, (perMutation.get(`${r.client_id}/${r.mutation_id}`) ?? 0) + 1);
    const duplicated =
      [...perText.values()].reduce((n, k) => n + (k - 1), 0) + [...perMutation.values()].reduce((n, k) => n + (k - 1), 0) + (rows.length - storedIds.size);

    const [money] = await rowsOf<{ spent: number; debits: number; debit_sum: number; unbalanced: number; refused: number }>(
      database!.db,
      sql`
        select
          (select coalesce(sum(${credits} - u.credits), 0)::int from users u where u.id in (${ids})) as spent,
          (select count(*)::int from credit_ledger l where l.user_id in (${ids}) and l.reason = 'message') as debits,
          (select coalesce(-sum(l.delta), 0)::int from credit_ledger l where l.user_id in (${ids}) and l.reason = 'message') as debit_sum,
          (select count(*)::int from users u where u.id in (${ids})
             and u.credits <> (select coalesce(sum(l.delta), 0) from credit_ledger l where l.user_id = u.id)) as unbalanced,
          (select count(*)::int from sync_mutations s join sync_clients k on k.client_id = s.client_id
             where k.user_id in (${ids}) and s.error is not null) as refused`,
    );

    let devicesNotConverged = 0;
    for (const sim of sims) {
      const onDevice = await sim.confirmedMessageIds();
      const inDb = new Set(rows.filter((r) => r.user_id === sim.member.id).map((r) => r.id));
      if (onDevice.size !== inDb.size || [...inDb].some((id) => !onDevice.has(id)) || sim.replica.pending.length > 0) devicesNotConverged += 1;
    }

    const client: SimStats = { pushes: 0, pulls: 0, networkErrors: 0, serverErrors: 0 };
    for (const s of sims) for (const k of Object.keys(client) as (keyof SimStats)[]) client[k] += s.stats[k];
    const result: FaultsResult = {
      database: pgDb ? 'postgres' : 'pglite',
      sends: queued.size,
      clients: opts.clients,
      seconds,
      faults,
      client,
      queued: queued.size,
      stored: rows.length,
      lost,
      duplicated,
      unexpected,
      refused: money!.refused,
      creditsSpent: money!.spent,
      ledgerDebits: money!.debits,
      ledgerUnbalanced: money!.unbalanced,
      devicesNotConverged,
      ok: false,
    };
    result.ok =
      lost === 0 &&
      duplicated === 0 &&
      unexpected === 0 &&
      result.refused === 0 &&
      result.creditsSpent === result.stored &&
      result.ledgerDebits === result.stored &&
      money!.debit_sum === result.stored &&
      result.ledgerUnbalanced === 0 &&
      devicesNotConverged === 0;
    return result;
  } finally {
    for (const s of sims) s.close();
    await proxy?.close();
    await api?.stop();
    await database?.close().catch(() => undefined);
    await pgDb?.drop().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function formatFaults(r: FaultsResult): string {
  const check = (ok: boolean) => (ok ? 'ok' : 'BROKEN');
  return formatTable(
    `faults: ${r.sends.toLocaleString('en-US')} sends from ${r.clients} devices through a faulty proxy (${r.database}), drained in ${r.seconds.toFixed(1)} s`,
    ['figure', 'value', 'check'],
    [
      ['proxy connections', r.faults.connections],
      ['  requests reset before the server', r.faults.resetRequest],
      ['  answers reset after the server', r.faults.resetResponse],
      ['  connections black-holed (client timeout)', r.faults.blackhole],
      ['  chunks delayed (up to 400 ms)', r.faults.delayed],
      ['client network errors, retried', r.client.networkErrors],
      ['client 5xx answers, retried', r.client.serverErrors],
      ['pushes / pulls', `${r.client.pushes} / ${r.client.pulls}`],
      ['messages queued on devices', r.queued],
      ['messages stored', r.stored, check(r.stored === r.queued)],
      ['lost', r.lost, check(r.lost === 0)],
      ['duplicated', r.duplicated, check(r.duplicated === 0)],
      ['stored but never queued', r.unexpected, check(r.unexpected === 0)],
      ['refused by the server', r.refused, check(r.refused === 0)],
      ['credits spent', r.creditsSpent, check(r.creditsSpent === r.stored)],
      ['ledger message debits', r.ledgerDebits, check(r.ledgerDebits === r.stored)],
      ['members whose ledger != balance', r.ledgerUnbalanced, check(r.ledgerUnbalanced === 0)],
      ['devices not converged to the server', r.devicesNotConverged, check(r.devicesNotConverged === 0)],
    ],
  );
}
