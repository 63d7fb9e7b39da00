import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means an in-memory database (tests). */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 20) : openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Timestamps stay JS Dates; bigint counters (OID 20) are parsed as numbers because ours stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (err) => console.error('[db] idle client error', err.message));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  let listener: import('pg').Client | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (n) => {
          handlers.get(n.channel)?.forEach((h) => h(n.payload ?? ''));
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // PGlite does not create the parent folder of its data directory.
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir });
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}
