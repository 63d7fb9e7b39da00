import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { SessionCache } from './session-cache.js';
import { signupBody } from './test-helpers.js';

let ctx: TestContext;
/** A second API process on the same database: its own app and session cache, nothing else shared. */
let other: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({
    REGISTER_LIMIT_PER_IP: '5',
    REGISTER_CAPTCHA_AFTER: '2',
    REGISTER_LIMIT_PER_EMAIL: '3',
    FORGOT_PASSWORD_LIMIT_PER_IP: '3',
    FORGOT_PASSWORD_LIMIT_PER_EMAIL: '2',
    RATE_LIMIT_WINDOW_MINUTES: '60',
  });
  other = createApp({ ...ctx.deps, sessions: new SessionCache(0) });
});
afterAll(() => ctx.close());

// In-process requests have no socket: the address is the forwarded one, like a proxy's client IP.
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const apps = () => [ctx.app, other];
async function post(app: ReturnType<typeof createApp>, path: string, body: unknown, ip: string) {
  const res = await app.request(path, jsonRequest('POST', body, from(ip)));
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string; waitSeconds?: number } } };
}

describe('sign-up flood limits', () => {
  it('asks for the captcha past a few sign-ups from one IP, then answers 429, counting across two API processes', async () => {
    const ip = '203.0.113.10';
    expect((await post(ctx.app, '/api/register', signupBody(), ip)).status).toBe(201);
    expect((await post(other, '/api/register', signupBody(), ip)).status).toBe(201);
    const escalated = await post(ctx.app, '/api/register', signupBody(), ip);
    expect(escalated.status).toBe(412);
    expect(escalated.body.error!.code).toBe('captcha-required');
    // The refused attempt counts too: a bot that never solves the challenge meets the hard limit sooner.
    const solved = { captchaToken: 'sandbox-pass', captchaVersion: 'v2' };
    expect((await post(other, '/api/register', signupBody(solved), ip)).status).toBe(201);
    expect((await post(ctx.app, '/api/register', signupBody(solved), ip)).status).toBe(201);
    const refused = await post(other, '/api/register', signupBody(solved), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'too-many-requests',
      message: 'Too many requests from your connection or for this account. Please try again in 60 minutes.',
      waitSeconds: expect.any(Number),
    });
    // Another address is not affected; the window passing lifts the limit.
    expect((await post(ctx.app, '/api/register', signupBody(), '203.0.113.11')).status).toBe(201);
    ctx.clock.advance(61 * 60_000);
    expect((await post(ctx.app, '/api/register', signupBody(), ip)).status).toBe(201);
  });

  it('limits attempts on one email from many addresses', async () => {
    const body = signupBody();
    const statuses = [];
    for (const [i, app] of [...apps(), ...apps()].entries()) statuses.push((await post(app, '/api/register', { ...signupBody(), email: body.email }, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([201, 422, 422, 429]);
  });
});

describe('forgot-password flood limits', () => {
  it('answers 429 per IP and per email, whether the address has an account or not, across two API processes', async () => {
    const ip = '192.0.2.50';
    const byIp = [];
    for (const [i, app] of [...apps(), ...apps()].entries()) byIp.push((await post(app, '/api/forgot-password', { email: `nobody${i}@example.com` }, ip)).status);
    expect(byIp).toEqual([200, 200, 200, 429]);

    const byEmail = [];
    for (const [i, app] of [...apps(), ctx.app].entries()) byEmail.push((await post(app, '/api/forgot-password', { email: 'Target@Example.com' }, `192.0.2.${60 + i}`)).status);
    expect(byEmail).toEqual([200, 200, 429]);
  });

  it('never lets more than the limit through when requests arrive at once on both processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(i % 2 ? other : ctx.app, '/api/forgot-password', { email: `burst${i}@example.com` }, '192.0.2.99')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
  });
});
