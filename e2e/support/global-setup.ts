import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from './smtp-sink.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ARTIFACTS = path.join(ROOT, 'e2e/.artifacts');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    shotsDir: string;
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${ms} ms`);
}

/**
 * Starts the built server on a random port with a fresh data directory (PGlite, demo seed) and a local SMTP
 * sink, exactly as `npm start` would run it. The web build must exist (`npm run test:e2e` builds first).
 */
export default async function setup(project: TestProject) {
  const runDir = path.join(ARTIFACTS, 'run');
  fs.rmSync(runDir, { recursive: true, force: true });
  const dataDir = path.join(runDir, 'data');
  const mailDir = path.join(runDir, 'mail');
  const shotsDir = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(shotsDir, { recursive: true });
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

  const smtp = await startSmtpSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SEED_DEMO: 'true',
      // New-message mails go a second after the last reply, so a journey can wait for one.
      MESSAGE_MAIL_QUIET_SECONDS: '1',
      DATABASE_URL: '',
      // The journeys sign up many members from 127.0.0.1 in one run; production keeps the defaults.
      REGISTER_LIMIT_PER_IP: '10000',
      REGISTER_CAPTCHA_AFTER: '10000',
      FORGOT_PASSWORD_LIMIT_PER_IP: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(runDir, 'server.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForHealth(baseUrl, child, 90_000);

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('shotsDir', shotsDir);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode === null) child.kill('SIGKILL');
    await smtp.close();
  };
}
