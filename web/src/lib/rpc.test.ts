import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { ApiError, createHttpClient } from './http';
import { call, pathParams, typedClient } from './rpc';

function setup() {
  const loader = { show: vi.fn(), hide: vi.fn() };
  const onError = vi.fn();
  const http = createHttpClient({ baseUrl: () => '/api', getToken: () => 'token-1', loader, onError });
  return { http, client: typedClient(http), loader, onError };
}

describe('typed client over the HTTP pipeline (decision 0044)', () => {
  it('sends the typed call under the API base with the token, the JSON body and the escaped path, and reads the answer', async () => {
    const seen: { url?: string; auth?: string | null; type?: string | null; body?: unknown; key?: string | null } = {};
    server.use(
      http.patch('*/api/order/:id', async ({ request }) => {
        seen.url = request.url;
        seen.auth = request.headers.get('authorization');
        seen.type = request.headers.get('content-type');
        seen.key = request.headers.get('idempotency-key');
        seen.body = await request.json();
        return HttpResponse.json({ _id: 'o-1', status: 'pending' });
      }),
    );
    const { client, http: pipeline } = setup();
    const answer = await call(
      client.order[':id'].$patch({ param: pathParams({ id: 'a/b' }), json: { savedCardId: 'card-1' } }, { fetch: pipeline.fetcher({ headers: { 'Idempotency-Key': 'k-1' } }) }),
    );
    expect(answer).toEqual({ _id: 'o-1', status: 'pending' });
    expect(new URL(seen.url!).pathname).toBe('/api/order/a%2Fb');
    expect(seen).toMatchObject({ auth: 'Bearer token-1', type: 'application/json', key: 'k-1', body: { savedCardId: 'card-1' } });
  });

  it('leaves empty query values out, reads 204 as undefined, and retries a GET once on 503', async () => {
    let calls = 0;
    let query = '';
    server.use(
      http.get('*/api/claim', ({ request }) => {
        query = new URL(request.url).search;
        calls += 1;
        return calls === 1 ? HttpResponse.json({ error: { code: 'busy', message: 'busy' } }, { status: 503 }) : new HttpResponse(null, { status: 204 });
      }),
    );
    const { client } = setup();
    await expect(call(client.claim.$get({ query: { a: '', b: 'x' } }))).resolves.toBeUndefined();
    expect(calls).toBe(2);
    expect(query).toBe('?b=x');
  });

  it('throws the ApiError of the error shape and tells the error hook, as the untyped calls do', async () => {
    server.use(http.get('*/api/order/:id', () => HttpResponse.json({ error: { code: 'not-found', message: 'Not found' } }, { status: 404 })));
    const { client, onError } = setup();
    const failure = await call(client.order[':id'].$get({ param: { id: 'o-2' } })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not-found', message: 'Not found' });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('shows the page loader for a call that asks for it and hides it once the answer is read', async () => {
    server.use(http.get('*/api/push/key', () => HttpResponse.json({ publicKey: 'k' })));
    const { client, http: pipeline, loader } = setup();
    await expect(call(client.push.key.$get(undefined, { fetch: pipeline.fetcher({ loader: true }) }))).resolves.toEqual({ publicKey: 'k' });
    expect(loader.show).toHaveBeenCalledTimes(1);
    expect(loader.hide).toHaveBeenCalledTimes(1);
  });
});
