import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { ADMIN, DEMO, apiCall, apiToken, pathOf, seriousAxeViolations } from './support/member.js';
import { asTab, createAgentLikeDemo, sessionBar, signInStaff, tag, toast } from './support/staff.js';

/**
 * The admin side of the console (issue 16): the live supervisor board, the lookup naming who holds a claim
 * (and the reply that would end it asking first), lookup filters kept in the URL, the report's online time.
 */
const WIDE = { width: 1440, height: 900 };

/** m:ss → seconds. */
const seconds = (clock: string) => {
  const [m, s] = clock.split(':').map(Number);
  return m! * 60 + s!;
};

describe.skipIf(!hasChromium)('admin console: supervisor board, lookup and report', () => {
  let browser: Browser;
  let adminCtx: BrowserContext;
  let agentCtx: BrowserContext;
  let admin: Page;
  let agent: Page;
  const first = `Bo${tag()}`;
  const name = `${first} Board`;
  const me = { username: `board_${tag()}@example.com`, password: 'agent-pass-123' };
  let claimed = '';

  beforeAll(async () => {
    browser = await launch();
    // An agent of its own with the demo agent's scope; the member writes to two profiles so two conversations wait.
    await createAgentLikeDemo(me, { firstName: first, lastName: 'Board' }, 3);
    const member = await apiToken(DEMO);
    const profiles = await apiCall<{ data: { _id: string }[] }>(member, 'GET', '/profiles?limit=36');
    for (const profile of profiles.data.slice(-5, -3)) {
      await apiCall(member, 'POST', `/conversation/${profile._id}`, { messageType: 'text', message: `Still there ${tag()}` });
    }
    adminCtx = await newContext(browser, WIDE);
    agentCtx = await newContext(browser, WIDE);
    admin = await adminCtx.newPage();
    agent = await agentCtx.newPage();
  });
  afterAll(async () => {
    await adminCtx?.close();
    await agentCtx?.close();
    await browser?.close();
  });

  const row = () => admin.getByRole('row', { name: new RegExp(name) });

  it('the board shows the agent go online and claim, with the session and the claim time ticking, live', async () => {
    await signInStaff(admin, ADMIN);
    await admin.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Board' }).click();
    await expect.poll(() => pathOf(admin)).toBe('/agent/board');
    await admin.getByTestId('board-live').filter({ hasText: 'Live' }).waitFor();
    await row().getByText('Offline').waitFor();

    await signInStaff(agent, me);
    const startedAt = Date.now();
    await sessionBar(agent).getByRole('button', { name: /Start session/ }).click();
    await row().getByText('Online').waitFor({ timeout: 5_000 });
    const seenOnline = Date.now() - startedAt;
    console.log(`board shows the agent online ${seenOnline} ms after Start session`);
    // The socket tells the board (the fallback poll is 30 s while live).
    expect(seenOnline).toBeLessThan(3_000);
    const session = row().getByTestId('board-session');
    const s1 = seconds(await session.innerText());
    await expect.poll(async () => seconds(await session.innerText()), { timeout: 4_000 }).toBeGreaterThan(s1);

    await agent.keyboard.press('Alt+N');
    await expect.poll(() => pathOf(agent), { timeout: 10_000 }).toBe('/chat');
    claimed = new URL(agent.url()).searchParams.get('id')!;
    const left = row().getByTestId('board-claim-left');
    await left.waitFor({ timeout: 5_000 });
    expect(await row().getByLabel('1 of 3 claims').count()).toBe(1);
    // "4:58 left" (the word is for screen readers).
    const clockOf = async () => ((await left.textContent()) ?? '').replace(' left', '');
    const t1 = await clockOf();
    expect(t1).toMatch(/^(5:00|4:[45]\d)$/);
    await expect.poll(async () => seconds(await clockOf()), { timeout: 4_000 }).toBeLessThan(seconds(t1));
    // The claim links to the conversation in the lookup.
    expect(await row().getByRole('link').getAttribute('href')).toBe(`/agent/lookup/${claimed}`);

    await shot(admin, 'supervisor-board-1440');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize(MOBILE);
    await row().getByTestId('board-claim-left').waitFor();
    await shot(admin, 'supervisor-board-390');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize(WIDE);
    // Keyboard: the claim's link is reachable with Tab.
    await admin.getByRole('button', { name: 'Refresh' }).focus();
    for (let i = 0; i < 10 && !(await admin.evaluate(() => document.activeElement?.getAttribute('href')?.startsWith('/agent/lookup/'))); i++) await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(/^\/agent\/lookup\//);
  });

  it('lookup filters live in the URL: reload and back keep them; the row names the holder with the time left', async () => {
    // Read with this tab's own token: signing the admin in again elsewhere would take this tab's session over.
    const conversation = await asTab<{ profile: { username: string } }>(admin, 'GET', `/conversation/${claimed}`);
    await admin.goto('/agent/lookup');
    const filters = admin.getByRole('form', { name: 'Lookup filters' });
    await admin.getByRole('table').getByRole('row').nth(1).waitFor();
    await filters.getByLabel('Profile').fill(conversation.profile.username);
    await filters.getByLabel('Sort').selectOption('oldest');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('fictiveUsername')).toBe(conversation.profile.username);
    expect(new URL(admin.url()).searchParams.get('sortBy')).toBe('oldest');
    // Other journeys on this server may write to the same profile: the claimed conversation's own row.
    const claimedRow = admin.getByRole('row').filter({ has: admin.locator(`a[href="/agent/lookup/${claimed}"]`) });
    const holder = claimedRow.getByTestId('lookup-claim-holder');
    await holder.waitFor();
    expect(await holder.innerText()).toMatch(new RegExp(`^Claimed by ${name} · [45]:\\d\\d left$`));

    await admin.reload();
    await holder.waitFor();
    expect(await filters.getByLabel('Profile').inputValue()).toBe(conversation.profile.username);
    expect(await filters.getByLabel('Sort').inputValue()).toBe('oldest');
    await shot(admin, 'lookup-filtered-1440');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize(MOBILE);
    // On a phone the holder shows under the member (the State column is scrolled off to the side).
    await claimedRow.getByTestId('lookup-claim-holder-narrow').waitFor();
    expect(await holder.isVisible()).toBe(false);
    await shot(admin, 'lookup-filtered-390');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize(WIDE);

    // Back: the search before (no filters); forward: the filtered one again.
    await admin.goBack();
    await expect.poll(() => new URL(admin.url()).search).toBe('');
    await expect.poll(() => filters.getByLabel('Profile').inputValue()).toBe('');
    await admin.goForward();
    await expect.poll(() => filters.getByLabel('Profile').inputValue()).toBe(conversation.profile.username);
    await holder.waitFor();
  });

  it("the admin's reply warns that it ends the agent's claim; Cancel sends nothing, confirming sends and the board drops the claim", async () => {
    await admin.locator(`a[href="/agent/lookup/${claimed}"]`).first().click();
    await expect.poll(() => pathOf(admin)).toBe(`/agent/lookup/${claimed}`);
    await admin.getByTestId('claim-holder').waitFor();
    const box = admin.getByLabel(/^Reply as admin to /);
    const text = `The office here ${tag()}`;
    await box.fill(text);
    await box.press('Control+Enter');
    const dialog = admin.getByRole('dialog', { name: `End the claim of ${name}?` });
    await dialog.waitFor();
    expect(await dialog.getByTestId('admin-reply-warning').innerText()).toMatch(
      new RegExp(`^${name} holds this conversation \\(claim ends in [45]:\\d\\d\\)\\. Sending as admin ends their claim; they are told at once and stay signed in\\.$`),
    );
    await shot(admin, 'lookup-admin-reply-warning-1440');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(text);
    await admin.waitForTimeout(500);
    expect(await admin.getByRole('list', { name: 'Messages' }).getByText(text).count()).toBe(0);

    await box.press('Control+Enter');
    await dialog.getByRole('button', { name: 'Send and end the claim' }).click();
    await toast(admin, 'Reply sent as admin').waitFor();
    await toast(agent, 'Someone else answered this conversation').waitFor({ timeout: 5_000 });
    expect(pathOf(agent)).toBe('/chat');

    // Back to the lookup keeps the filters; the board no longer lists the claim.
    await admin.getByRole('link', { name: '← Back to lookup' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('sortBy')).toBe('oldest');
    await admin.goto('/agent/board');
    await row().getByLabel('0 of 3 claims').waitFor();
    expect(await row().getByTestId('board-claim-left').count()).toBe(0);
  });

  it('the board shows a break with its reason and time; the report adds online time and replies per hour', async () => {
    await sessionBar(agent).getByRole('button', { name: /^Break/ }).click();
    const pause = agent.getByRole('dialog', { name: 'Take a break' });
    await pause.getByRole('button', { name: 'Coffee' }).click();
    await pause.getByRole('button', { name: 'Start break' }).click();
    await row().getByText('On break').waitFor({ timeout: 5_000 });
    await row().getByText('Coffee').waitFor();
    const brk = row().getByTestId('board-break');
    const b1 = seconds(await brk.innerText());
    await expect.poll(async () => seconds(await brk.innerText()), { timeout: 4_000 }).toBeGreaterThan(b1);
    await shot(admin, 'supervisor-board-break-1440');

    await admin.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Report' }).click();
    const report = admin.getByRole('table');
    await report.getByRole('columnheader', { name: 'Online time' }).waitFor();
    await report.getByRole('columnheader', { name: 'Replies per hour' }).waitFor();
    const mine = report.getByRole('row', { name: new RegExp(name) });
    await mine.waitFor();
    const cells = await mine.getByRole('cell').allInnerTexts();
    // Online for some seconds (less the break), no reply of the agent's own yet: 0 replies per hour.
    expect(cells.at(-2)).toMatch(/^\d+ s$/);
    expect(cells.at(-1)).toBe('0');
    await shot(admin, 'report-1440');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize(MOBILE);
    await shot(admin, 'report-390');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize(WIDE);
  });
});
