import type { Captcha, CaptchaCheck, CaptchaResult } from './captcha.js';

export const SANDBOX_PASS_TOKEN = 'sandbox-pass';
const TRIGGER = '+captcha';

/**
 * Behaves like reCAPTCHA for chosen visitors only: an email or username containing "+captcha" is treated as
 * suspicious and must come back with the v2 token "sandbox-pass"; everyone else passes. Deterministic, so
 * tests and testers can walk the 412 path on purpose. A check the API demands (`requireV2`) needs the token too.
 */
export const sandboxCaptcha: Captcha = {
  async verify({ token, subject, requireV2 }: CaptchaCheck): Promise<CaptchaResult> {
    if (!requireV2 && !subject?.toLowerCase().includes(TRIGGER)) return { ok: true };
    if (token === SANDBOX_PASS_TOKEN) return { ok: true };
    return { ok: false, needsV2: true };
  },
};
