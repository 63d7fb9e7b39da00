import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { ApiError, createHttpClient, RETRY_STATUSES, TimeoutError } from './http';

function client(overrides: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  const loader = { show: vi.fn(), hide: vi.fn() };
  const onError = vi.fn();
  let token = 'token-1';
  const instance = createHttpClient({ baseUrl: () => '/api', getToken: () => token, loader, onError, ...overrides });
  return { instance, loader, onError, setToken: (next: string) => (token = next) };
}

/** Answers `statuses` in order, then 200; counts the calls. */
function sequence(method: 'get' | 'post' | 'patch' | 'put' | 'delete' | 'head', path: string, statuses: number[]) {
  const calls = { count: 0 };
  server.use(
    http[method](`*/api${path}`, () => {
      const status = statuses[calls.count++];
      if (status === undefined) return HttpResponse.json({ ok: true });
      return HttpResponse.json({ error: { code: `code-${status}`, message: `failed ${status}` } }, { status });
    }),
  );
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('http client: retry rules (docs/api.md#endpoints)', () => {
  it.each([...RETRY_STATUSES])('retries a GET once on %i and returns the second answer', async (status) => {
    const calls = sequence('get', '/thing', [status]);
    const { instance } = client();
    await expect(instance.get('/thing')).resolves.toEqual({ ok: true });
    expect(calls.count).toBe(2);
  });

  it('retries HEAD once too', async () => {
    const calls = sequence('head', '/thing', [503]);
    await client().instance.request('/thing', { method: 'HEAD' });
    expect(calls.count).toBe(2);
  });

  it('retries only once: a second failure throws', async () => {
    const calls = sequence('get', '/thing', [500, 502]);
    const { instance, onError } = client();
    const error = await instance.get('/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'code-502', message: 'failed 502' });
    expect(calls.count).toBe(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('never retries %s', async (method) => {
    const calls = sequence(method, '/thing', [503]);
    const { instance } = client();
    const run = method === 'delete' ? instance.delete('/thing') : instance[method]('/thing', { a: 1 });
    await expect(run).rejects.toMatchObject({ status: 503 });
    expect(calls.count).toBe(1);
  });

  it.each([400, 401, 403, 404, 422])('does not retry a GET on %i', async (status) => {
    const calls = sequence('get', '/thing', [status]);
    await expect(client().instance.get('/thing')).rejects.toMatchObject({ status });
    expect(calls.count).toBe(1);
  });
});

describe('http client: requests and errors', () => {
  it('sends the bearer token, JSON body and query, or the API key instead of the token', async () => {
    const seen: { auth: string | null; key: string | null; url: string; body: unknown }[] = [];
    server.use(
      http.all('*/api/echo', async ({ request }) => {
        seen.push({
          auth: request.headers.get('authorization'),
          key: request.headers.get('x-api-key'),
          url: request.url,
          body: request.method === 'POST' ? await request.json() : null,
        });
        return HttpResponse.json({});
      }),
    );
    const { instance } = client();
    await instance.post('/echo', { hello: 'world' }, { query: { page: 2, tags: ['a', 'b'], empty: undefined } });
    await instance.get('/echo', { apiKey: 'pk_1' });
    expect(seen[0]).toMatchObject({ auth: 'Bearer token-1', key: null, body: { hello: 'world' } });
    expect(new URL(seen[0]!.url).search).toBe('?page=2&tags=a%2Cb');
    expect(seen[1]).toMatchObject({ auth: null, key: 'pk_1' });
  });

  it('shows the page loader when asked and hides it on success and on error', async () => {
    sequence('get', '/ok', []);
    sequence('post', '/bad', [422]);
    const { instance, loader } = client();
    await instance.get('/ok', { loader: true });
    expect(loader.show).toHaveBeenCalledTimes(1);
    expect(loader.hide).toHaveBeenCalledTimes(1);
    await instance.post('/bad', {}, { loader: true }).catch(() => undefined);
    expect(loader.show).toHaveBeenCalledTimes(2);
    expect(loader.hide).toHaveBeenCalledTimes(2);
    await instance.get('/ok');
    expect(loader.show).toHaveBeenCalledTimes(2);
  });

  it('reads an error without the contract shape as its status', async () => {
    server.use(http.get('*/api/plain', () => new HttpResponse(null, { status: 500 })));
    await expect(client().instance.get('/plain', { timeoutMs: 1000 })).rejects.toMatchObject({ status: 500, code: 'http-500' });
  });
});

describe('http client: timeout', () => {
  it("aborts a slow request with 'TimeoutError: The operation was aborted due to timeout'", async () => {
    server.use(
      http.get('*/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const error = await client().instance.get('/slow', { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(String(error)).toBe('TimeoutError: The operation was aborted due to timeout');
  });
});

describe('http client: refresh lock (docs/product.md#authentication)', () => {
  it('holds every other request until the refresh settles, then sends the new token', async () => {
    const order: string[] = [];
    let finishRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (finishRefresh = resolve));
    server.use(
      http.patch('*/api/authenticate', async () => {
        order.push('refresh:start');
        await refreshGate;
        order.push('refresh:end');
        return HttpResponse.json({ access_token: 'token-2' });
      }),
      http.get('*/api/data/:n', ({ params, request }) => {
        order.push(`data:${String(params.n)}:${request.headers.get('authorization')}`);
        return HttpResponse.json({ n: params.n });
      }),
    );
    const { instance, setToken } = client();
    const refresh = instance.withRefreshLock(async () => {
      const answer = await instance.patch<{ access_token: string }>('/authenticate', undefined, { bypassLock: true });
      setToken(answer.access_token);
      return answer;
    });
    expect(instance.isLocked()).toBe(true);
    const first = instance.get('/data/1');
    const second = instance.post('/data/2');
    server.use(http.post('*/api/data/:n', ({ params, request }) => {
      order.push(`data:${String(params.n)}:${request.headers.get('authorization')}`);
      return HttpResponse.json({});
    }));
    await delay(30);
    expect(order).toEqual(['refresh:start']);
    finishRefresh();
    await Promise.all([refresh, first, second]);
    expect(instance.isLocked()).toBe(false);
    expect(order.slice(0, 2)).toEqual(['refresh:start', 'refresh:end']);
    expect(order.slice(2).sort()).toEqual(['data:1:Bearer token-2', 'data:2:Bearer token-2']);
  });

  it('releases waiting requests when the refresh fails', async () => {
    server.use(
      http.patch('*/api/authenticate', () => HttpResponse.json({ error: { code: 'forbidden', message: 'no' } }, { status: 403 })),
      http.get('*/api/after', () => HttpResponse.json({ done: true })),
    );
    const { instance } = client();
    const refresh = instance.withRefreshLock(() => instance.patch('/authenticate', undefined, { bypassLock: true }));
    const waiting = instance.get('/after');
    await expect(refresh).rejects.toMatchObject({ status: 403 });
    await expect(waiting).resolves.toEqual({ done: true });
  });

  it('runs the before-request hook (on-demand refresh) before locked requests only', async () => {
    const beforeRequest = vi.fn();
    server.use(http.get('*/api/x', () => HttpResponse.json({})));
    const { instance } = client({ beforeRequest });
    await instance.get('/x');
    await instance.get('/x', { bypassLock: true });
    expect(beforeRequest).toHaveBeenCalledTimes(1);
  });
});
