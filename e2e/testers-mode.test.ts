/**
 * Testers' mode as a tester meets it: `vite --mode mock` (msw, no API), the README's demo password, the seeded
 * inbox, and the tester panel driving the three scenarios a member cannot stage alone: a reply arriving, a
 * refusal, and sends made offline that go out when the network comes back.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch } from './support/browser.js';
import { bubble, statusOf } from './support/chat.js';
import { DEMO, pathOf } from './support/member.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

describe.skipIf(!hasChromium)("testers' mode (npm run dev:mock)", () => {
  let vite: ViteDevServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    vite = await createServer({ configFile: path.join(ROOT, 'vite.config.ts'), mode: 'mock', logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
    await vite.listen();
    browser = await launch();
    // msw answers from a service worker: this context must allow them.
    ctx = await browser.newContext({ baseURL: vite.resolvedUrls!.local[0], viewport: MOBILE, serviceWorkers: 'allow' });
    ctx.setDefaultTimeout(20_000);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await vite?.close();
  });

  const panel = () => page.getByRole('dialog', { name: 'Tester panel' });
  async function openPanel() {
    if (!(await panel().isVisible())) await page.keyboard.press('Alt+Shift+KeyT');
    await panel().waitFor();
  }
  async function closePanel() {
    await panel().getByRole('button', { name: 'Close the tester panel' }).click();
  }

  it("signs in with the README's demo password and shows the seeded conversations with unread replies", async () => {
    await page.goto('/sign-in');
    await page.getByLabel('Username or email').fill(DEMO.username);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(page)).not.toBe('/sign-in');
    await page.goto('/messages/conversations');
    await page.getByText('Also… coffee or tea? Important question', { exact: false }).waitFor();
    await page.getByText('I was thinking about that new jazz bar downtown', { exact: false }).waitFor();
  });

  it('a profile replies from the panel and the reply shows in the open chat', async () => {
    await page.getByText('Also… coffee or tea?', { exact: false }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/messages\/chat\//);
    const conversationId = pathOf(page).split('/').pop()!;
    await openPanel();
    await panel().getByLabel('Conversation').selectOption(conversationId);
    await panel().getByLabel('Text').fill('Tea, always tea 🍵');
    await panel().getByRole('button', { name: 'Reply now' }).click();
    await closePanel();
    await bubble(page, 'Tea, always tea').waitFor();
  });

  it('an armed no-credits refusal fails the next send, and the one after it goes through', async () => {
    await openPanel();
    await panel().getByRole('button', { name: 'No credits' }).click();
    await closePanel();
    const input = page.getByLabel(/^Message to /);
    await input.fill('Refused by the panel');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(page, 'Refused by the panel')).toBe('failed');
    // The member is told as when the server's balance is empty.
    const popup = page.getByRole('dialog', { name: 'You are out of credits' });
    await popup.waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    await input.fill('Delivered after the refusal');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(page, 'Delivered after the refusal')).toBe('sent');
  });

  it('sends made while the panel holds the network offline wait, survive a reload, and go out when it is back', async () => {
    await openPanel();
    await panel().getByLabel('Offline').check();
    await closePanel();
    const input = page.getByLabel(/^Message to /);
    for (const text of ['Offline one', 'Offline two']) {
      await input.fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await bubble(page, text).waitFor();
    }
    expect(await statusOf(page, 'Offline one')).toBe('pending');
    await page.reload();
    await bubble(page, 'Offline two').waitFor();
    expect(await statusOf(page, 'Offline two')).toBe('pending');
    await openPanel();
    // The network setting came back with the page (sessionStorage).
    expect(await panel().getByLabel('Offline').isChecked()).toBe(true);
    await panel().getByLabel('Offline').uncheck();
    await closePanel();
    for (const text of ['Offline one', 'Offline two']) await expect.poll(() => statusOf(page, text), { timeout: 30_000 }).toBe('sent');
  });
});
