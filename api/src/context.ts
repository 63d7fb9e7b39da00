import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { SessionCache } from './modules/auth/session-cache.js';
import type { ProfileLists } from './modules/profiles/shared-pages.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { Providers } from './providers/index.js';

/** Everything a request handler may use; built once in main.ts (or per test file) and passed to createApp. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  realtime: RealtimeHub;
  /** Sessions this process read lately (modules/auth/session-cache.ts). */
  sessions: SessionCache;
  /** Member profile list pages and overlays this process read lately (modules/profiles/list-page.ts). */
  profileLists: ProfileLists;
  providers: Providers;
}

export interface AuthContext {
  type: 'user' | 'agent';
  /** users.id or agents.id */
  id: string;
  /** auth_sessions.id */
  sid: string;
  role?: 'agent' | 'admin';
}

export interface BrandContext {
  id: string;
  domain: string;
  apiKey: string;
  defaultCountry: string;
  timezone: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    brand: BrandContext;
    auth: AuthContext;
  };
};
