import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { ADMIN, apiCall, apiToken, createMember, pathOf, seriousAxeViolations } from './support/member.js';
import { asTab, createAgentLikeDemo, sessionBar, signInStaff, tag, toast } from './support/staff.js';

/**
 * The console holds no state of its own that the server owns (issue 16): tabs handing the socket over, a claim
 * ended by an admin, a forced logout, and the reply countdown on screen whatever the scroll.
 */
const WIDE = { width: 1440, height: 900 };

const statusText = (page: Page) => sessionBar(page).getByRole('status').first().innerText();

/** Every status the page's session bar shows from now on, sampled every 50 ms, for the journey to read. */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenStatuses: string[] }).seenStatuses = seen;
    setInterval(() => {
      const text = document.querySelector('[aria-label="Session"] [role="status"]')?.textContent?.trim() ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }, 50);
  });
}
const seenStatuses = (page: Page) => page.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses);


const conversationInUrl = (page: Page) => new URL(page.url()).searchParams.get('id');

/** Whether the element is on screen, and what (the header) is drawn over its middle, if anything. */
async function inViewAndOnTop(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    return { inView: box.top >= 0 && box.bottom <= window.innerHeight, drawnOver: top && top !== el && !el.contains(top) ? `${top.tagName}.${top.className}` : null };
  });
}

