import { getTableColumns, getTableName, type Column, type Table } from 'drizzle-orm';

/** The rows of a raw `db.execute(sql…)`: node-postgres answers a QueryResult, PGlite's drizzle answers { rows } too, some drivers an array. */
export function rowsOf<T>(res: unknown): T[] {
  return Array.isArray(res) ? (res as T[]) : (res as { rows: T[] }).rows;
}

/**
 * A table's row from its `row_to_json(…)` in a raw statement, typed and mapped as drizzle maps a selected row
 * (column names to keys, timestamps to Dates, bigints to numbers), for statements drizzle's builder cannot write.
 */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) out[key] = fromJsonValue(column, json[column.name]);
  return out as T['$inferSelect'];
}

/**
 * Some of a table's columns from a JSON object that carries just them (keyed by their SQL names, as a
 * `json_build_object` of those columns writes them), mapped as fromJsonRow maps a whole row. A column the
 * statement left out throws, so the SQL and the list here cannot drift apart unnoticed.
 */
export function fromJsonColumns<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  keys: readonly K[],
  json: Record<string, unknown>,
): Pick<T['$inferSelect'], K> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const column = columns[key]!;
    if (!(column.name in json)) throw new Error(`${column.name} is missing from the ${getTableName(table)} row`);
    out[key] = fromJsonValue(column, json[column.name]);
  }
  return out as Pick<T['$inferSelect'], K>;
}

function fromJsonValue(column: Column, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapFromDriverValue(value);
}

// A claim's view maps a few dozen rows: the column list is built once per table, not once per row.
const columnLists = new WeakMap<Table, [string, Column][]>();
function columnsOf(table: Table): [string, Column][] {
  let list = columnLists.get(table);
  if (!list) columnLists.set(table, (list = Object.entries(getTableColumns(table))));
  return list;
}
