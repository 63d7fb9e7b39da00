export type CaptchaVersion = 'v2' | 'v3';

export interface CaptchaCheck {
  /** The token the browser's captcha widget produced, if any. */
  token?: string;
  version?: CaptchaVersion;
  ip?: string;
  /** What the visitor typed (email, username): only the sandbox looks at it, to decide deterministically. */
  subject?: string;
  /** The API demands a solved v2 challenge whatever the provider would judge (a flood of sign-ups from one IP). */
  requireV2?: boolean;
}

export interface CaptchaResult {
  ok: boolean;
  /** The visitor must solve a v2 challenge (the API answers 412 and the web loads a v2 widget). */
  needsV2?: boolean;
}

export interface Captcha {
  verify(check: CaptchaCheck): Promise<CaptchaResult>;
}

/** CAPTCHA_PROVIDER=off: every request passes. */
export const noCaptcha: Captcha = { verify: async () => ({ ok: true }) };
