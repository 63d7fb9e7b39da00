import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { COMPRESS_MIN_BYTES, pickEncoding } from './http-compression.js';
import { serveApp } from './http-server.js';
import { IMMUTABLE, MONTH, REVALIDATE } from './lib/cache-control.js';
import { createTestContext, type TestContext } from './test/harness.js';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-dist-'));
const script = 'console.log("a hashed chunk");'.repeat(50);
const indexHtml = '<!doctype html><html><head><title>Amora</title></head><body>' + '<!-- padding -->'.repeat(40);

function writeWithTwins(relative: string, text: string) {
  const file = path.join(distDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

let ctx: TestContext;
let server: ServerType;
let port: number;

beforeAll(async () => {
  writeWithTwins('assets/index-AbC123.js', script);
  writeWithTwins('index.html', indexHtml);
  fs.writeFileSync(
    path.join(distDir, 'route-preloads.json'),
    JSON.stringify({ '/_signin': { js: ['/assets/_signin-A1.js'], css: [] }, '/_signin/sign-in': { js: ['/assets/sign-in-B2.js', '/assets/form-C3.js'], css: ['/assets/forms-D4.css'] } }),
  );
  fs.mkdirSync(path.join(distDir, 'emoji/64'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'emoji/64/1f44b.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeWithTwins('sw.js', 'self.addEventListener("install", () => {});'.repeat(10));
  ctx = await createTestContext({ WEB_DIST_DIR: distDir });
  const root = new Hono();
  root.get('/api/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `profile ${i}` })) }));
  root.get('/api/small', (c) => c.json({ ok: true }));
  root.get('/api/streamed', (c) => {
    const chunks = ['{"items":[', Array.from({ length: 300 }, (_, i) => i).join(','), ']}'];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = chunks.shift();
        if (next === undefined) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.enqueue(new TextEncoder().encode(next));
      },
    });
    return c.body(stream, 200, { 'Content-Type': 'application/json' });
  });
  root.post('/api/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i })) }));
  root.route('/', createApp(ctx.deps, { serveWeb: true }));
  server = await new Promise<ServerType>((resolve) => {
    const s = serveApp(root.fetch, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** The raw answer, bytes as sent: fetch would undo the compression this file checks. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built PWA served as a CDN would', () => {
  it('a hashed asset: brotli when accepted, gzip otherwise, plain without either; cached for a year, varying by encoding', async () => {
    const br = await raw('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe('Accept-Encoding');

    const gz = await raw('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);

    const plain = await raw('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html, at / and at any client route, and the service worker are revalidated on every visit', async () => {
    for (const pathname of ['/', '/index.html', '/profiles', '/chat/some-id']) {
      const res = await raw(pathname, { 'accept-encoding': 'br' });
      expect(res.status, pathname).toBe(200);
      expect(res.headers['content-encoding'], pathname).toBe('br');
      expect(zlib.brotliDecompressSync(res.body).toString(), pathname).toBe(indexHtml);
      expect(res.headers['cache-control'], pathname).toBe(REVALIDATE);
      expect(res.headers['content-type'], pathname).toContain('text/html');
    }
    const sw = await raw('/sw.js', { 'accept-encoding': 'gzip' });
    expect(sw.headers['cache-control']).toBe(REVALIDATE);
    expect(sw.headers['content-encoding']).toBe('gzip');
  });

  it("a route's URL answers index.html naming that route's files, its layout's first, for the preload scanner", async () => {
    for (const [encoding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync], ['', (b: Buffer) => b]] as const) {
      const res = await raw('/sign-in', encoding ? { 'accept-encoding': encoding } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding || undefined);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers.vary).toBe('Accept-Encoding');
      const html = decode(res.body).toString();
      const links = [...html.matchAll(/<link rel="([^"]+)"(?: as="style")? crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
      expect(links).toEqual(['modulepreload /assets/_signin-A1.js', 'modulepreload /assets/sign-in-B2.js', 'modulepreload /assets/form-C3.js', 'preload /assets/forms-D4.css']);
      expect(html.indexOf('/assets/forms-D4.css')).toBeLessThan(html.indexOf('</head>'));
    }
    const head = await raw('/sign-in', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('a hashed file the build does not have is a 404, not index.html', async () => {
    const res = await raw('/assets/index-Old999.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
  });

  it('an emoji image is a PNG kept for a month; one the set does not have is a 404, not index.html', async () => {
    const res = await raw('/emoji/64/1f44b.png', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(MONTH);
    expect((await raw('/emoji/64/1faea.png')).status).toBe(404);
  });
});

describe('JSON answers', () => {
  it('a large GET answer is compressed with the encoding the client prefers', async () => {
    const br = await raw('/api/big', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const items = (JSON.parse(zlib.brotliDecompressSync(br.body).toString()) as { items: unknown[] }).items;
    expect(items).toHaveLength(200);
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await raw('/api/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toHaveProperty('items');
  });

  it('small answers, clients that accept no encoding, and POST answers go out as they are', async () => {
    const small = await raw('/api/small', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });

    const none = await raw('/api/big');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString())).toHaveProperty('items');

    const post = await raw('/api/big', { 'accept-encoding': 'br' }, 'POST');
    expect(post.headers['content-encoding']).toBeUndefined();
  });

  it('a streamed JSON answer goes out whole and as it is', async () => {
    const res = await raw('/api/streamed', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(res.body.toString()) as { items: number[] }).items).toHaveLength(300);
  });

  it('reads Accept-Encoding weights', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
