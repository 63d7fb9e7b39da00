import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, firstLink, hasChromium, launch, newContext, shot, waitForMail } from './support/browser.js';
import { matchedMember } from './support/matching.js';
import { ADMIN, apiCall, apiToken, createMember, pathOf, seriousAxeViolations, shotBoth, signInMember, type NewMember } from './support/member.js';

describe.skipIf(!hasChromium)('the member experience', () => {
  let browser: Browser;
  let member: NewMember;
  beforeAll(async () => {
    browser = await launch();
    member = await createMember({ prefix: 'mx' });
  });
  afterAll(() => browser?.close());

  for (const [label, viewport] of [['phone', MOBILE], ['desktop', DESKTOP]] as const) {
    it(`Discover is in the main navigation on the ${label} and opens the swipe deck, named in the title`, async () => {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signInMember(page, member);
      const discover = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Discover' });
      await discover.waitFor({ state: 'visible' });
      await discover.click();
      await expect.poll(() => pathOf(page)).toBe('/matches');
      await page.getByRole('region', { name: 'Discover' }).getByRole('heading', { name: 'Discover' }).waitFor();
      await expect.poll(() => page.title()).toBe('Discover · Amora');
      // Nothing wider than the screen (long names, the tab bar).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `discover-nav-${label}`);
      await ctx.close();
    });
  }

  it('axe finds nothing serious on landing, sign-in, /profiles, a chat, /upgrade, /user and /settings', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    const found: Record<string, string[]> = {};
    const check = async (name: string, ready: (p: Page) => Promise<unknown>) => {
      await ready(page);
      await page.locator('#first-load').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      const violations = await seriousAxeViolations(page);
      if (violations.length > 0) found[name] = violations;
    };
    await page.goto('/');
    await check('landing', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await page.goto('/sign-in');
    await check('sign-in', (p) => p.getByRole('form', { name: 'Sign in' }).waitFor());
    await signInMember(page, member);
    await check('profiles', (p) => p.locator('.profile-grid article').first().waitFor());
    const firstProfile = await page.locator('.profile-grid a[href^="/profile/"]').first().getAttribute('href');
    await page.goto(firstProfile!);
    await page.getByRole('button', { name: /start chat/i }).first().click();
    await check('chat', (p) => p.getByRole('textbox', { name: /^Message to / }).waitFor());
    await page.goto('/upgrade');
    await check('upgrade', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await page.goto('/user');
    await check('user', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    await page.goto('/settings');
    await check('settings', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    expect(found).toEqual({});
    await ctx.close();
  });

  it('a message arriving while the member is on another screen shows a toast that opens the chat', async () => {
    const { member: matched, conversationId } = await matchedMember('mxtoast');
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await signInMember(page, matched);
    await page.locator('.profile-grid article').first().waitFor();
    // Let the mirror take in the conversation the match opened before the reply comes.
    await page.waitForTimeout(1500);
    const admin = await apiToken(ADMIN, 'agent');
    await apiCall(admin, 'POST', `/conversation/${conversationId}/message`, { messageType: 'text', message: 'Nice to match you!' });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: /New message from / });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Nice to match you!');
    await shotBoth(page, 'incoming-message-toast');
    await toast.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/messages/chat/${conversationId}`);
    await ctx.close();
  });

  it('a burst of replies gives one new-message mail whose link opens the chat after sign-in', async () => {
    // A member of its own: the toast journey's reply may have been mailed already (one mail per 30 minutes).
    const { member: reader, conversationId } = await matchedMember('mxmail');
    const admin = await apiToken(ADMIN, 'agent');
    const after = Date.now();
    for (const text of ['Hello there!', 'Are you around tonight?']) {
      await apiCall(admin, 'POST', `/conversation/${conversationId}/message`, { messageType: 'text', message: text });
    }
    const mail = await waitForMail(reader.email, { after, timeoutMs: 30_000 });
    expect(mail).toMatch(/Subject: Amora: 2 new messages from /);
    const link = firstLink(mail, `/messages/chat/${conversationId}`);

    // A fresh browser: the link asks to sign in, then opens the chat.
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await page.goto(link);
    const popup = page.getByRole('dialog', { name: /sign in/i });
    await popup.waitFor();
    await shot(page, 'mail-link-sign-in-mobile');
    await popup.getByLabel('Username or email').fill(reader.username);
    await popup.getByLabel(/^Password/).fill(reader.password);
    await popup.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(`/messages/chat/${conversationId}`);
    await page.getByText('Are you around tonight?').waitFor();
    await shotBoth(page, 'mail-link-chat');
    await ctx.close();
  });
});
