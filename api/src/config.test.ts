import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeProviders, loadConfig, ROOT_DIR } from './config.js';

/**
 * The real server's start (`tsx api/src/main.ts`) in production on the sandboxes: what it prints until it exits or
 * has printed its providers (then it is stopped, before it opens a database).
 */
function startInProduction(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-start-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'api/src/main.ts')], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, PORT: '0', ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[providers]')) child.kill('SIGKILL');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('demands a secret and never seeds demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required in production/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALLOW_SANDBOX_PROVIDERS: 'true' });
    expect(c.seedDemo).toBe(false);
  });

  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
  const realCaptcha = { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET_V2: 'secret' };

  it('refuses to start in production on a sandbox payment, captcha or age-verification provider', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    for (const name of ['PAYMENT_PROVIDER', 'CAPTCHA_PROVIDER', 'AGE_VERIFICATION_PROVIDER']) {
      expect(() => loadConfig(production)).toThrow(new RegExp(`${name}: is the sandbox in production: configure a real provider, or set ALLOW_SANDBOX_PROVIDERS=true`));
    }
    // A real captcha does not make the card sandbox acceptable.
    expect(() => loadConfig({ ...production, ...realCaptcha })).toThrow(/PAYMENT_PROVIDER: is the sandbox in production/);
    expect(() => loadConfig({ ...production, ...realCaptcha })).not.toThrow(/CAPTCHA_PROVIDER/);
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PROVIDERS: 'false' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('starts on sandboxes in production only when ALLOW_SANDBOX_PROVIDERS=true, and says so', () => {
    const c = loadConfig({ ...production, ALLOW_SANDBOX_PROVIDERS: 'true' });
    expect(c.allowSandboxProviders).toBe(true);
    expect(describeProviders(c)).toBe(
      '[providers] payments: sandbox, captcha: sandbox, age verification: sandbox, mail: dev mailbox, media: local disk, single sign-on: off (SANDBOXES IN PRODUCTION: ALLOW_SANDBOX_PROVIDERS=true)',
    );
  });

  it('starts on sandboxes outside production and prints the active providers', () => {
    const c = loadConfig({ ...realCaptcha, SMTP_URL: 'smtp://mail.local:25', OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'amora' });
    expect(describeProviders(c)).toBe('[providers] payments: sandbox, captcha: recaptcha, age verification: sandbox, mail: smtp, media: local disk, single sign-on: https://id.example.com');
  });

  it('the server itself stops in production on the sandboxes, and starts when they are allowed, naming them', async () => {
    const refused = await startInProduction({});
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('PAYMENT_PROVIDER: is the sandbox in production');
    const allowed = await startInProduction({ ALLOW_SANDBOX_PROVIDERS: 'true' });
    expect(allowed.output).toContain('[providers] payments: sandbox, captcha: sandbox, age verification: sandbox');
    expect(allowed.output).toContain('SANDBOXES IN PRODUCTION');
  }, 60_000);
});
