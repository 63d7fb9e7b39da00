import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createCaptcha } from './create.js';
import { createRecaptcha, SITEVERIFY_URL } from './recaptcha.js';
import { sandboxCaptcha } from './sandbox.js';

const seen: URLSearchParams[] = [];
const server = setupServer(
  http.post(SITEVERIFY_URL, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    seen.push(form);
    const token = form.get('response');
    if (token === 'down') return new HttpResponse(null, { status: 503 });
    if (form.get('secret') === 'v3-secret') return HttpResponse.json({ success: token !== 'bad', score: token === 'bot' ? 0.1 : 0.9 });
    return HttpResponse.json({ success: token === 'good-v2', 'error-codes': token === 'good-v2' ? [] : ['invalid-input-response'] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
});
afterAll(() => server.close());

describe('reCAPTCHA adapter', () => {
  const captcha = createRecaptcha({ secretV2: 'v2-secret', secretV3: 'v3-secret' });

  it('asks for v2 without a token, without calling Google', async () => {
    expect(await captcha.verify({})).toEqual({ ok: false, needsV2: true });
    expect(seen).toHaveLength(0);
  });

  it('passes a human v3 score and asks a low score or a failed check for v2', async () => {
    expect(await captcha.verify({ token: 'human', version: 'v3', ip: '1.2.3.4' })).toEqual({ ok: true });
    expect(seen[0]!.get('secret')).toBe('v3-secret');
    expect(seen[0]!.get('remoteip')).toBe('1.2.3.4');
    expect(await captcha.verify({ token: 'bot', version: 'v3' })).toEqual({ ok: false, needsV2: true });
    expect(await captcha.verify({ token: 'bad', version: 'v3' })).toEqual({ ok: false, needsV2: true });
  });

  it('checks v2 tokens with the v2 secret', async () => {
    expect(await captcha.verify({ token: 'good-v2', version: 'v2' })).toEqual({ ok: true });
    expect(await captcha.verify({ token: 'human', version: 'v3', requireV2: true })).toEqual({ ok: false, needsV2: true });
    expect(seen[0]!.get('secret')).toBe('v2-secret');
    expect((await captcha.verify({ token: 'wrong', version: 'v2' })).ok).toBe(false);
  });

  it('fails closed when Google is unreachable', async () => {
    expect(await captcha.verify({ token: 'down', version: 'v2' })).toEqual({ ok: false, needsV2: true });
  });
});

describe('sandbox captcha', () => {
  it('demands a check only for "+captcha" visitors and accepts the sandbox token', async () => {
    expect(await sandboxCaptcha.verify({ subject: 'plain@example.com user' })).toEqual({ ok: true });
    expect(await sandboxCaptcha.verify({ subject: 'me+CAPTCHA@example.com' })).toEqual({ ok: false, needsV2: true });
    expect(await sandboxCaptcha.verify({ subject: 'me+captcha@example.com', token: 'sandbox-pass', version: 'v2' })).toEqual({ ok: true });
    // Demanded by the API (a busy IP): everyone needs the token.
    expect(await sandboxCaptcha.verify({ subject: 'plain@example.com', requireV2: true })).toEqual({ ok: false, needsV2: true });
    expect(await sandboxCaptcha.verify({ subject: 'plain@example.com', requireV2: true, token: 'sandbox-pass', version: 'v2' })).toEqual({ ok: true });
  });
});

describe('captcha provider choice', () => {
  it('follows CAPTCHA_PROVIDER', async () => {
    expect(createCaptcha(loadConfig({ CAPTCHA_PROVIDER: 'sandbox' }))).toBe(sandboxCaptcha);
    expect(await createCaptcha(loadConfig({ CAPTCHA_PROVIDER: 'off' })).verify({ subject: 'x+captcha@y.z' })).toEqual({ ok: true });
    const real = createCaptcha(loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET_V2: 'v2-secret' }));
    expect(await real.verify({ token: 'good-v2', version: 'v2' })).toEqual({ ok: true });
  });
});
