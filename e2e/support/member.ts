import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DESKTOP, MOBILE, shot } from './browser.js';

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
  await expect.poll(() => pathOf(page)).toBe('/profiles');
}

/** POST /api/authenticate (CONTRACT "Accounts"); agents and admins pass `type: 'agent'`. */
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
