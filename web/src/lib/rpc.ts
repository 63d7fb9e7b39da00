/**
 * The typed API client: hono/client's hc over AppType (every route the API registers, its validated input and its
 * JSON answers), sending through the app's one HTTP client (api.ts), so the bearer token, the refresh lock, the
 * retry, the page loader and ApiError stay as they are. A route renamed, moved or given another body on the server
 * fails the web's typecheck instead of a member's request (decision 0044).
 *
 *   const order = await call(rpc.order.$post({ json: body }, via({ headers: { 'Idempotency-Key': key } })));
 */
import { hc, type ClientResponse, type ClientRequestOptions, type parseResponse } from 'hono/client';
import type { AppType } from '@api/app';
import { api } from './api';
import { readAnswer, toSearchParams, type FetchOptions, type HttpClient, type QueryValue } from './http';

/**
 * Paths are relative: api.ts's pipeline joins them to the API base it reads per call (runtime config), and
 * hc's query serialiser is replaced with the one the untyped calls use.
 */
export function typedClient(http: HttpClient) {
  return hc<AppType>('', { fetch: http.fetcher(), buildSearchParams: (query) => toSearchParams(query as Record<string, QueryValue>) });
}

/** The app's typed client, over api.ts. */
export const rpc = typedClient(api);

/** Per-call options of api.ts (loader, auth, apiKey, signal, timeout, headers) for one typed call. */
export function via(options: FetchOptions): ClientRequestOptions {
  return { fetch: api.fetcher(options) };
}

/** Path parameters escaped: hc puts them into the path as they are. */
export function pathParams<P extends Record<string, string>>(params: P): P {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, encodeURIComponent(value)])) as P;
}

/** The success answer's body, typed from the route (a 4xx/5xx has already thrown ApiError in the pipeline). */
export type Answer<R extends ClientResponse<unknown>> = Awaited<ReturnType<typeof parseResponse<R>>>;

/** Reads a typed call's answer as the untyped client does: JSON, text, or undefined when empty. */
export async function call<R extends ClientResponse<unknown>>(pending: Promise<R>): Promise<Answer<R>> {
  return (await readAnswer((await pending) as unknown as Response)) as Answer<R>;
}
