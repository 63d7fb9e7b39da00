import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await ctx.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the error shape and 404', async () => {
    const res = await ctx.app.request('/api/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not-found', message: 'Page not found: /api/nowhere' } });
  });

  it('refuses bodies over the JSON limit with 413 and the error shape', async () => {
    const res = await ctx.app.request('/api/health', jsonRequest('POST', { s: 'x'.repeat(1024 * 1024) }));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload-too-large');
  });
});
