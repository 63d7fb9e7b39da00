/**
 * Testers' mode as a tester meets it: `vite --mode mock` (msw, no API), the README's demo password, the seeded
 * inbox, and the tester panel driving what a member or an agent cannot stage alone: a reply arriving, a
 * refusal, sends made offline that go out when the network comes back, a push whose answer is lost, and the
 * clock moved past a claim's lifetime in the agent console.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch } from './support/browser.js';
import { bubble, bubbles, statusOf } from './support/chat.js';
import { DEMO, pathOf, shotBoth, seriousAxeViolations } from './support/member.js';
import { AGENT, sessionBar, toast } from './support/staff.js';

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
    // The first page of a cold dev server waits for Vite to bundle the dependencies.
    await page.goto('/sign-in', { timeout: 90_000 });
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

  it('a lost answer: the push is applied, the connection drops, the device replays it, and the thread holds one message', async () => {
    await openPanel();
    await panel().getByRole('button', { name: 'Lost answer (timeout)' }).click();
    await closePanel();
    await page.getByLabel(/^Message to /).fill('Applied but unanswered');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await bubble(page, 'Applied but unanswered').waitFor();
    // The answer is held 8 s and then the connection drops: meanwhile the message waits on the device.
    expect(await statusOf(page, 'Applied but unanswered')).toBe('pending');
    await expect.poll(() => statusOf(page, 'Applied but unanswered'), { timeout: 40_000 }).toBe('sent');
    expect(await bubble(page, 'Applied but unanswered').count()).toBe(1);
    // The server holds it once too: a reload rebuilds the thread from the server's answer.
    await page.reload();
    await bubble(page, 'Delivered after the refusal').waitFor();
    await expect.poll(() => statusOf(page, 'Applied but unanswered')).toBe('sent');
    expect(await bubble(page, 'Applied but unanswered').count()).toBe(1);
    expect((await bubbles(page).allInnerTexts()).filter((text) => text.includes('Applied but unanswered'))).toHaveLength(1);
  });

  it('the panel has no serious accessibility issue and shows the clock', async () => {
    await openPanel();
    await panel().getByRole('heading', { name: 'Clock' }).scrollIntoViewIfNeeded();
    expect(await panel().getByTestId('tester-clock-offset').innerText()).toMatch(/^Real time · /);
    expect(await panel().getByText(/^Access token: expires in (1 h \d+ min|2 h)$/).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shotBoth(page, 'testers-panel-clock');
    await closePanel();
  });

  it("the clock moved forward brings the member's token due, the client refreshes it, and past its expiry the session lapses", async () => {
    const tokenLine = () => panel().getByText(/^Access token: /).innerText();
    await openPanel();
    for (let i = 0; i < 3; i += 1) await panel().getByRole('button', { name: '+30 min on the clock' }).click();
    await panel().getByTestId('tester-clock-offset').filter({ hasText: /^Moved 1 h 30 min ahead · / }).waitFor();
    await expect.poll(tokenLine).toMatch(/^Access token: expires in (29|30) min \(due for a refresh\)$/);
    await closePanel();
    // The next call refreshes first (under 50 minutes left), and the new token runs two hours from the moved now.
    await page.getByLabel(/^Message to /).fill('Sent on a refreshed token');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(page, 'Sent on a refreshed token')).toBe('sent');
    await openPanel();
    await expect.poll(tokenLine).toMatch(/^Access token: expires in (1 h 59 min|2 h)$/);
    // Two hours on: the token is past its exp; the app's next call or token check (within a minute) finds it so,
    // and the member is signed out, told why. The member sends again: its push is that next call.
    await panel().getByRole('button', { name: '+2 h on the clock' }).click();
    await closePanel();
    await page.getByLabel(/^Message to /).fill('Sent on a lapsed token');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your session has expired. You will be logged out.').first().waitFor({ timeout: 70_000 });
    await expect.poll(() => pathOf(page)).toBe('/');
    await openPanel();
    await panel().getByRole('button', { name: 'Reset clock' }).click();
    await panel().getByTestId('tester-clock-offset').filter({ hasText: /^Real time · / }).waitFor();
    await closePanel();
    // The lapse may wait for the app's token check, once a minute.
  }, 150_000);

  it('in the agent console, the clock moved past a claim lapses it: the countdown ends, the agent is signed out, the conversation is back in the stock', async () => {
    // The console in its own browser: its own tab's mock world, its own signed-in token.
    const staffCtx = await browser.newContext({ baseURL: vite.resolvedUrls!.local[0], viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    staffCtx.setDefaultTimeout(20_000);
    const agent = await staffCtx.newPage();
    try {
      const signIn = async () => {
        await agent.goto('/agent/sign-in');
        const form = agent.getByRole('form', { name: 'Agent sign in' });
        await form.getByLabel(/^Email/).fill(AGENT.username);
        await form.getByLabel(/^Password/).fill(AGENT.password);
        await form.getByRole('button', { name: 'Sign in' }).click();
        await expect.poll(() => pathOf(agent)).toBe('/agent');
        // A lapse signs the agent out; the shift may still be on (the API's logout ends the sign-in, not the shift).
        const start = sessionBar(agent).getByRole('button', { name: /Start session/ });
        const online = sessionBar(agent).getByRole('status').filter({ hasText: 'Online' });
        await start.or(online).first().waitFor();
        if (await start.isVisible()) await start.click();
        await online.waitFor();
      };
      const stockTotal = async () => Number((await agent.getByTestId('stock-message').innerText()).trim());
      await signIn();
      await expect.poll(stockTotal).toBe(2);
      await agent.keyboard.press('Alt+N');
      await expect.poll(() => pathOf(agent)).toBe('/chat');
      const claimed = new URL(agent.url()).searchParams.get('id');
      await agent.getByTestId('reply-left').filter({ hasText: /^(4:[0-5]\d|5:00)$/ }).waitFor();

      const staffPanel = agent.getByRole('dialog', { name: 'Tester panel' });
      await agent.keyboard.press('Alt+Shift+KeyT');
      await staffPanel.getByRole('button', { name: '+5 min on the clock' }).click();
      await staffPanel.getByTestId('tester-clock-offset').filter({ hasText: /^Moved 5 min ahead · / }).waitFor();
      // The countdown reads the moved clock: it ends at once, and the lapse signs the agent out as docs/product.md#agent-session says.
      await toast(agent, 'Reply timer lapse').waitFor();
      await expect.poll(() => pathOf(agent)).toBe('/agent/sign-in');

      // The server side lapsed too: signed in again, both conversations wait, and the lapsed one is claimed first.
      await signIn();
      await expect.poll(stockTotal).toBe(2);
      await agent.keyboard.press('Alt+N');
      await expect.poll(() => pathOf(agent)).toBe('/chat');
      expect(new URL(agent.url()).searchParams.get('id')).toBe(claimed);
      // The moved clock survives a reload with the rest of the mock world.
      await agent.reload();
      await agent.getByRole('button', { name: 'Tester panel (Alt+Shift+T)' }).click();
      await staffPanel.getByTestId('tester-clock-offset').filter({ hasText: /^Moved 5 min ahead · / }).waitFor();
      await staffPanel.getByRole('heading', { name: 'Clock' }).scrollIntoViewIfNeeded();
      await shotBoth(agent, 'testers-console-moved-clock');
      await staffPanel.getByRole('button', { name: 'Reset clock' }).click();
      await staffPanel.getByTestId('tester-clock-offset').filter({ hasText: /^Real time · / }).waitFor();
    } finally {
      await staffCtx.close();
    }
  });
});
