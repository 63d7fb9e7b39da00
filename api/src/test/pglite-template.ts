import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from '../db/client.js';
import { functionFiles } from '../db/functions/apply.js';

function migrationsHash(): string {
  const h = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else h.update(name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  for (const file of functionFiles()) h.update(file.name).update(file.text);
  return h.digest('hex').slice(0, 16);
}

/**
 * An in-memory PGlite that starts from an already-migrated data directory. Migrating a new PGlite costs
 * seconds; the first test file pays once and leaves a tarball (keyed by the hash of the migrations and the
 * function files) for the rest.
 */
export async function openMigratedPglite(): Promise<Database> {
  const file = path.join(os.tmpdir(), `amora-pglite-${migrationsHash()}.tar.gz`);
  if (!fs.existsSync(file)) {
    const fresh = await openDatabase({});
    await migrateDatabase(fresh);
    const blob = await fresh.dumpDataDir!();
    await fresh.close();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) });
}
