import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFictive } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { type LiveServer, startLiveServer } from '../test/live-server.js';
import { createMemberWithCredits } from '../modules/credits/test-helpers.js';

let ctx: TestContext;
let live: LiveServer;

beforeAll(async () => {
  ctx = await createTestContext();
  live = await startLiveServer(ctx);
});
afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

/** A request over a real socket, the body sent with its Content-Length or, `chunked`, in pieces without one. */
function post(path: string, body: string, headers: Record<string, string>, opts: { chunked?: boolean } = {}) {
  const url = new URL(path, live.base.replace('ws:', 'http:'));
  return new Promise<{ status: number; body: { error?: { code: string } } & Record<string, unknown>; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), headers: res.headers }));
    });
    req.on('error', reject);
    if (opts.chunked) {
      for (let i = 0; i < body.length; i += 1000) req.write(body.slice(i, i + 1000));
      req.end();
    } else {
      req.setHeader('content-length', Buffer.byteLength(body));
      req.end(body);
    }
  });
}

describe('JSON bodies on the Node server', () => {
  it('reads a body of known length, and the Idempotency-Key hash and the route read the same text', async () => {
    const member = await createMemberWithCredits(ctx, 2);
    const profile = await createFictive(ctx);
    const body = JSON.stringify({ messageType: 'text', message: 'über naïve 😀' });
    const headers = { ...member.headers, 'idempotency-key': 'node-body-1' };
    const first = await post(`/api/conversation/${profile.id}`, body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((first.body.messages as { message: string }[])[0]!.message).toBe('über naïve 😀');
    const again = await post(`/api/conversation/${profile.id}`, body, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('refuses a declared length over the limit with 413 before reading it, and a chunked one as it streams', async () => {
    const member = await createMemberWithCredits(ctx, 1);
    const profile = await createFictive(ctx);
    const big = JSON.stringify({ messageType: 'text', message: 'x'.repeat(300 * 1024) });
    const declared = await post(`/api/conversation/${profile.id}`, big, member.headers);
    expect(declared.status).toBe(413);
    expect(declared.body.error?.code).toBe('payload-too-large');
    const streamed = await post(`/api/conversation/${profile.id}`, big, member.headers, { chunked: true });
    expect(streamed.status).toBe(413);
    // The unread rest of each body is on its socket: both answers close it, so no keep-alive request lands in it.
    expect([declared.headers.connection, streamed.headers.connection]).toEqual(['close', 'close']);
    expect((await ctx.deps.db.query.conversations.findMany({ where: (c, { eq }) => eq(c.userId, member.id) })).length).toBe(0);
  });

  it('reads a chunked body within the limit, and answers 400 for malformed JSON either way', async () => {
    const member = await createMemberWithCredits(ctx, 1);
    const profile = await createFictive(ctx);
    const chunked = await post(`/api/conversation/${profile.id}`, JSON.stringify({ messageType: 'text', message: 'in pieces' }), member.headers, { chunked: true });
    expect(chunked.status, JSON.stringify(chunked.body)).toBe(201);
    for (const opts of [{}, { chunked: true }]) {
      const broken = await post(`/api/conversation/${profile.id}`, '{"message": ', member.headers, opts);
      expect(broken.status).toBe(400);
    }
  });
});
