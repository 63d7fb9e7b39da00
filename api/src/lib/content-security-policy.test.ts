import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy } from './content-security-policy.js';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe("the app's Content-Security-Policy", () => {
  it('holds scripts, frames and forms to this origin, with no inline script or eval', () => {
    const policy = appContentSecurityPolicy({ recaptcha: false, frameAncestors: "'none'" });
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toContain('google');
  });

  it("lets Google's reCAPTCHA load its script and frame only when it is the captcha provider", () => {
    const policy = appContentSecurityPolicy({ recaptcha: true, frameAncestors: "'self'" });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });
});
