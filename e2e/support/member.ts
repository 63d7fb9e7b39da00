import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
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
  username: string;
  email: string;
  password: string;
}

/**
 * A member of the journey's own (never the shared demo member): registered through the API, the email
 * confirmed by the mailed link, with no credits.
 */
export async function createMember(prefix: string): Promise<NewMember> {
  const after = Date.now();
  const stamp = `${after}${Math.floor(Math.random() * 1000)}`;
  const member = { username: `${prefix}_${stamp}`.slice(0, 24), email: `${prefix}${stamp}@example.com`, password: 'a-long-password-1' };
  const res = await fetch(`${inject('baseUrl')}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, gender: 'man', lookingFor: 'woman', birthDate: '1990-04-12', terms: true }),
  });
  if (res.status !== 201) throw new Error(`register ${member.username}: ${res.status} ${await res.text()}`);
  const link = firstLink(await waitForMail(member.email, { after }), '/api/verify-email');
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`verify ${member.username}: ${verified.status}`);
  return member;
}

/** The serious and critical axe violations of the page as it is now, as "rule: target" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
