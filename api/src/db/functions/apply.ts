import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The live definition of every function of the database, one `<name>.sql` per function
 * (docs/decisions/0037-sql-functions-in-their-own-files.md). Migrations hold what a function's body cannot
 * change on its own: tables, triggers, and the drop of a signature that changes.
 */
export const FUNCTIONS_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface FunctionFile {
  name: string;
  text: string;
}

/** In name order: only SQL-language bodies are checked when created, and none of them calls another function. */
export function functionFiles(): FunctionFile[] {
  return fs
    .readdirSync(FUNCTIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), text: fs.readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8') }));
}

/** What applying needs of the database (the client module calls this file: no import back). */
export interface FunctionsTarget {
  transaction<T>(work: (tx: { execute(query: SQL): PromiseLike<unknown> }) => Promise<T>): Promise<T>;
}

/**
 * Creates or replaces every function from its file, after the migrations and under their lock (two processes
 * replacing one function at once fail with "tuple concurrently updated"), in one transaction: a process never
 * sees half the functions of a release.
 */
export async function applyFunctions(db: FunctionsTarget): Promise<void> {
  const files = functionFiles();
  await db.transaction(async (tx) => {
    for (const file of files) await tx.execute(sql.raw(file.text));
  });
}

/**
 * A definition as compared with the database's (pg_get_functiondef): without the comments above it and the
 * closing semicolon, whitespace runs as one space.
 */
export function normalizedDefinition(text: string): string {
  const start = text.search(/^CREATE OR REPLACE FUNCTION /m);
  if (start < 0) throw new Error('no CREATE OR REPLACE FUNCTION statement');
  return text
    .slice(start)
    .replace(/;\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
