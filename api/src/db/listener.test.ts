import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { rowsOf } from './rows.js';

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

// The listening connection is PostgreSQL's (PGlite runs in the process): CI runs this file with DATABASE_URL.
describe.skipIf(!process.env.DATABASE_URL)('the listening connection on PostgreSQL', () => {
  it('comes back after the server drops it, listens again, and tells the gap handlers', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
    try {
      const channel = `t_${crypto.randomBytes(6).toString('hex')}`;
      const got: string[] = [];
      let gaps = 0;
      await database.listen(channel, (p) => got.push(p), () => (gaps += 1));
      await database.notify(channel, 'before');
      expect(await until(() => got.includes('before'))).toBe(true);

      const killed = rowsOf<{ ok: boolean }>(
        await database.db.execute(sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where query = ${`LISTEN "${channel}"`}`),
      );
      expect(killed).toEqual([{ ok: true }]);
      expect(await until(() => gaps === 1)).toBe(true);

      await database.notify(channel, 'after');
      expect(await until(() => got.includes('after'))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
