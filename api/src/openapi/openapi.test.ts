import SwaggerParser from '@apidevtools/swagger-parser';
import type { UpgradeWebSocket } from 'hono/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { openApiPath } from './describe.js';
import { operations } from './document.js';
import { DOCS_CSP } from './routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function fetchDocument() {
  const res = await ctx.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.json();
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place; it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('describes every route the app registers, and nothing it does not', async () => {
    // A stand-in upgrade so the websocket route is registered too.
    const upgradeWebSocket = (() => async () => undefined) as unknown as UpgradeWebSocket;
    const app = createApp(ctx.deps, { upgradeWebSocket });
    // Middleware (`use`) registers as ALL; each handler of a route is listed, hence the set.
    const registered = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    const described = new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));
    expect([...registered].filter((route) => !described.has(route)), 'routes without an operation').toEqual([]);
    expect([...described].filter((route) => !registered.has(route)), 'operations without a route').toEqual([]);
    expect(described.size).toBe(operations.length);
  });

  it('gives each operation its request, answers and error shape', async () => {
    const doc = await fetchDocument();
    for (const op of operations) {
      const item = doc.paths[openApiPath(op.path)][op.method];
      expect(item, `${op.method} ${op.path}`).toBeTruthy();
      expect(Object.keys(item.responses).length).toBeGreaterThan(0);
      if (op.body) expect(item.requestBody.content['application/json'].schema).toBeTruthy();
      for (const status of Object.keys(op.errors)) {
        expect(item.responses[status].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
      }
      if (op.callers.length) expect(item.security.length).toBe(op.callers.length);
    }
    const ids = operations.map((op) => doc.paths[openApiPath(op.path)][op.method].operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with its own policy and its assets from this server', async () => {
    const res = await ctx.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    const page = await res.text();
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/'), source).toBe(true);
      const asset = await ctx.app.request(source);
      expect(asset.status, source).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('answers 404 with the error shape for an unknown asset', async () => {
    for (const name of ['nope.js', '..%2Fpackage.json', 'constructor', 'index.html']) {
      const res = await ctx.app.request(`/api/docs/${name}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not-found');
    }
  });
});
