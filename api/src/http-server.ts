import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { compressLargeJson } from './http-compression.js';
import { appContentSecurityPolicy } from './lib/content-security-policy.js';

type HeaderList = readonly (readonly [string, string])[];

/**
 * The security headers of every API answer: hono's secureHeaders defaults, with resources kept to their own
 * origin (media and uploads are not for other sites to embed), and no caching: answers carry members' data and
 * tokens, and a shared or back-button cache must not keep them. A handler that sets one of them wins (media and
 * public lists set their own Cache-Control).
 */
export const API_SECURITY_HEADERS: HeaderList = [
  ['Cache-Control', 'no-store'],
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

/** The static landing page the card processor's confirmation page returns to, inside the checkout's frame. */
const FRAMED_PAGE = '/payment-confirmed.html';

export interface SecurityHeaders {
  api: HeaderList;
  /** The PWA's pages and files: its policy, never framed, never sniffed. */
  page: HeaderList;
  framedPage: HeaderList;
}

export function securityHeaders(opts: { recaptcha: boolean }): SecurityHeaders {
  const page = (frameAncestors: "'none'" | "'self'", frameOptions: string): HeaderList => [
    ['Content-Security-Policy', appContentSecurityPolicy({ recaptcha: opts.recaptcha, frameAncestors })],
    ['X-Frame-Options', frameOptions],
    ['X-Content-Type-Options', 'nosniff'],
  ];
  return { api: API_SECURITY_HEADERS, page: page("'none'", 'DENY'), framedPage: page("'self'", 'SAMEORIGIN') };
}

/**
 * Sets the security headers on Node's response before the app runs; the app's own headers are merged over
 * them when it writes the head. Hono's secureHeaders middleware set them on the web Response after the
 * handler, which turned @hono/node-server's plain header object into a validated web Headers and back on
 * every call: about 6% of the API's JavaScript time in the claims benchmark.
 */
function withSecurityHeaders(listener: RequestListener, headers: SecurityHeaders): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const list = url.startsWith('/api/') ? headers.api : url.split('?', 1)[0] === FRAMED_PAGE ? headers.framedPage : headers.page;
    for (const [name, value] of list) res.setHeader(name, value);
    if (url.startsWith('/api/')) compressLargeJson(req, res);
    return listener(req, res);
  };
}

/** What Node's parser refused before the app saw the request, as the API answers errors. */
const PARSER_REFUSALS: Record<string, [status: number, code: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'headers-too-large', 'The request line and headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'payload-too-large', 'The request is too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request-timeout', 'The request took too long to arrive'],
};
const MALFORMED: [number, string, string] = [400, 'bad-request', 'The request is not valid HTTP'];

/**
 * Node answers a request its parser refuses (an over-long URL or header, broken framing) with a bare status line;
 * API clients read `{ error: { code, message } }` on every 4xx (docs/api.md#errors), so the same refusal carries it.
 */
function answerClientError(err: Error & { code?: string }, socket: Socket & { _httpMessage?: { headersSent?: boolean } }) {
  // A reset connection has no one to answer; one whose answer has begun cannot take another.
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, code, message] = PARSER_REFUSALS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ error: { code, message } });
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'Cache-Control: no-store', 'X-Content-Type-Options: nosniff', 'Connection: close'];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/** The app on a Node HTTP server with the security headers and compressed large JSON answers; `onListen` once it listens. */
export function serveApp(
  fetch: Parameters<typeof serve>[0]['fetch'],
  where: { port: number; hostname: string; headers?: SecurityHeaders },
  onListen?: (info: AddressInfo) => void,
): ServerType {
  const headers = where.headers ?? securityHeaders({ recaptcha: false });
  return serve(
    {
      fetch,
      port: where.port,
      hostname: where.hostname,
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createServer(options, withSecurityHeaders(listener, headers)).on('clientError', answerClientError)) as typeof createServer,
    },
    onListen,
  );
}
