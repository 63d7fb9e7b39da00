import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { rowsOf } from '../rows.js';
import { functionFiles, normalizedDefinition } from './apply.js';
import { declaredCalls } from './calls.js';

// The harness migrates on PGlite, or on the PostgreSQL server of DATABASE_URL (CI runs this file both ways).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function liveDefinitions(): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await ctx.deps.db.execute(sql`
      select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`),
  );
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.definition]);
  return byName;
}

describe('database functions', () => {
  it('each file is the definition the database holds after migrating', async () => {
    const live = await liveDefinitions();
    for (const file of functionFiles()) {
      expect(live.get(file.name)?.map(normalizedDefinition), file.name).toEqual([normalizedDefinition(file.text)]);
    }
  });

  it('every function the database holds has its file: one dropped or renamed is dropped by a migration', async () => {
    const live = await liveDefinitions();
    expect([...live.keys()].sort()).toEqual(functionFiles().map((file) => file.name));
  });

  it('a file defines the function it is named after', () => {
    for (const file of functionFiles()) {
      expect(normalizedDefinition(file.text), file.name).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION public\\.${file.name}\\(`));
    }
  });

  it("each call TypeScript makes names every argument of its function with the function's type", async () => {
    const canonical: Record<string, string> = { int: 'integer', timestamptz: 'timestamp with time zone' };
    for (const fn of declaredCalls) {
      const rows = rowsOf<{ args: string[] }>(
        await ctx.deps.db.execute(sql`
          select array(select a.name || ' ' || format_type(a.type, null)
                       from unnest(p.proargnames, p.proargtypes::oid[]) as a(name, type) order by a.name) as args
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.proname = ${fn.name}`),
      );
      const declared = fn.params.map((p) => `${p.name} ${canonical[p.type] ?? p.type}`).sort();
      expect(rows.map((r) => r.args), fn.name).toEqual([declared]);
    }
  });
});
