import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every string a request carries goes through text(): a bare z.string() (or z.url(), z.email()) in the shared
 * contract, the sync engine or an API module would let NUL reach the database again. A format may follow
 * text() in a pipe: `text().pipe(z.url())`.
 */
describe('no bare zod strings', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const scanned = ['sync/src/contract', 'sync/src/engine', 'api/src/modules', 'api/src/lib'];
  const BARE = /(?<!\.pipe\()\bz\s*\.\s*(string|url|email)\s*\(/;

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it.each(scanned)('%s builds its strings with text()', (dir) => {
    const offenders = sources(join(root, dir))
      .filter((file) => !file.endsWith(join('contract', 'text.ts')) && BARE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
