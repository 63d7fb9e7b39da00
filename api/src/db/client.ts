import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyFunctions } from './functions/apply.js';
import { batchNotifications } from './notify-batch.js';
import * as schema from './schema/index.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A statement the hot paths send by name (see Database.prepared). */
export interface PreparedStatement {
  /** Unique per statement text: a connection keeps what it prepared under this name. */
  name: string;
  text: string;
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * Runs a statement prepared by name, outside any transaction, and answers its rows: PostgreSQL parses and
   * plans it once per connection, where an unnamed statement (every drizzle query) is parsed, analysed and
   * planned on each call. For the few calls on the hottest paths (docs/decisions/0017-…).
   */
  prepared<Row>(statement: PreparedStatement, values: unknown[]): Promise<Row[]>;
  /**
   * Subscribes to a NOTIFY channel; returns the unsubscribe function. `onGap` runs when the listening connection
   * came back after a drop: notifications sent meanwhile were missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** Sends a NOTIFY (after the write it tells of committed); settles when it was sent. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` while this process holds a cluster-wide advisory lock on its own connection (outside the pool, so
   * `fn` may use every pooled one): several processes starting at once take turns. PGlite has one process.
   */
  exclusive<T>(lockKey: number, fn: () => Promise<T>): Promise<T>;
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

/**
 * NOTIFYs are sent after the write they tell of committed, in a transaction of their own that does not wait for
 * the WAL flush: NOTIFY takes one lock for the whole cluster at commit and holds it until the commit is flushed,
 * so a write that notified serialised every other notifying commit behind its own flush (one fsync each, no
 * group commit). Nothing here is durable anyway: listeners lose what a crash interrupts.
 */
const NOTIFY_BATCH: PreparedStatement = {
  name: 'notify_batch',
  text: "SELECT set_config('synchronous_commit', 'off', true), pg_notify(n.channel, n.payload) FROM unnest($1::text[], $2::text[]) AS n(channel, payload)",
};

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Timestamps stay JS Dates; bigint counters (OID 20) are parsed as numbers because ours stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (err) => console.error('[db] idle client error', err.message));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  async function prepared<Row>(statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
    const res = await pool.query({ name: statement.name, text: statement.text, values });
    return res.rows as Row[];
  }
  const handlers = new Map<string, Set<(p: string) => void>>();
  const gapHandlers = new Set<() => void>();
  let listener: import('pg').Client | undefined;
  let firstConnect: Promise<import('pg').Client> | undefined;
  let closed = false;
  const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;

  // One connection LISTENs for the process. When it drops (a server restart, a network cut), it is opened again
  // with backoff and every channel listened to again; what was notified meanwhile is lost, so the gap handlers
  // are told (the realtime hub has its sockets reconnect and pull, the session cache forgets).
  async function connectListener(): Promise<import('pg').Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    client.on('error', (err) => console.error('[db] listener connection error', err.message));
    client.on('end', () => {
      if (listener !== client || closed) return;
      listener = undefined;
      void reconnectListener();
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(listenSql(channel));
    return client;
  }

  async function reconnectListener() {
    for (let attempt = 0; !closed; attempt += 1) {
      await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** attempt)));
      if (closed) return;
      try {
        listener = await connectListener();
        console.error('[db] listener connection restored; notifications in between were missed');
        gapHandlers.forEach((h) => h());
        return;
      } catch (err) {
        console.error('[db] listener reconnect failed', (err as Error).message);
      }
    }
  }

  return {
    db,
    kind: 'postgres',
    prepared,
    async listen(channel, onPayload, onGap) {
      listener ??= await (firstConnect ??= connectListener());
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(listenSql(channel));
      }
      set.add(onPayload);
      if (onGap) gapHandlers.add(onGap);
      return async () => {
        set.delete(onPayload);
        if (onGap) gapHandlers.delete(onGap);
      };
    },
    notify: batchNotifications(async (channels, payloads) => {
      await prepared(NOTIFY_BATCH, [channels, payloads]);
    }),
    async exclusive(lockKey, fn) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
        // Ending the session releases the lock too, should the unlock never be sent.
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      closed = true;
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
    // PGlite's query() takes no statement name (the embedded default serves one process on a small site).
    async prepared<Row>(statement: PreparedStatement, values: unknown[]) {
      const res = await client.query<Row>(statement.text, values);
      return res.rows;
    },
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    exclusive: (_lockKey, fn) => fn(),
    async close() {
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/** Any number, the same in every process: the advisory lock that lets one process migrate at a time. */
const MIGRATION_LOCK = 0x616d6f72; // 'amor'

/**
 * Brings the schema up to date: the drizzle migrations, then every function from api/src/db/functions. API
 * processes started together (systemd, a rolling deploy) each call this: drizzle's migrator takes no lock, and
 * two at once failed on `CREATE SCHEMA "drizzle"`, so they take turns; the second finds nothing left to apply
 * and replaces the functions with the same text.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await database.exclusive(MIGRATION_LOCK, async () => {
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
      await applyFunctions(database.db);
    });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    await applyFunctions(database.db);
  }
}
