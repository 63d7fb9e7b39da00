import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch, newContext, shot } from './support/browser.js';

describe.skipIf(!hasChromium)('the API reference', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('shows every operation of /api/openapi.json, loading nothing from another origin', { timeout: 60_000 }, async () => {
    const ctx = await newContext(browser, { width: 1440, height: 900 });
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    const origin = new URL((await page.goto('/api/health'))!.url()).origin;
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) problems.push(`outside request: ${r.url()}`);
    });
    const doc = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);

    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Amora API/ }).waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations);
    await shot(page, 'api-docs');

    // An operation opens with its parameters and its answers, errors included.
    const swipe = page.locator('.opblock', { hasText: '/api/match/swipe' });
    await swipe.locator('.opblock-summary').click();
    await swipe.getByText('Like or dislike a profile').first().waitFor();
    await expect.poll(() => swipe.locator('.responses-table .response-col_status').allInnerTexts()).toEqual(expect.arrayContaining(['200', '400', '402', '409']));
    await shot(page, 'api-docs-operation');
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
