import { Pool, type Dispatcher } from 'undici';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

/**
 * JSON over a fixed number of keep-alive connections, as a browser or a load balancer would hold, instead of
 * paying a TCP handshake per request. undici rather than node:http: the load generator shares the benchmark's
 * two cores with the API and PostgreSQL, and node:http's client spent about 0.3 ms of CPU per claim+reply —
 * time the measured server then did not get (pgbench, the baseline, is a lean C client).
 */
export class JsonClient {
  private readonly pool: Pool;

  constructor(
    readonly baseUrl: string,
    opts: { connections?: number } = {},
  ) {
    this.pool = new Pool(baseUrl, { connections: opts.connections ?? 1, pipelining: 1 });
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<JsonResponse<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const res = await this.pool.request({
      method: method as Dispatcher.HttpMethod,
      path,
      headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: payload,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await res.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep the text */
    }
    return { status: res.statusCode, body: parsed as T };
  }

  close() {
    void this.pool.destroy();
  }
}
