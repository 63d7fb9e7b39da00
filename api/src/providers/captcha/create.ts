import type { Config } from '../../config.js';
import { noCaptcha, type Captcha } from './captcha.js';
import { createRecaptcha } from './recaptcha.js';
import { sandboxCaptcha } from './sandbox.js';

export function createCaptcha(config: Config): Captcha {
  const { provider, secretV2, secretV3 } = config.captcha;
  if (provider === 'off') return noCaptcha;
  // config.ts already refuses recaptcha without a v2 secret.
  if (provider === 'recaptcha' && secretV2) return createRecaptcha({ secretV2, secretV3 });
  return sandboxCaptcha;
}
