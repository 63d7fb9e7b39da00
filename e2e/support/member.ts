import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, inject, vi } from 'vitest';
import { DESKTOP, MOBILE, firstLink, shot, waitForMail } from './browser.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const DEMO = { username: 'demo', password: 'demo-pass-123' };
export const ADMIN = { username: 'admin@example.com', password: 'admin-pass-123' };

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Signs in through the member form and waits for the signed-in landing page. */
export async function signInMember(page: Page, user = DEMO) {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username or email').fill(user.username);
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByRole('button', { name: /sign in/i }).click();
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profiles');
}

/** POST /api/authenticate (docs/api.md#auth); agents and admins pass `type: 'agent'`. */
export async function apiToken(user: { username: string; password: string }, type?: 'agent'): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, ...(type ? { type, force: true } : {}) }),
  });
  if (!res.ok) throw new Error(`authenticate ${user.username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** POST /api/register for a fresh member (the API's sign-up limits are raised for the e2e server). */
export async function apiSignUp(username: string, email: string, password = 'a-long-password-1'): Promise<Response> {
  return fetch(`${inject('baseUrl')}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password, gender: 'man', lookingFor: 'woman', birthDate: '1990-04-12', terms: true }),
  });
}

export async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * One screen at both widths: the journey runs at `back` width, the other width is a resize for the picture.
 * The page is left at `back` width again.
 */
export async function shotBoth(page: Page, name: string, back: typeof MOBILE = page.viewportSize() ?? DESKTOP) {
  for (const [label, size] of [['mobile', MOBILE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    // From the top, so fixed bars sit where a person sees them, with the photos in view loaded.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .waitForFunction(
        () =>
          Array.from(document.images)
            .filter((img) => {
              const box = img.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
            })
            .every((img) => img.complete),
        null,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    await shot(page, `${name}-${label}`);
  }
  await page.setViewportSize(back);
}

export interface NewMember {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

/**
 * A member of this journey's own (never the shared demo member): registered, email verified through the mailed
 * link, and with `credits` > 0 holding a 25-credit package bought with the sandbox card.
 */
export async function createMember(opts: { credits?: boolean; prefix?: string } = {}): Promise<NewMember> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const user = { username: `${opts.prefix ?? 'm'}_${stamp}`, email: `${(opts.prefix ?? 'm').toLowerCase()}${stamp}@example.com`, password: 'a-long-password-1' };
  const after = Date.now();
  const res = await apiSignUp(user.username, user.email, user.password);
  if (res.status !== 201) throw new Error(`register ${user.username}: ${res.status} ${await res.text()}`);
  // Opening the link verifies the email (the redirect carries an auto-login token we do not need).
  const link = firstLink(await waitForMail(user.email, { after }), '/api/verify-email');
  await fetch(link, { redirect: 'manual' });
  const token = await apiToken(user);
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string })._id;
  if (opts.credits) await buyCredits(token, 'credits-25');
  return { ...user, id, token };
}

/** One package bought with the sandbox card through the API (the checkout's own calls), waited for until paid. */
export async function buyCredits(token: string, sku: string) {
  const base = inject('baseUrl');
  const config = (await (await fetch(`${base}/api/config`)).json()) as { brandId: string; apiKey: string };
  const brands = (await (await fetch(`${base}/api/brands`, { headers: { 'x-api-key': config.apiKey } })).json()) as {
    data: { _id: string; products: { _id: string; sku: string }[] }[];
  };
  const product = brands.data.find((b) => b._id === config.brandId)?.products.find((p) => p.sku === sku);
  if (!product) throw new Error(`no product ${sku}`);
  const order = await apiCall<{ _id: string }>(token, 'POST', '/order', { currency: 'USD', country: 'US', products: [{ productId: product._id }] });
  const card = await fetch(`${base}/api/sandbox/payments/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvv: '123', cardholder: 'Test Member', zip: '12345' }),
  });
  const { token: paymentToken } = (await card.json()) as { token: string };
  await apiCall(token, 'PATCH', `/order/${order._id}`, { paymentToken, saveCard: false });
  // vi.waitFor rather than expect.poll: a journey's beforeAll buys too.
  await vi.waitFor(
    async () => {
      const status = (await apiCall<{ lastTransaction?: { status: string } }>(token, 'GET', `/order/${order._id}`)).lastTransaction?.status;
      if (status !== 'success') throw new Error(`order ${order._id}: ${status ?? 'no transaction yet'}`);
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** The serious and critical axe violations of the page as it is now, as "rule: target" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as a <script>: the pages' Content-Security-Policy refuses inline scripts.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  // A settled screen: a toast still fading in has the colours of half its opacity, which axe reads as low contrast.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
