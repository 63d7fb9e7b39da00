import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client.js';
import { rowsOf } from './rows.js';

// Several API processes started at once all migrate (PGlite has one process): CI runs this file with DATABASE_URL.
describe.skipIf(!process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('four processes starting together on an empty database all succeed, and each migration is applied once', async () => {
    const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
    const name = `t_mig_${crypto.randomBytes(6).toString('hex')}`;
    await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    // A pool of one: the lock's own connection must not be taken from the pool the migration needs.
    const processes = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 1 })));
    try {
      const results = await Promise.allSettled(processes.map((p) => migrateDatabase(p)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const applied = rowsOf<{ n: number; distinct: number }>(
        await processes[0]!.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`),
      );
      expect(applied[0]!.n).toBe(applied[0]!.distinct);
      expect(applied[0]!.n).toBeGreaterThan(10);
    } finally {
      for (const p of processes) await p.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    }
  }, 120_000);
});
