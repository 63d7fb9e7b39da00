import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.js';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts many rows as one JSON parameter unpacked by jsonb_to_recordset. Embedded PGlite spends
 * milliseconds per bound parameter, so a multi-row VALUES list of a few hundred rows takes seconds where
 * this takes a fraction of one. Rows must all set the same columns (the first row's keys).
 */
export async function bulkInsert<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][], chunkSize = 200): Promise<void> {
  // Past a few hundred rows one statement gets slower per row again on PGlite; chunks keep it linear.
  for (let i = 0; i < rows.length; i += chunkSize) await insertOnce(db, table, rows.slice(i, i + chunkSize));
}

async function insertOnce<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(first).filter((k) => (first as Record<string, unknown>)[k] !== undefined);
  const cols = keys.map((k) => {
    const col = columns[k];
    if (!col) throw new Error(`bulkInsert: ${getTableName(table)} has no column ${k}`);
    return col;
  });
  // Values go in as they are: dates become ISO strings, jsonb objects stay nested JSON, arrays stay arrays.
  const payload = JSON.stringify(rows.map((row) => cols.map((c, i) => [c.name, (row as Record<string, unknown>)[keys[i]!] ?? null]).reduce<Record<string, unknown>>((o, [k, v]) => ((o[k as string] = v), o), {})));
  const names = cols.map((c) => quote(c.name)).join(', ');
  const types = cols.map((c) => `${quote(c.name)} ${c.getSQLType()}`).join(', ');
  await db.execute(
    sql`INSERT INTO ${sql.raw(quote(getTableName(table)))} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${payload}::jsonb) AS x(${sql.raw(types)})`,
  );
}
