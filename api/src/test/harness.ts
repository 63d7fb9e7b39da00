import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { AppDeps } from '../context.js';
import { openDatabase, type Database } from '../db/client.js';
import { buildDeps, closeDeps } from '../deps.js';
import { FakeClock } from '../lib/clock.js';
import { openMigratedPglite } from './pglite-template.js';
import { brands } from '../db/schema/index.js';
import { invalidateBrandCache } from '../modules/brands/resolve.js';

export const TEST_API_KEY = 'test-api-key-localhost';

export interface TestContext {
  brand: typeof brands.$inferSelect;
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: FakeClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * One database per test file: in-memory PGlite by default, or a fresh database on the PostgreSQL server
 * named by DATABASE_URL (CI runs the API suite both ways).
 */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const base = loadConfig(process.env);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `amora-test-${crypto.randomUUID()}`),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    CAPTCHA_PROVIDER: 'sandbox',
    PUBLIC_URL: 'http://localhost:3000',
    // Test files sign up many members from one in-process address; the flood-limit tests set their own.
    REGISTER_LIMIT_PER_IP: '100000',
    REGISTER_CAPTCHA_AFTER: '100000',
    FORGOT_PASSWORD_LIMIT_PER_IP: '100000',
    // Tests write rows behind the API's back and list at once; on PostgreSQL the list's NOTIFY could arrive after
    // the next request. The cache's own tests (profiles/list-cache.test.ts) turn it on.
    PROFILE_LIST_CACHE_SECONDS: '0',
    ...overrides,
  });
  const clock = new FakeClock(Date.now());
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  if (base.databaseUrl) {
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: base.databaseUrl, poolSize: 1 });
    await admin.db.execute(`CREATE DATABASE ${name}` as never);
    await admin.close();
    const url = new URL(base.databaseUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
    dropDb = async () => {
      const a = await openDatabase({ databaseUrl: base.databaseUrl!, poolSize: 1 });
      await a.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)` as never).catch(() => undefined);
      await a.close();
    };
  } else {
    database = await openMigratedPglite();
  }
  const deps = await buildDeps({ ...config, databaseUrl: base.databaseUrl }, { database, clock });
  invalidateBrandCache();
  const app = createApp(deps);
  const [brand] = await deps.db
    .insert(brands)
    .values({
      domain: 'localhost',
      company: 'Test Company Ltd',
      brand: 'Amora Test',
      countries: ['US', 'GB', 'DE'],
      customerSupport: { email: 'support@localhost' },
      defaultDescriptor: 'AMORA*TEST',
      apiKey: TEST_API_KEY,
    })
    .returning();
  return {
    brand: brand!,
    app,
    deps,
    clock,
    config: deps.config,
    async close() {
      await closeDeps(deps);
      await dropDb?.();
    },
  };
}

/** JSON request helper for app.request(). */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
}
