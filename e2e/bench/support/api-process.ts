import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

export interface ApiProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resident set size of the server process in KiB, read from /proc. */
  rssKb(): number;
  /** Last lines of the server's output, for failure messages. */
  tail(lines?: number): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite); the bench decides. */
  env: Record<string, string>;
  /** Raise the open-file limit of the server (10,000 sockets need more than the usual 1,024). */
  nofile?: number;
  /** Where the server's output goes besides the in-memory tail. */
  logFile?: string;
  healthTimeoutMs?: number;
  /** Extra node flags, e.g. --cpu-prof to profile the server under load. */
  nodeArgs?: string[];
}

/**
 * The real server (`tsx api/src/main.ts`) on a free port, production mode, no demo seed. Benchmarks seed their
 * own rows straight in the database before or while it runs.
 */
export async function startApi(opts: StartOptions): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: every API process writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const node = [process.execPath, ...profile, ...(opts.nodeArgs ?? []), '--import', 'tsx', path.join(ROOT, 'api/src/main.ts')];
  // `exec` keeps the pid the server's own, so /proc/<pid>/status is the server's memory.
  const quoted = node.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('/bin/sh', ['-c', `${opts.nofile ? `ulimit -n ${opts.nofile} && ` : ''}exec ${quoted}`], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SEED_DEMO: 'false',
      // Benchmarks buy nothing real: the sandboxes are what they measure against.
      ALLOW_SANDBOX_PROVIDERS: 'true',
      DATABASE_URL: '',
      LOG_REQUESTS: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const log = opts.logFile ? fs.createWriteStream(opts.logFile) : undefined;
  const collect = (chunk: Buffer) => {
    log?.write(chunk);
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tail = (n = 30) => lines.slice(-n).join('\n');

  const until = Date.now() + (opts.healthTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}:\n${tail()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`API process did not answer /api/health in time:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    pid: child.pid!,
    child,
    rssKb: () => readRssKb(child.pid!),
    tail,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      log?.end();
    },
  };
}

export function readRssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) : 0;
}

