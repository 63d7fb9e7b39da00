import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { AppDeps } from './context.js';
import { migrateDatabase, openDatabase, type Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { ProfileListCache } from './modules/profiles/list-cache.js';
import { AGENT_REPLY_EVENTS, agentReplyEvents } from './modules/messaging/reply-events.js';
import { createProviders } from './providers/create.js';
import { RealtimeHub } from './realtime/hub.js';

/**
 * Outside production a missing JWT_SECRET is generated once per data directory, so tokens survive restarts
 * of `npm start` without anyone configuring a secret.
 */
function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function buildDeps(config: Config, opts: { database?: Database; clock?: Clock } = {}): Promise<AppDeps> {
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), poolSize: config.dbPoolSize }));
  await migrateDatabase(database);
  const realtime = new RealtimeHub(database);
  // Rows a write publishes after its commit are formatted by whichever process holds the room's sockets.
  realtime.registerBuilder(AGENT_REPLY_EVENTS, agentReplyEvents);
  await realtime.start();
  const sessions = new SessionCache(config.sessionCacheMs);
  await sessions.start(database);
  const profileLists: AppDeps['profileLists'] = new ProfileListCache(config.profileListCacheMs);
  await profileLists.start(database);
  const resolved: Config = { ...config, jwtSecret: resolveJwtSecret(config) };
  const clock = opts.clock ?? systemClock;
  return { config: resolved, database, db: database.db, clock, realtime, sessions, profileLists, providers: createProviders(resolved, clock) };
}

export async function closeDeps(deps: AppDeps) {
  await deps.realtime.stop();
  await deps.sessions.stop();
  await deps.profileLists.stop();
  await deps.database.close();
  deps.providers.storage.close?.();
}
