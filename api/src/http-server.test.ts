import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS } from './http-server.js';
import { createTestContext, type TestContext } from './test/harness.js';
import { type LiveServer, startLiveServer } from './test/live-server.js';

let ctx: TestContext;
let live: LiveServer;
let http: string;

beforeAll(async () => {
  ctx = await createTestContext();
  live = await startLiveServer(ctx, (root) => {
    root.get('/api/framed', (c) => {
      c.header('X-Frame-Options', 'DENY');
      return c.json({ ok: true });
    });
    root.get('/not-api', (c) => c.text('page'));
  });
  http = live.base.replace('ws://', 'http://');
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

describe('security headers on the real server', () => {
  it('every API answer carries them, errors included', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await fetch(`${http}${path}`);
      expect(res.status).toBe(status);
      for (const [name, value] of API_SECURITY_HEADERS) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it("a handler's own value wins over the default", async () => {
    const res = await fetch(`${http}/api/framed`);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('pages outside the API are left as they are', async () => {
    const res = await fetch(`${http}/not-api`);
    expect(await res.text()).toBe('page');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});
