import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MOBILE, firstLink, hasChromium, launch, newContext, shot, waitForMail } from './support/browser.js';
import { apiSignUp, signInMember } from './support/member.js';

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
    // Terms unchecked first: the documented text, and no account is made.
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

    // The same link again, in another browser: it signs no one in (docs/product.md#errors-and-texts: already_verified without token).
    const again = await newContext(browser, MOBILE);
    const replay = await again.newPage();
    await replay.goto(link);
    await expect.poll(() => new URL(replay.url()).pathname, { timeout: 15_000 }).toBe('/');
    await replay.getByText('Something went wrong, please try again later.').first().waitFor();
    expect(await replay.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await again.close();
  });

  it('resets a forgotten password from the mailed link once; the link does not sign in twice', async () => {
    const stamp = Date.now();
    const email = `reset${stamp}@example.com`;
    const signup = await apiSignUp(`reset_${stamp}`, email);
    expect(signup.status).toBe(201);
    const asked = await fetch(`${inject('baseUrl')}/api/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(asked.status).toBe(200);
    // The sign-up's verification mail came first; wait for the reset one.
    await expect.poll(async () => (await waitForMail(email, { after: stamp })).includes('reset-password=true'), { timeout: 15_000 }).toBe(true);
    const link = firstLink(await waitForMail(email, { after: stamp }), 'reset-password=true');

    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel(/^New password/).fill('a-brand-new-secret-2');
    await form.getByLabel(/^Confirm new password/).fill('a-brand-new-secret-2');
    await shot(page, 'password-reset-form');
    await form.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed.').first().waitFor();
    await ctx.close();
    const signInWith = (password: string) =>
      fetch(`${inject('baseUrl')}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
    expect((await signInWith('a-brand-new-secret-2')).status).toBe(200);
    expect((await signInWith('a-long-password-1')).status).toBe(401);

    const again = await newContext(browser, MOBILE);
    const replay = await again.newPage();
    await replay.goto(link);
    await replay.getByText('Error during auto-login. You will be logged out.').first().waitFor();
    await expect.poll(() => new URL(replay.url()).pathname).toBe('/');
    await again.close();
  });

  it('refreshes once for several tabs: the API rotates the token and every tab keeps the session', async () => {
    const ctx = await newContext(browser, MOBILE);
    const first = await ctx.newPage();
    await signInMember(first);
    const stored = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token);
    const signedIn = await first.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}') as { token: string; expiryDate: number });
    // Tabs opened now read a session that is due for its refresh (under 50 minutes left) and all refresh at once.
    await first.evaluate((auth) => localStorage.setItem('auth', JSON.stringify({ ...auth, expiryDate: Date.now() + 10 * 60_000 })), signedIn);
    const answers: number[] = [];
    ctx.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith('/api/authenticate')) answers.push(response.status());
    });
    const tabs = [await ctx.newPage(), await ctx.newPage(), await ctx.newPage()];
    await Promise.all(tabs.map((tab) => tab.goto('/profiles')));
    await expect.poll(() => stored(first)).not.toBe(signedIn.token);
    // One rotation and no refused refresh: the API revokes a session whose replaced token comes back, so each tab
    // that took the lock after the first read the token it handed over in IndexedDB, whatever its localStorage showed.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(answers).toEqual([200]);
    const rotated = await stored(first);
    for (const tab of tabs) {
      expect(new URL(tab.url()).pathname).toBe('/profiles');
      expect(await stored(tab)).toBe(rotated);
      await tab.reload();
      await expect.poll(() => new URL(tab.url()).pathname).toBe('/profiles');
    }
    await first.reload();
    await expect.poll(() => new URL(first.url()).pathname).toBe('/profiles');
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    await ctx.close();
  });

  it('shows the documented text for a wrong password and makes no call when a field is empty', async () => {
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
