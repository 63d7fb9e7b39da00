import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/**
 * Below this a JSON answer goes out as it is: the compressed bytes would save less than a packet, and the
 * small answers are the hot paths (a claim, a send) that decisions 0017 and 0018 tuned.
 */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** Accept-Encoding values already weighed: a handful of browsers and clients send a handful of spellings. */
const picked = new Map<string, Encoding | undefined>();
const PICKED_MAX = 64;
const PICKED_LENGTH_MAX = 256;

/** Brotli when the client takes it (smaller at the same CPU at quality 4), else gzip; none when neither. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (picked.has(acceptEncoding)) return picked.get(acceptEncoding);
  const encoding = weighEncodings(acceptEncoding);
  if (acceptEncoding.length > PICKED_LENGTH_MAX) return encoding;
  if (picked.size >= PICKED_MAX) picked.clear();
  picked.set(acceptEncoding, encoding);
  return encoding;
}

function weighEncodings(acceptEncoding: string): Encoding | undefined {
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name!.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: Encoding) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : undefined;
}

function headerValue(headers: OutgoingHttpHeaders, name: string): string | undefined {
  for (const key in headers) if (key.length === name.length && key.toLowerCase() === name) return String(headers[key]);
  return undefined;
}

/** `body` compressed as `encoding` asks (zlib answers in a Buffer of its own, never on shared memory). */
export function compress(body: string | Uint8Array, encoding: Encoding): Buffer<ArrayBuffer> {
  const packed =
    encoding === 'br'
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.gzipSync(body, { level: 6 });
  return packed as Buffer<ArrayBuffer>;
}

/**
 * Compresses a GET answer under /api/ that is JSON of at least COMPRESS_MIN_BYTES when the client accepts br
 * or gzip. It works on Node's response, where @hono/node-server writes a JSON answer as one writeHead and one
 * end(body): hono's compress middleware would read the answer's web Headers, which turns node-server's plain
 * header object into a validated Headers on every call (the cost http-server.ts withSecurityHeaders avoids).
 * The head is held until the body is known; a streamed answer (write before end) goes out untouched.
 */
export function compressLargeJson(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') return;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return;
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  let held: { status: number; headers: OutgoingHttpHeaders } | undefined;
  const release = () => {
    if (held) writeHead(held.status, held.headers);
    held = undefined;
  };
  res.writeHead = ((...args: unknown[]) => {
    // Only the two-argument form with a header object is node-server's; anything else goes straight through.
    const [status, headers] = args;
    if (args.length !== 2 || typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
      return (writeHead as (...a: unknown[]) => ServerResponse)(...args);
    }
    held = { status: status as number, headers: headers as OutgoingHttpHeaders };
    return res;
  }) as typeof res.writeHead;
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    release();
    flushHeaders();
  };
  res.write = ((...args: Parameters<typeof write>) => {
    release();
    return write(...args);
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    const body = args[0];
    if (held && (typeof body === 'string' || body instanceof Uint8Array)) {
      const { headers } = held;
      const isJson = headerValue(headers, 'content-type')?.startsWith('application/json') ?? false;
      const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      if (isJson && size >= COMPRESS_MIN_BYTES && headerValue(headers, 'content-encoding') === undefined) {
        const packed = compress(body, encoding);
        const vary = headerValue(headers, 'vary');
        for (const key in headers) if (key.toLowerCase() === 'content-length' || key.toLowerCase() === 'vary') delete headers[key];
        writeHead(held.status, { ...headers, 'Content-Length': packed.byteLength, 'Content-Encoding': encoding, Vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding' });
        held = undefined;
        return end(packed);
      }
    }
    release();
    return (end as (...a: unknown[]) => ServerResponse)(...args);
  }) as typeof res.end;
}
