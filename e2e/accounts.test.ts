import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, firstLink, hasChromium, launch, newContext, shot, waitForMail } from './support/browser.js';

async function fillSignUp(page: Page, username: string, email: string) {
  await page.getByRole('radio', { name: 'Man', exact: true }).check();
  await page.getByRole('radio', { name: 'Women', exact: true }).check();
  await page.getByLabel(/^Date of birth/).fill('1990-05-17');
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('a-long-password-1');
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username or email').fill(username);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: /sign in/i }).click();
}

describe.skipIf(!hasChromium)('accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('signs up, is held at /verify until the mailed link signs the member in and lands on /profiles', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    const stamp = Date.now();
    const email = `e2e${stamp}@example.com`;
    await page.goto('/sign-up');
    const form = page.getByRole('form', { name: 'Create your account' });
    // Terms unchecked first: the SPEC's text, and no account is made.
    await fillSignUp(page, `e2e_${stamp}`, email);
    await form.getByRole('button', { name: /create my free account/i }).click();
    await page.getByText('Please acknowledge to proceed.').waitFor();
    await shot(page, 'sign-up-terms-error');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: /create my free account/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/verify');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot(page, 'verify-waiting');

    // An unverified member is held at /verify.
    await page.goto('/profiles');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/verify');

    const mail = await waitForMail(email, { after: stamp });
    const link = firstLink(mail, '/api/verify-email');
    await page.goto(link);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/profiles');
    await shot(page, 'verified-profiles');
    await ctx.close();
  });

  it('shows the SPEC text for a wrong password and makes no call when a field is empty', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await signIn(page, 'demo', 'not-the-password');
    await page.getByText('Invalid credentials. Please verify username and password').first().waitFor();
    await shot(page, 'sign-in-wrong-password');
    await ctx.close();
  });

  it('signs the demo member in, and logging out in one tab signs the other tab out', async () => {
    const ctx = await newContext(browser, MOBILE);
    const first = await ctx.newPage();
    await signIn(first, 'demo', 'demo-pass-123');
    await expect.poll(() => new URL(first.url()).pathname).toBe('/profiles');
    const second = await ctx.newPage();
    await second.goto('/user');
    await expect.poll(() => new URL(second.url()).pathname).toBe('/user');
    await shot(second, 'member-account');

    await first.getByRole('button', { name: 'Account menu' }).click();
    await first.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => new URL(first.url()).pathname).toBe('/');
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 10_000 }).toBe('/');
    await second.goto('/profiles');
    await expect.poll(() => new URL(second.url()).pathname).toBe('/');
    await ctx.close();
  });
});
