import path from 'node:path';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { SandboxAgeVerifier } from './age-verification/sandbox.js';
import { createCaptcha } from './captcha/create.js';
import type { Providers } from './index.js';
import { createMailer } from './mail/create.js';
import { SandboxProcessor } from './payments/sandbox.js';
import { resolveVapidKeys } from './push/vapid.js';
import { WebPushSender } from './push/web-push.js';
import { createOidcProvider } from './sso/oidc.js';
import { createLocalDiskStorage } from './storage/local-disk.js';
import { createS3Storage } from './storage/s3.js';

/** Picks each provider's real adapter or sandbox from config. */
export function createProviders(config: Config, clock: Clock): Providers {
  return {
    mail: createMailer(config, clock),
    captcha: createCaptcha(config),
    storage: config.objectStorage ? createS3Storage(config.objectStorage) : createLocalDiskStorage(path.join(config.dataDir, 'media')),
    // Only sandboxes so far; a real processor's adapter plugs in here behind the same interface.
    payments: new SandboxProcessor({ delayMs: config.payments.sandboxDelayMs, merchantId: config.payments.applePayMerchantId }),
    ageVerification: new SandboxAgeVerifier(),
    push: new WebPushSender(resolveVapidKeys({ dataDir: config.dataDir, ...config.push })),
    ...(config.oidc ? { sso: createOidcProvider(config.oidc) } : {}),
  };
}
