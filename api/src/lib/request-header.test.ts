import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader } from './request-header.js';

const app = new Hono().get('/', (c) =>
  c.json({ auth: requestHeader(c, 'authorization') ?? null, lang: requestHeader(c, 'accept-language') ?? null, cookie: requestHeader(c, 'cookie') ?? null }),
);
let server: ReturnType<typeof serve>;
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      url = `http://127.0.0.1:${info.port}/`;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('requestHeader', () => {
  it("reads Node's parsed headers on the Node server, case-insensitively, and undefined for an absent one", async () => {
    const res = await fetch(url, { headers: { Authorization: 'Bearer abc', 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(await res.json()).toEqual({ auth: 'Bearer abc', lang: 'de-DE,de;q=0.9', cookie: null });
  });

  it('reads the web Request where there is no Node request (app.request in tests)', async () => {
    const res = await app.request('/', { headers: { authorization: 'Bearer xyz', cookie: 'a=1' } });
    expect(await res.json()).toEqual({ auth: 'Bearer xyz', lang: null, cookie: 'a=1' });
  });
});
