import type { Context } from 'hono';
import type { AppEnv } from '../context.js';

/** The site's origin as the browser used it (behind a trusted proxy, from X-Forwarded-*): redirects must come back there. */
export function requestOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('deps').config.trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host) url.host = host;
  }
  return url.origin;
}
