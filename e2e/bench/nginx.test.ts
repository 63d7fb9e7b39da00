import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { nginxBinary, startNginx, type Proxy } from './support/nginx.js';

/**
 * The production proxy file (deploy/nginx/amora.conf), rendered as `npm run bench -- scale` and docs/production.md
 * render it, in front of two small upstreams that report what reached them: websocket upgrade, the client
 * address nginx puts in X-Forwarded-For, the body limit, and both upstreams used.
 */
const hasNginx = nginxBinary() !== null;
if (!hasNginx) console.warn('\n[nginx.test] SKIPPED: nginx is not installed (apt-get install -y nginx)\n');

interface Upstream {
  port: number;
  name: string;
  server: http.Server;
}

async function upstream(name: string): Promise<Upstream> {
  const server = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ upstream: name, headers: req.headers, size }));
    });
  });
  const wss = new WebSocketServer({ server, path: '/api/ws' });
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(`${name}:${data.toString()}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, name, server };
}

describe.skipIf(!hasNginx)('deploy/nginx/amora.conf in front of two processes', () => {
  let ups: Upstream[] = [];
  let proxy: Proxy;
  beforeAll(async () => {
    ups = [await upstream('a'), await upstream('b')];
    // startNginx waits for /api/health through the proxy: the upstreams answer any path.
    proxy = await startNginx(ups.map((u) => `127.0.0.1:${u.port}`));
  }, 30_000);
  afterAll(async () => {
    await proxy?.stop();
    for (const u of ups) u.server.closeAllConnections();
    await Promise.all(ups.map((u) => new Promise((r) => u.server.close(r))));
  });

  type Seen = { upstream: string; headers: Record<string, string>; size: number };
  // node:http rather than fetch, which will not send a Host header of the caller's choosing.
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: Seen }>((resolve, reject) => {
      const req = http.get(`${proxy.url}${path}`, { headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Seen }));
      });
      req.on('error', reject);
    });

  it('replaces a client-chosen X-Forwarded-For with the address nginx saw, and passes Host and the scheme', async () => {
    const { status, body } = await get('/api/health', { 'x-forwarded-for': '203.0.113.9', host: 'amora.example' });
    expect(status).toBe(200);
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers.host).toBe('amora.example');
    expect(body.headers['x-forwarded-host']).toBe('amora.example');
  });

  it('keeps the upstream connection alive (no "Connection: close" to the process) and uses both processes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const { body } = await get(`/api/x?${i}`);
      expect(body.headers.connection ?? '').not.toMatch(/close/i);
      seen.add(body.upstream);
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('upgrades /api/ws to a websocket both ways', async () => {
    const ws = new WebSocket(`${proxy.url.replace('http', 'ws')}/api/ws?token=x`);
    const reply = await new Promise<string>((resolve, reject) => {
      ws.once('open', () => ws.send('ping'));
      ws.once('message', (d) => resolve(d.toString()));
      ws.once('error', reject);
    });
    ws.close();
    expect(reply).toMatch(/^[ab]:ping$/);
  });

  it('takes a 20 MB upload and refuses 30 MB with 413 before it reaches a process', async () => {
    const post = (bytes: number) => fetch(`${proxy.url}/api/user/upload`, { method: 'POST', body: new Uint8Array(bytes) });
    const ok = await post(20 * 1024 * 1024);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { size: number }).size).toBe(20 * 1024 * 1024);
    // nginx answers 413 from the Content-Length alone, before the body is read.
    const refused = await post(30 * 1024 * 1024);
    expect(refused.status).toBe(413);
  }, 30_000);
});
