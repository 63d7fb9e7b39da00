import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { ADMIN, DEMO, apiCall, apiToken, pathOf, seriousAxeViolations } from './support/member.js';
import { asTab, createAgentLikeDemo, sessionBar, signInStaff, tag, toast } from './support/staff.js';

/**
 * Every claim the agent holds is on screen (issue 16, docs/decisions/0031): up to maxClaims, each with its own
 * countdown, the same list in every tab, one key to switch, and a reload that shows the running shift and every
 * held claim at once.
 */
const WIDE = { width: 1440, height: 900 };

const claimsList = (page: Page) => page.getByRole('navigation', { name: 'Your claims' });
const heldItems = (page: Page) => claimsList(page).getByTestId('held-claim');
const openId = (page: Page) => new URL(page.url()).searchParams.get('id');
/** The conversation ids of the list's items, in its order. */
const listedIds = (page: Page) => heldItems(page).evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('id')));
const countdowns = (page: Page) => claimsList(page).getByTestId('claim-left').allInnerTexts();
const seconds = (clock: string) => {
  const [m, s] = clock.split(':').map(Number);
  return m! * 60 + s!;
};


/** From the page's first script on: every status text, Start-session button and held-claim count it shows, sampled each frame. */
const RECORD_FROM_START = () => {
  const seen: string[] = [];
  (window as unknown as { seen: string[] }).seen = seen;
  const sample = () => {
    const bar = document.querySelector('[aria-label="Session"]');
    if (bar) {
      const status = bar.querySelector('[role="status"]')?.textContent?.trim() ?? '';
      const start = [...bar.querySelectorAll('button')].some((b) => /Start session/.test(b.textContent ?? '')) ? ' +Start session' : '';
      const held = document.querySelectorAll('[data-testid="held-claim"]').length;
      const line = `${status}${start} | held ${held}`;
      if (seen.at(-1) !== line) seen.push(line);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
};

describe.skipIf(!hasChromium)('agent console: every held claim on screen', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  let main: Page;
  let other: Page;
  const me = { username: `claims_${tag()}@example.com`, password: 'agent-pass-123' };

  beforeAll(async () => {
    browser = await launch();
    ctx = await newContext(browser, WIDE);
    // An agent of its own with the demo agent's scope and a cap of 3.
    await createAgentLikeDemo(me, { firstName: 'Max', lastName: 'Three' }, 3);
    // Six conversations wait in the message stock.
    const member = await apiToken(DEMO);
    const profiles = await apiCall<{ data: { _id: string }[] }>(member, 'GET', '/profiles?limit=36');
    for (const profile of profiles.data.slice(-10, -4)) {
      await apiCall(member, 'POST', `/conversation/${profile._id}`, { messageType: 'text', message: `Still there ${tag()}` });
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
  });

  it('holds 3 claims with 3 countdowns, the same list in a second tab, and a 4th is refused at the cap', async () => {
    main = await ctx.newPage();
    await signInStaff(main, me);
    await sessionBar(main).getByRole('button', { name: /Start session/ }).click();
    await sessionBar(main).getByRole('status').filter({ hasText: 'Online' }).waitFor();
    other = await ctx.newPage();
    await other.goto('/chat');
    await sessionBar(other).getByText('Linked tab').waitFor();

    for (let n = 1; n <= 3; n++) {
      await main.bringToFront();
      await main.keyboard.press('Alt+N');
      await expect.poll(() => heldItems(main).count(), { timeout: 10_000 }).toBe(n);
      // The claim opens at once, its conversation read from the claim's own answer.
      await expect.poll(() => openId(main)).toBe((await listedIds(main)).at(-1));
      await main.getByRole('list', { name: 'Messages' }).waitFor();
    }
    expect(pathOf(main)).toBe('/chat');
    expect(await claimsList(main).getByTestId('claims-count').innerText()).toBe('3 of 3');
    expect(await sessionBar(main).getByTestId('held-count').innerText()).toBe('3/3 held');
    // Three countdowns, each running on its own (claimed a moment apart, the first lapses first).
    const first = (await countdowns(main)).map(seconds);
    expect(first).toHaveLength(3);
    for (const left of first) expect(left).toBeGreaterThan(240);
    expect([...first].sort((a, b) => a - b)).toEqual(first);
    await expect.poll(async () => (await countdowns(main)).map(seconds).every((left, i) => left < first[i]!), { timeout: 4_000 }).toBe(true);

    // The other tab lists the same three claims, in the same order, from the socket's frames.
    await expect.poll(() => listedIds(other), { timeout: 5_000 }).toEqual(await listedIds(main));
    expect((await countdowns(other)).map(seconds).every((left) => left > 240)).toBe(true);
    const held = await asTab<{ total: number; maxClaims: number; data: { conversation: { _id: string } }[] }>(main, 'GET', '/claims');
    expect({ total: held.total, maxClaims: held.maxClaims }).toEqual({ total: 3, maxClaims: 3 });
    expect(held.data.map((c) => c.conversation._id)).toEqual(await listedIds(main));

    // At the cap: Claim next is off and Alt N says why, asking the server for nothing.
    expect(await sessionBar(main).getByRole('button', { name: /Claim next/ }).isDisabled()).toBe(true);
    await main.keyboard.press('Alt+N');
    await toast(main, 'You can hold at most 3 conversations at once. Reply to one first.').waitFor();
    expect((await asTab<{ total: number }>(main, 'GET', '/claims')).total).toBe(3);
  });

  it('switches between held claims with Alt+number and Alt+↑/↓, and by a click; ? lists the keys', async () => {
    const ids = await listedIds(main);
    await main.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (const [key, index] of [['Alt+1', 0], ['Alt+3', 2], ['Alt+2', 1]] as const) {
      await main.keyboard.press(key);
      await expect.poll(() => openId(main)).toBe(ids[index]);
      await expect.poll(() => heldItems(main).nth(index).getAttribute('aria-current')).toBe('page');
      await main.getByRole('list', { name: 'Messages' }).waitFor();
    }
    await main.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => openId(main)).toBe(ids[2]);
    await main.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => openId(main)).toBe(ids[0]);
    await main.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => openId(main)).toBe(ids[2]);
    // Keys work while typing a reply too.
    await main.getByLabel(/^Reply as /).click();
    await main.keyboard.press('Alt+1');
    await expect.poll(() => openId(main)).toBe(ids[0]);
    await heldItems(main).nth(1).click();
    await expect.poll(() => openId(main)).toBe(ids[1]);

    await main.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await main.keyboard.press('?');
    const help = main.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Open the 1st … 9th of your claims').waitFor();
    await help.getByText('Open the claim above / below the open one').waitFor();
    await main.keyboard.press('Escape');
  });

  it('axe finds nothing serious with three claims held; the screen at 1440×900 and 390×844', async () => {
    expect(await seriousAxeViolations(main)).toEqual([]);
    await shot(main, 'agent-claims-3-held-1440');
    await main.setViewportSize(MOBILE);
    await main.evaluate(() => window.scrollTo(0, 0));
    await shot(main, 'agent-claims-3-held-390');
    expect(await seriousAxeViolations(main)).toEqual([]);
    await main.setViewportSize(WIDE);
  });

  it('a reload shows the running shift and all three claims at once: never Offline, never Start session, never fewer claims', async () => {
    await other.close();
    const ids = await listedIds(main);
    await main.addInitScript(RECORD_FROM_START);
    const reloadedAt = Date.now();
    await main.reload();
    await expect.poll(() => heldItems(main).count(), { timeout: 5_000 }).toBe(3);
    console.log(`reload → three held claims on screen: ${Date.now() - reloadedAt} ms`);
    await sessionBar(main).getByText('Live', { exact: true }).waitFor({ timeout: 5_000 });
    await main.waitForTimeout(1_000);
    const seen = await main.evaluate(() => (window as unknown as { seen: string[] }).seen);
    console.log(`reload, as shown: ${seen.join(' → ')}`);
    expect(seen.filter((line) => /Offline|Start session/.test(line))).toEqual([]);
    // The list goes from nothing to all three, never one or two first.
    expect(seen.filter((line) => /held [12]$/.test(line))).toEqual([]);
    expect(await listedIds(main)).toEqual(ids);
    expect(await statusOf(main)).toContain('Online');
    expect((await countdowns(main)).map(seconds).every((left) => left > 200)).toBe(true);
  });

  it("an admin's reply ends one claim: it leaves the list with a notice, the others go on and nobody is logged out", async () => {
    const ids = await listedIds(main);
    const admin = await apiToken(ADMIN, 'agent');
    const target = ids[1]!;
    const view = await apiCall<{ messages: { _id: string }[] }>(admin, 'GET', `/conversation/${target}`);
    await apiCall(admin, 'POST', `/conversation/${target}/message`, { message: `From the office ${tag()}`, lastMessageId: view.messages[0]!._id, admin: true });
    await toast(main, 'Someone else answered this conversation').waitFor({ timeout: 5_000 });
    await expect.poll(() => listedIds(main)).toEqual([ids[0], ids[2]]);
    expect(await statusOf(main)).toContain('Online');
    // Room for one more: Claim next takes it.
    await main.keyboard.press('Alt+N');
    await expect.poll(() => heldItems(main).count(), { timeout: 10_000 }).toBe(3);
  });

  it('replies to each claim in turn: each leaves the list, the next opens by itself, and the server holds none', async () => {
    await main.keyboard.press('Alt+1');
    for (let left = 3; left > 0; left--) {
      const current = openId(main)!;
      expect(await listedIds(main)).toContain(current);
      const box = main.getByLabel(/^Reply as /);
      await box.fill(`Lovely to hear from you ${tag()}`);
      await box.press('Control+Enter');
      await toast(main, 'Reply sent').waitFor();
      await expect.poll(() => heldItems(main).count()).toBe(left - 1);
      if (left > 1) await expect.poll(() => openId(main)).not.toBe(current);
      await main.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    }
    expect((await asTab<{ total: number }>(main, 'GET', '/claims')).total).toBe(0);
    expect(await statusOf(main)).toContain('Online');
  });

  it('several console tabs due for their refresh at once rotate the token once, and every tab stays signed in', async () => {
    const stored = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token);
    const signedIn = await main.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}') as { token: string });
    // Under 50 minutes left: every tab that loads now refreshes, one after the other under the Web Lock.
    await main.evaluate((auth) => localStorage.setItem('auth', JSON.stringify({ ...auth, expiryDate: Date.now() + 10 * 60_000 })), signedIn);
    const answers: number[] = [];
    ctx.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith('/api/authenticate')) answers.push(response.status());
    });
    const tabs = [main, await ctx.newPage(), await ctx.newPage()];
    await Promise.all(tabs.map((tab) => tab.goto('/agent')));
    await expect.poll(() => stored(main), { timeout: 10_000 }).not.toBe(signedIn.token);
    await main.waitForTimeout(3_000);
    // One rotation, no refused refresh: a replaced token presented again would have revoked the session.
    expect(answers).toEqual([200]);
    const rotated = await stored(main);
    for (const tab of tabs) {
      expect(pathOf(tab)).toBe('/agent');
      expect(await stored(tab)).toBe(rotated);
      await sessionBar(tab).waitFor();
    }
    expect((await asTab<{ total: number }>(tabs[2]!, 'GET', '/claims')).total).toBe(0);
  });
});

const statusOf = (page: Page) => sessionBar(page).getByRole('status').first().innerText();
