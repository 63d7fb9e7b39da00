import http from 'node:http';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

/**
 * JSON over node:http with a keep-alive agent: the benchmarks hold a fixed number of connections open, as a
 * browser or a load balancer would, instead of paying a TCP handshake per request.
 */
export class JsonClient {
  readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    opts: { connections?: number } = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 1 });
  }

  request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<JsonResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('aborted', () => reject(new Error('response aborted')));
          res.on('end', () => {
            if (!res.complete) return reject(new Error('response incomplete'));
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              /* keep the text */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed as T });
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}
