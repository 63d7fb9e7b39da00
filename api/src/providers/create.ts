import path from 'node:path';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { createCaptcha } from './captcha/create.js';
import type { Providers } from './index.js';
import { createMailer } from './mail/create.js';
import { createOidcProvider } from './sso/oidc.js';
import { createLocalDiskStorage } from './storage/local-disk.js';

/** Picks each provider's real adapter or sandbox from config. */
export function createProviders(config: Config, clock: Clock): Providers {
  return {
    mail: createMailer(config, clock),
    captcha: createCaptcha(config),
    storage: createLocalDiskStorage(path.join(config.dataDir, 'media')),
    ...(config.oidc ? { sso: createOidcProvider(config.oidc) } : {}),
  };
}