describe.skipIf(!hasChromium)('agent console: the server is the truth', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  const me = { username: `tabs_${tag()}@example.com`, password: 'agent-pass-123' };
  let tabs: Page[] = [];
  let worker: Page;

  beforeAll(async () => {
    browser = await launch();
    ctx = await newContext(browser, WIDE);
    // An agent of its own, covering the demo brands in Britain only, and a member of its own who lives there:
    // the stock it claims from holds this journey's conversations alone, whatever other journeys left waiting.
    await createAgentLikeDemo(me, { firstName: 'Tess', lastName: 'Tabs' }, 3, { country: 'GB' });
    const member = await createMember({ credits: true, prefix: 'tabs' });
    await apiCall(member.token, 'PATCH', `/user/${member.id}`, { location: { country: 'GB', city: 'Leeds', state: 'West Yorkshire' } });
    // The member writes to three profiles, seven messages each (a thread longer than the screen, so the page
    // scrolls): three conversations wait in the message stock.
    const profiles = await apiCall<{ data: { _id: string }[] }>(member.token, 'GET', '/profiles?limit=36');
    for (const profile of profiles.data.slice(-3)) {
      for (let i = 1; i <= 7; i++) await apiCall(member.token, 'POST', `/conversation/${profile._id}`, { messageType: 'text', message: `Anyone there? (${i}) ${tag()}` });
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
  });

  it('three tabs: a follower claims, the leader closes; the new leader shows the claim within 2 s, the server holds one claim, no tab says Offline', async () => {
    const leader = await ctx.newPage();
    await signInStaff(leader, me);
    await sessionBar(leader).getByRole('button', { name: /Start session/ }).click();
    await sessionBar(leader).getByRole('status').filter({ hasText: 'Online' }).waitFor();
    const follower = await ctx.newPage();
    await follower.goto('/agent');
    await sessionBar(follower).getByText('Linked tab').waitFor();
    const third = await ctx.newPage();
    await third.goto('/agent');
    await sessionBar(third).getByText('Linked tab').waitFor();

    await follower.keyboard.press('Alt+N');
    await expect.poll(() => pathOf(follower), { timeout: 10_000 }).toBe('/chat');
    await follower.getByTestId('reply-left').waitFor();
    const claimed = conversationInUrl(follower);
    await recordStatuses(follower);
    await recordStatuses(third);

    const closedAt = Date.now();
    await leader.close();
    await sessionBar(follower).getByText('Live', { exact: true }).waitFor({ timeout: 5_000 });
    const handover = Date.now() - closedAt;
    console.log(`hand-over with a claim in the follower: ${handover} ms`);
    expect(handover).toBeLessThan(2_000);
    // The claim is still this tab's, with its countdown running.
    const before = await follower.getByTestId('reply-left').innerText();
    await expect.poll(() => follower.getByTestId('reply-left').innerText(), { timeout: 3_000 }).not.toBe(before);
    await follower.getByRole('list', { name: 'Messages' }).waitFor();
    expect(await follower.getByText('Not claimed by you').count()).toBe(0);
    // The claims list still shows it, once.
    expect(await follower.getByRole('navigation', { name: 'Your claims' }).getByTestId('held-claim').count()).toBe(1);
    // Past the server's disconnect grace: the session is still the server's open one, shown as such everywhere.
    await follower.waitForTimeout(6_000);
    expect(await statusText(follower)).toContain('Online');
    expect(await statusText(third)).toContain('Online');
    for (const page of [follower, third]) expect((await seenStatuses(page)).filter((s) => /Offline/.test(s))).toEqual([]);
    const claims = await asTab<{ total: number; data: { conversation: { _id: string } }[] }>(follower, 'GET', '/claims');
    expect(claims.total).toBe(1);
    expect(claims.data[0]!.conversation._id).toBe(claimed);
    expect((await asTab<{ status: string }>(follower, 'GET', '/event')).status).toBe('online');
    tabs = [follower, third];
    worker = follower;
  });

  it("an admin's reply to the claimed conversation: the lookup names the holder, the agent is told at once and stays signed in", async () => {
    const claimed = conversationInUrl(worker)!;
    const adminCtx = await newContext(browser, WIDE);
    const admin = await adminCtx.newPage();
    await signInStaff(admin, ADMIN);
    await admin.goto(`/agent/lookup/${claimed}`);
    const holder = admin.getByTestId('claim-holder');
    await holder.waitFor();
    expect(await holder.innerText()).toMatch(/^Tess Tabs holds this conversation \(claim ends in [0-4]:\d\d\)\. Replying as admin ends their claim\.$/);
    await shot(admin, 'agent-lookup-claim-holder');
    const box = admin.getByLabel(/^Reply as admin to /);
    await box.fill(`The office answers ${tag()}`);
    await box.press('Control+Enter');
    // The admin confirms that sending ends the agent's claim.
    await admin.getByRole('dialog', { name: 'End the claim of Tess Tabs?' }).getByRole('button', { name: 'Send and end the claim' }).click();
    await toast(admin, 'Reply sent as admin').waitFor();
    await adminCtx.close();

    await toast(worker, 'Someone else answered this conversation').waitFor({ timeout: 5_000 });
    await worker.getByTestId('reply-left').waitFor({ state: 'detached' });
    await worker.waitForTimeout(1_500);
    expect(pathOf(worker)).toBe('/chat');
    expect(await statusText(worker)).toContain('Online');
    expect((await asTab<{ total: number }>(worker, 'GET', '/claims')).total).toBe(0);
  });

  it('the reply countdown stays on screen when the page scrolls, at 1440×900 and at 390×844', async () => {
    await worker.keyboard.press('Alt+N');
    await worker.getByTestId('reply-left').waitFor();
    await worker.getByRole('list', { name: 'Messages' }).waitFor();
    for (const size of [WIDE, MOBILE]) {
      await worker.setViewportSize(size);
      await worker.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await worker.waitForTimeout(200);
      expect(await worker.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await worker.screenshot({ path: path.join(inject('shotsDir'), `agent-console-scrolled-${size.width}.png`) });
      expect(await inViewAndOnTop(worker, 'reply-left')).toEqual({ inView: true, drawnOver: null });
    }
    await worker.setViewportSize(WIDE);
  });

  it('Release claim gives the conversation back, Send & next answers and takes the next one, ? lists the shortcuts', async () => {
    await worker.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await worker.keyboard.press('?');
    const help = worker.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Send the reply and claim the next conversation').waitFor();
    await worker.keyboard.press('Escape');

    const held = conversationInUrl(worker);
    await worker.keyboard.press('Alt+R');
    await toast(worker, 'The conversation went back to its stock.').waitFor();
    await worker.getByTestId('reply-left').waitFor({ state: 'detached' });
    expect((await asTab<{ total: number }>(worker, 'GET', '/claims')).total).toBe(0);
    expect(pathOf(worker)).toBe('/chat');

    await worker.keyboard.press('Alt+N');
    await worker.getByTestId('reply-left').waitFor();
    await expect.poll(() => conversationInUrl(worker)).not.toBeNull();
    const first = conversationInUrl(worker);
    const box = worker.getByLabel(/^Reply as /);
    await box.fill(`Back to you ${tag()}`);
    await box.press('Control+Shift+Enter');
    await toast(worker, 'Reply sent').waitFor();
    // The next conversation is claimed and opened without another key.
    await expect.poll(() => conversationInUrl(worker), { timeout: 10_000 }).not.toBe(first);
    await worker.getByTestId('reply-left').waitFor();
    const claims = await asTab<{ total: number; data: { conversation: { _id: string } }[] }>(worker, 'GET', '/claims');
    expect(claims.data.map((c) => c.conversation._id)).toEqual([conversationInUrl(worker)]);
    expect(held).not.toBeNull();
  });

  it('a forced logout says why and goes to the staff sign-in; signing in again restarts nothing and shows no old timer', async () => {
    // The same agent signs in elsewhere (taking the session over): every tab here is signed out.
    await apiToken(me, 'agent');
    for (const page of tabs) await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agent/sign-in');
    await toast(worker, 'You were signed out: your account signed in on another device.').waitFor();
    expect(await worker.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('amora-agent')))).toEqual([]);
    await tabs[1]!.close();
    // Past the server's disconnect grace, the session is over on the server.
    await worker.waitForTimeout(6_000);

    await signInStaff(worker, me);
    await sessionBar(worker).getByRole('button', { name: /Start session/ }).waitFor();
    // Nothing restarts the shift by itself, and no timer of the ended session comes back.
    await worker.waitForTimeout(8_000);
    expect(await statusText(worker)).toContain('Offline');
    expect(await worker.getByTestId('session-time').innerText()).toBe('0:00');
    expect(await worker.getByTestId('reply-left').count()).toBe(0);
    expect((await asTab<{ status: string }>(worker, 'GET', '/event')).status).toBe('offline');
    expect(await worker.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('amora-agent')))).toEqual([]);
  });

  it('axe finds nothing serious on any console screen, for an agent and for an admin', async () => {
    const found: Record<string, string[]> = {};
    await sessionBar(worker).getByRole('button', { name: /Start session/ }).click();
    await sessionBar(worker).getByRole('status').filter({ hasText: 'Online' }).waitFor();
    found['/agent'] = await seriousAxeViolations(worker);
    await worker.keyboard.press('Alt+N');
    await worker.getByRole('list', { name: 'Messages' }).waitFor();
    found['/chat'] = await seriousAxeViolations(worker);
    const adminCtx = await newContext(browser, WIDE);
    const admin = await adminCtx.newPage();
    await signInStaff(admin, ADMIN);
    for (const screen of ['/agent/lookup', `/agent/lookup/${conversationInUrl(worker)}`, '/agent/board', '/agent/agents', '/agent/profiles', '/agent/report', '/agent/moderation']) {
      await admin.goto(screen);
      await admin.getByRole('main').waitFor();
      await admin.waitForLoadState('networkidle');
      found[screen] = await seriousAxeViolations(admin);
    }
    await adminCtx.close();
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])));
  });
});
