import type { Captcha, CaptchaCheck, CaptchaResult } from './captcha.js';

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** v3 answers a score from 0 (bot) to 1 (human); below this the visitor gets a v2 challenge. */
export const V3_MIN_SCORE = 0.5;
const TIMEOUT_MS = 5000;

interface SiteverifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

export interface RecaptchaOptions {
  secretV2: string;
  secretV3?: string;
  fetch?: typeof fetch;
}

/**
 * Google reCAPTCHA: a v3 token is checked against its score; a low score, a missing token or a failed v3 check
 * asks for v2; a v2 token must succeed. Google being unreachable fails closed (asks for v2 again) rather
 * than letting sign-ups through unchecked.
 */
export function createRecaptcha({ secretV2, secretV3, fetch: custom }: RecaptchaOptions): Captcha {
  // Looked up per call, so interceptors installed later (msw in tests, APM agents) see the request.
  const doFetch: typeof fetch = custom ?? ((input, init) => fetch(input, init));
  async function siteverify(secret: string, token: string, ip?: string): Promise<SiteverifyAnswer | undefined> {
    const body = new URLSearchParams({ secret, response: token });
    if (ip) body.set('remoteip', ip);
    try {
      const res = await doFetch(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) return undefined;
      return (await res.json()) as SiteverifyAnswer;
    } catch {
      return undefined;
    }
  }

  return {
    async verify({ token, version, ip, requireV2 }: CaptchaCheck): Promise<CaptchaResult> {
      if (!token || (requireV2 && version !== 'v2')) return { ok: false, needsV2: true };
      if (version === 'v3' && secretV3) {
        const answer = await siteverify(secretV3, token, ip);
        if (answer?.success && (answer.score ?? 0) >= V3_MIN_SCORE) return { ok: true };
        return { ok: false, needsV2: true };
      }
      const answer = await siteverify(secretV2, token, ip);
      return answer?.success ? { ok: true } : { ok: false, needsV2: true };
    },
  };
}
