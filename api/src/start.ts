import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './config.js';

/**
 * `npm start`: build the web app when its build is missing or older than any source it is made from,
 * then start the server (migrations and demo seed run inside main.ts).
 */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const m = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (m > newest) newest = m;
  }
  return newest;
}

const distIndex = path.join(ROOT_DIR, 'web/dist/index.html');
const built = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const sources = Math.max(
  newestMtime(path.join(ROOT_DIR, 'web')),
  newestMtime(path.join(ROOT_DIR, 'sync/src')),
  fs.statSync(path.join(ROOT_DIR, 'vite.config.ts')).mtimeMs,
  fs.statSync(path.join(ROOT_DIR, 'package-lock.json')).mtimeMs,
);
if (built < sources) {
  console.log(built ? '[start] web build is stale: rebuilding' : '[start] building the web app');
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT_DIR, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

await import('./main.js');
