import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import net from 'node:net';
import { API_SECURITY_HEADERS } from './http-server.js';
import { createMember } from './test/fixtures.js';
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
    root.get('/payment-confirmed.html', (c) => c.html('<p>sent</p>'));
    root.get('/api/public-list', (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json([]);
    });
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

  it('API answers are never stored, unless a handler says otherwise', async () => {
    const res = await fetch(`${http}/api/health`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // A member's own state, and a sign-in answer (which carries tokens when it succeeds).
    const m = await createMember(ctx);
    const own = await fetch(`${http}/api/user/${m.id}`, { headers: { ...m.headers, host: 'localhost' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    const signIn = await fetch(`${http}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost' },
      body: JSON.stringify({ username: m.username, password: 'not-the-password' }),
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${http}/api/public-list`)).headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('pages carry the content security policy, cannot be framed and are not sniffed', async () => {
    const res = await fetch(`${http}/not-api?x=1`);
    expect(await res.text()).toBe('page');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("the checkout's landing page may be framed by the app only", async () => {
    const res = await fetch(`${http}/payment-confirmed.html`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe("the sandbox provider's page", () => {
  it('has its own policy, naming its one inline style by hash', async () => {
    const res = await fetch(`${http}/api/sandbox/age-verification/no-such-session`, { headers: { host: 'localhost' } });
    expect(res.status).toBe(404);
    const html = await res.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = crypto.createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/** The answer to raw bytes on a fresh connection, as the server wrote it before closing. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(http).port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("requests Node's parser refuses", () => {
  it('a URL longer than the header limit (a 100k-character query value) answers 431 with the error shape', async () => {
    const member = await createMember(ctx);
    const res = await fetch(`${http}/api/profiles?search=${'x'.repeat(100_000)}`, { headers: member.headers });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ error: { code: 'headers-too-large', message: expect.any(String) } });
  });

  it('broken HTTP framing answers 400 with the error shape and closes the connection', async () => {
    const answer = await rawExchange('POST /api/sync/push HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body!)).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
  });
});
