import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort } from './api-process.js';

/** The production proxy configuration (docs/production.md): the bench renders this very file. */
export const NGINX_SITE = path.join(ROOT, 'deploy/nginx/amora.conf');

export interface Proxy {
  url: string;
  port: number;
  /** The master and worker processes, for CPU accounting. */
  pids(): number[];
  stop(): Promise<void>;
}

export function nginxBinary(): string | null {
  for (const bin of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) if (fs.existsSync(bin)) return bin;
  const which = spawnSync('which', ['nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** The site file with its two variables filled in, as `envsubst '$AMORA_LISTEN $AMORA_UPSTREAMS'` would. */
export function renderSite(listen: string, upstreams: string[]): string {
  const template = fs.readFileSync(NGINX_SITE, 'utf8');
  const servers = upstreams.map((u) => `server ${u};`).join(' ');
  return template.replaceAll('${AMORA_LISTEN}', listen).replaceAll('${AMORA_UPSTREAMS}', servers);
}

/**
 * nginx in the foreground on a free port of 127.0.0.1, in a prefix of its own (pid, logs, temp files), with the
 * repository's site file included in its http block: the same proxy as production, one worker per core.
 */
export async function startNginx(upstreams: string[]): Promise<Proxy> {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  fs.writeFileSync(path.join(prefix, 'amora.conf'), renderSite(`127.0.0.1:${port}`, upstreams));
  // Run as whoever runs the bench (root on the bench machine: then workers drop to nobody, which needs the
  // temp folders it creates itself).
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes auto;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 16384; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${prefix}/client_body;`,
      `  proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/uwsgi;`,
      `  scgi_temp_path ${prefix}/scgi;`,
      `  include ${prefix}/amora.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync(bin, ['-t', '-p', prefix, '-c', `${prefix}/nginx.conf`], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child = spawn(bin, ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer /api/health through the proxy:\n${stderr}\n${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8').slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const master = child.pid!;
  return {
    url,
    port,
    pids: () => [master, ...childrenOf(master)],
    async stop() {
      if (child.exitCode === null) {
        // SIGTERM is nginx's fast shutdown: sockets still open are closed rather than waited for.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
