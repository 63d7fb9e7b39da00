/**
 * The one HTTP client of docs/api.md#endpoints: base URL from runtime config, bearer token, optional page loader,
 * an error hook for 400–599, one retry for body-less methods on transient statuses, a request
 * timeout, and the refresh lock (while a token refresh runs, every other request waits for it).
 */
import { currentLanguage } from './i18n';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The docs/api.md#errors error shape `{ error: { code, message } }`, with the HTTP status beside it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Thrown when a request outlives its timeout; `String(error)` reads as docs/product.md#errors-and-texts words it. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor() {
    super('The operation was aborted due to timeout');
  }
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const RETRY_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);
export const DEFAULT_TIMEOUT_MS = 30_000;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData and Blob go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Show the global page loader while the request runs (docs/product.md#popups-and-toasts: on unless disabled). */
  loader?: boolean;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Brand and index-profile calls authenticate with the brand's API key instead (docs/api.md#endpoints). */
  apiKey?: string;
  timeoutMs?: number;
  /** Only the token refresh itself passes the refresh lock. */
  bypassLock?: boolean;
  signal?: AbortSignal;
}

/** What a typed call may set beyond what hc builds itself (path, method, body, query). */
export type FetchOptions = Omit<RequestOptions, 'method' | 'body' | 'query'>;

export interface HttpClientDeps {
  /** Base URL such as '/api' or 'https://host/api'; resolved against the page origin. */
  baseUrl: () => string;
  getToken?: () => string | null | undefined;
  /** Called before each locked request, e.g. to start a refresh when the token is close to expiry. */
  beforeRequest?: () => Promise<void> | void;
  onError?: (error: ApiError) => void;
  loader?: { show: () => void; hide: () => void };
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  /** A `fetch` that sends through this client (lock, token, loader, retry, ApiError), for hono/client's hc. */
  fetcher(options?: FetchOptions): typeof fetch;
  /** Runs `task` holding the refresh lock: requests started meanwhile wait until it settles. */
  withRefreshLock<T>(task: () => Promise<T>): Promise<T>;
  isLocked(): boolean;
}

function origin(): string {
  return typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost';
}

/** Query values as the API reads them: empty ones left out, a list as one comma-separated value. */
export function toSearchParams(query: Record<string, QueryValue> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const joined = /^https?:\/\//.test(path) ? path : `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const url = new URL(joined, origin());
  toSearchParams(query).forEach((value, key) => url.searchParams.set(key, value));
  return url.toString();
}

/** The answer's text; none for 204/205 or an empty body. */
async function readText(response: Response): Promise<string | undefined> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  return text || undefined;
}

/** The answer's body: JSON when it says so, else its text, undefined when empty. */
export async function readAnswer(response: Response): Promise<unknown> {
  return parseBody(response, await readText(response));
}

function parseBody(response: Response, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http-${status}`;
  const message =
    typeof error?.message === 'string'
      ? error.message
      : typeof body === 'string' && body.length > 0 && body.length < 300
        ? body
        : `Request failed with status ${status}`;
  return new ApiError(status, code, message, body);
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  let lock: Promise<unknown> | null = null;
  const doFetch = (...args: Parameters<typeof fetch>) => (deps.fetch ?? globalThis.fetch)(...args);

  async function waitForLock(): Promise<void> {
    // A refresh may start while we wait for the previous one, so check again after each.
    while (lock) await lock.catch(() => undefined);
  }

  async function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forward = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', forward, { once: true });
    try {
      return await doFetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new TimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  /**
   * The pipeline every call goes through: the refresh lock, the bearer token or API key, the timeout, the page
   * loader, one retry for body-less methods, and a 400–599 answer thrown as ApiError (after the error hook).
   * Resolves with the answer's text read, so the loader hides after the body is in.
   */
  async function exchange(path: string, init: { method: HttpMethod; headers: Record<string, string>; body?: BodyInit }, options: RequestOptions): Promise<{ response: Response; text: string | undefined }> {
    const { method, body } = init;
    if (!options.bypassLock) {
      await waitForLock();
      await deps.beforeRequest?.();
      await waitForLock();
    }
    // The API answers its error messages in the member's language (api/src/lib/i18n.ts).
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage(), ...init.headers };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.auth !== false && !options.apiKey) {
      const token = deps.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    const url = buildUrl(deps.baseUrl(), path, options.query);
    const timeoutMs = options.timeoutMs ?? deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const showLoader = options.loader === true;
    if (showLoader) deps.loader?.show();
    let loaderShown = showLoader;
    const hideLoader = () => {
      if (loaderShown) deps.loader?.hide();
      loaderShown = false;
    };
    try {
      const mayRetry = RETRY_METHODS.has(method);
      for (let attempt = 0; ; attempt++) {
        const response = await send(url, { method, headers, body }, timeoutMs, options.signal);
        if (response.ok || response.status < 400) {
          const text = await readText(response);
          hideLoader();
          return { response, text };
        }
        const parsed = parseBody(response, await readText(response));
        if (mayRetry && attempt === 0 && RETRY_STATUSES.has(response.status)) continue;
        const error = toApiError(response.status, parsed);
        hideLoader();
        if (response.status >= 400 && response.status <= 599) deps.onError?.(error);
        throw error;
      }
    } finally {
      hideLoader();
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (options.body instanceof FormData || options.body instanceof Blob || typeof options.body === 'string') {
        body = options.body as BodyInit;
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    const { response, text } = await exchange(path, { method: options.method ?? 'GET', headers, body }, options);
    return parseBody(response, text) as T;
  }

  /**
   * A `fetch` for the typed client (hono/client's hc): the request hc built (path relative to the API base, method,
   * headers, serialised body) goes through the same pipeline; the answer comes back as a Response over the body
   * already read (`call` in rpc.ts reads it as `request` does).
   */
  function fetcher(options: FetchOptions = {}): typeof fetch {
    return async (input, init) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => {
        headers[key] = value;
      });
      const method = (init?.method ?? 'GET').toUpperCase() as HttpMethod;
      const body = init?.body ?? undefined;
      const { response, text } = await exchange(path, { method, headers: { ...headers, ...options.headers }, body }, options);
      return new Response(text ?? null, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  return {
    request,
    fetcher,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    async withRefreshLock(task) {
      // Take the lock synchronously, so a request started in the same tick already waits;
      // a second refresh queues behind the running one rather than overlapping it.
      const previous = lock;
      const running = (async () => {
        if (previous) await previous.catch(() => undefined);
        return task();
      })();
      lock = running;
      try {
        return await running;
      } finally {
        if (lock === running) lock = null;
      }
    },
    isLocked: () => lock !== null,
  };
}
