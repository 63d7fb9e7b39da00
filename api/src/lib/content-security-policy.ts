import crypto from 'node:crypto';

/** Where Google's reCAPTCHA widget loads its script and draws its challenge frame (Google's CSP guidance). */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export interface AppPolicyOptions {
  /** CAPTCHA_PROVIDER=recaptcha: the sign-up form loads Google's widget. */
  recaptcha: boolean;
  /** Who may frame the page: no one for the app; the app itself for the landing page shown in the checkout's frame. */
  frameAncestors: "'none'" | "'self'";
}

const directives = (entries: [string, ...string[]][]) => entries.map((parts) => parts.join(' ')).join('; ');

/**
 * The PWA's policy (decision 0022). Scripts only from its own origin: index.html has no inline script and the
 * service worker is registered from a bundled module. Styles also allow inline <style> elements: Radix's scroll
 * lock and sonner insert them at run time with computed content, which no hash can name, and a nonce does not fit
 * a shell the service worker precaches. Images from its own origin plus blob: (an upload's preview before it is
 * sent) and data:. connect-src 'self' covers fetch and the same-origin websocket (CSP 3 matches ws:/wss: to
 * 'self'). The checkout frames the card processor's confirmation page, which the sandbox serves from this origin.
 */
export function appContentSecurityPolicy(opts: AppPolicyOptions): string {
  const recaptchaScripts = opts.recaptcha ? RECAPTCHA_SCRIPTS : [];
  const recaptchaFrames = opts.recaptcha ? RECAPTCHA_FRAMES : [];
  return directives([
    ['default-src', "'self'"],
    ['script-src', "'self'", ...recaptchaScripts],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-src', "'self'", ...recaptchaFrames],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', opts.frameAncestors],
  ]);
}

/**
 * A server-made page with one fixed inline <style> and plain forms (the sandbox providers' pages): nothing loads,
 * the style is named by its hash, forms post back to this origin, and only this origin may frame it (the checkout).
 */
export function stylePagePolicy(style: string): string {
  const hash = crypto.createHash('sha256').update(style).digest('base64');
  return directives([
    ['default-src', "'none'"],
    ['style-src', `'sha256-${hash}'`],
    ['form-action', "'self'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'self'"],
  ]);
}
