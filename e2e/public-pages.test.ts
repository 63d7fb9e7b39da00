import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { signInMember } from './support/member.js';

// docs/product.md#screens-and-routes public pages and the footer links in the documented order.
const PUBLIC_PAGES = ['/', '/prices', '/about-us', '/faq', '/terms', '/privacy-policy', '/cookie-policy', '/contact-us', '/affiliates', '/about', '/content-removal', '/block', '/sign-in', '/sign-up'];
const FOOTER = [
  ['Prices', '/prices'],
  ['About us', '/about-us'],
  ['FAQ', '/faq'],
  ['Terms', '/terms'],
  ['Privacy policy', '/privacy-policy'],
  ['Cookie policy', '/cookie-policy'],
  ['Contact us', '/contact-us'],
  ['Affiliates', '/affiliates'],
] as const;

describe.skipIf(!hasChromium)('a visitor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each([
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('walks every public page at %s width, each with a heading and no errors', { timeout: 180_000 }, async (label, viewport) => {
    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const path of PUBLIC_PAGES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shot(page, `public-${label}${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('follows every footer link', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/faq');
    for (const [name, path] of FOOTER) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await ctx.close();
  });

  it('is sent home from a members-only page', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await page.goto('/profiles');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await ctx.close();
  });

  it('sees the 404 page on an unknown path and can go home', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await page.goto('/nowhere');
    await page.getByRole('heading', { name: 'OOPS! 404 / PAGE NOT FOUND' }).waitFor();
    // Inside the public frame: the site header and the footer links.
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Prices' }).count()).toBe(1);
    await shot(page, 'not-found');
    await page.getByRole('link', { name: /home/i }).or(page.getByRole('button', { name: /home/i })).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await ctx.close();
  });
});

describe.skipIf(!hasChromium)('a signed-in member', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('sees the 404 page inside the member frame (header with the main navigation)', { timeout: 60_000 }, async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await signInMember(page);
    await page.goto('/nowhere');
    await page.getByRole('heading', { name: 'OOPS! 404 / PAGE NOT FOUND' }).waitFor();
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: /Messages/ }).waitFor();
    await shot(page, 'not-found-member');
    await ctx.close();
  });
});
