/** The rows of a raw `db.execute(sql…)`: node-postgres answers a QueryResult, PGlite's drizzle answers { rows } too, some drivers an array. */
export function rowsOf<T>(res: unknown): T[] {
  return Array.isArray(res) ? (res as T[]) : (res as { rows: T[] }).rows;
}
