import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { compressLargeJson } from './http-compression.js';

/**
 * The security headers of every API answer: hono's secureHeaders defaults, with resources kept to their own
 * origin (media and uploads are not for other sites to embed). A handler that sets one of them wins.
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Sets the security headers on Node's response before the app runs; the app's own headers are merged over
 * them when it writes the head. Hono's secureHeaders middleware set them on the web Response after the
 * handler, which turned @hono/node-server's plain header object into a validated web Headers and back on
 * every call: about 6% of the API's JavaScript time in the claims benchmark.
 */
function withSecurityHeaders(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/api/')) {
      for (const [name, value] of API_SECURITY_HEADERS) res.setHeader(name, value);
      compressLargeJson(req, res);
    }
    return listener(req, res);
  };
}

/** The app on a Node HTTP server with the security headers and compressed large JSON answers; `onListen` once it listens. */
export function serveApp(fetch: Parameters<typeof serve>[0]['fetch'], where: { port: number; hostname: string }, onListen?: (info: AddressInfo) => void): ServerType {
  return serve(
    {
      fetch,
      port: where.port,
      hostname: where.hostname,
      createServer: ((options: ServerOptions, listener: RequestListener) => createServer(options, withSecurityHeaders(listener))) as typeof createServer,
    },
    onListen,
  );
}
