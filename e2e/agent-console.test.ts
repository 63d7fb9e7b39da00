import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, hasChromium, launch, newContext } from './support/browser.js';
import { ADMIN, DEMO, pathOf, shotBoth, signInMember } from './support/member.js';
import { AGENT, sessionBar, signInStaff, tag, toast } from './support/staff.js';

const cards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');

const stockTotal = async (page: Page) => Number((await page.getByTestId('stock-message').innerText()).trim()) || 0;

async function sendAsMember(page: Page, username: string, text: string) {
  await page.getByLabel(`Message to ${username}`).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.chat__messages').getByText(text).waitFor();
}

describe.skipIf(!hasChromium)('agent console', () => {
  let browser: Browser;
  let memberCtx: BrowserContext;
  let member: Page;
  let agentCtx: BrowserContext;
  let agent: Page;
  let profileName = '';
  let conversationId = '';
  const memberText = `Hello from the member ${tag()}`;

  beforeAll(async () => {
    browser = await launch();
    memberCtx = await newContext(browser, MOBILE);
    member = await memberCtx.newPage();
    agentCtx = await newContext(browser, DESKTOP);
    agent = await agentCtx.newPage();
  });
  afterAll(async () => {
    await memberCtx?.close();
    await agentCtx?.close();
    await browser?.close();
  });

  it('the agent starts a session and sees the stock rise when the member writes', async () => {
    await signInStaff(agent, AGENT);
    await sessionBar(agent).getByRole('button', { name: /Start session/ }).click();
    await sessionBar(agent).getByRole('status').filter({ hasText: 'Online' }).waitFor();
    // The session clock runs.
    await expect.poll(() => agent.getByTestId('session-time').innerText(), { timeout: 5_000 }).not.toBe('0:00');
    await agent.getByTestId('stock-message').filter({ hasText: /\d/ }).waitFor();
    const before = await stockTotal(agent);
    await shotBoth(agent, 'agent-console-online', DESKTOP);

    await signInMember(member, DEMO);
    await member.goto('/profiles');
    // Not the first card: other journeys already talk to that profile.
    const card = cards(member).nth(3);
    await card.waitFor();
    await card.getByRole('link').first().click();
    await expect.poll(() => pathOf(member)).toMatch(/^\/profile\//);
    const heading = member.getByRole('heading', { level: 1, name: /, \d+/ });
    await heading.waitFor();
    profileName = (await heading.innerText()).split(',')[0]!.trim();
    await member.getByRole('button', { name: /Start chat|Chat/ }).first().click();
    await member.getByLabel(`Message to ${profileName}`).waitFor();
    await sendAsMember(member, profileName, memberText);
    await expect.poll(() => pathOf(member), { timeout: 15_000 }).toMatch(/^\/messages\/chat\/[0-9a-f-]{36}$/);
    conversationId = pathOf(member).split('/').pop()!;

    await expect.poll(() => stockTotal(agent), { timeout: 15_000 }).toBeGreaterThan(before);
  });

  it('claims the conversation, reads the original, adds a memo and a meet-up, and replies; the member sees it live', async () => {
    // Claim next hands the longest-waiting conversation first: answer older ones until ours comes.
    const openId = () => new URL(agent.url()).searchParams.get('id');
    for (let round = 0; round < 20; round += 1) {
      const answered = openId();
      await agent.keyboard.press('Alt+N');
      await expect.poll(() => pathOf(agent), { timeout: 10_000 }).toBe('/chat');
      // The bar shows a new claim's timer a moment before the page opens it: the open id decides, never the timer.
      await expect.poll(openId, { timeout: 10_000 }).not.toBe(answered);
      const thread = agent.getByRole('list', { name: 'Messages' });
      await thread.waitFor();
      await agent.getByTestId('reply-left').waitFor();
      if (openId() === conversationId) break;
      const box = agent.getByLabel(/^Reply as /);
      await box.fill(`Thanks for waiting ${tag()}`);
      await box.press('Control+Enter');
      await toast(agent, 'Reply sent').waitFor();
      await agent.getByTestId('reply-left').waitFor({ state: 'detached' });
    }
    expect(openId()).toBe(conversationId);
    const thread = agent.getByRole('list', { name: 'Messages' });
    await thread.getByText(memberText).waitFor();
    // Side by side: the member and the fictive profile, with their details.
    await agent.getByRole('region', { name: 'Member demo' }).waitFor();
    await agent.getByRole('region', { name: `Profile ${profileName}` }).waitFor();
    // The reply countdown runs from 5:00.
    expect(await agent.getByTestId('reply-left').innerText()).toMatch(/^([0-4]:[0-5]\d|5:00)$/);

    const memo = `Likes hiking ${tag()}`;
    await agent.getByLabel('New member note').fill(memo);
    await agent.getByRole('region', { name: 'Member notes' }).getByRole('button', { name: 'Add note' }).click();
    await toast(agent, 'Successfully added a memo').waitFor();
    await agent.getByRole('region', { name: 'Member notes' }).getByText(memo).waitFor();

    const meetups = agent.getByRole('region', { name: 'Meet-ups' });
    await meetups.getByRole('button', { name: 'Add meet-up' }).click();
    const place = `Cafe ${tag()}`;
    await meetups.getByLabel('Location').fill(place);
    await meetups.getByRole('form', { name: 'New meet-up' }).getByRole('button', { name: 'Add meet-up' }).click();
    await toast(agent, 'Successfully added a meetup').waitFor();
    await meetups.getByText(place).waitFor();
    await shotBoth(agent, 'agent-chat-claimed', DESKTOP);

    const reply = `Nice to hear from you ${tag()}`;
    const box = agent.getByLabel(`Reply as ${profileName}`);
    await box.fill(reply);
    await box.press('Control+Enter');
    await toast(agent, 'Reply sent').waitFor();
    await thread.getByText(reply).waitFor();
    await agent.getByTestId('reply-left').waitFor({ state: 'detached' });

    await member.locator('.chat__messages').getByText(reply).waitFor({ timeout: 15_000 });
  });

  it('takes a break with a reason and cannot take a second one within the hour (client and server)', async () => {
    const bar = sessionBar(agent);
    await bar.getByRole('button', { name: /^Break/ }).click();
    const dialog = agent.getByRole('dialog', { name: 'Take a break' });
    await dialog.getByRole('button', { name: 'Coffee' }).click();
    await dialog.getByRole('button', { name: 'Start break' }).click();
    await bar.getByRole('status').filter({ hasText: 'On break' }).waitFor();
    await bar.getByText('Coffee').waitFor();
    await expect.poll(() => agent.getByTestId('break-lockout').innerText()).toMatch(/^(59|60):\d\d$/);
    await shotBoth(agent, 'agent-console-break', DESKTOP);
    await bar.getByRole('button', { name: /^Resume/ }).click();
    await bar.getByRole('status').filter({ hasText: 'Online' }).waitFor();

    await agent.keyboard.press('Alt+B');
    await toast(agent, /You can only pause once per hour! Left: \d\d:\d\d/).waitFor();
    await expect(agent.getByRole('dialog', { name: 'Take a break' }).count()).resolves.toBe(0);
    // The server refuses it too, whatever the client does.
    const answer = await agent.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token;
      const res = await fetch('/api/event', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ queue: 'agents', message: { event: 'agentStatusUpdate', status: 'paused', reason: 'again' } }),
      });
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.error?.message).toMatch(/^You can only pause once per hour! Left: \d\d:\d\d$/);
  });

  it('two tabs share one socket; the second takes over within 2 s when the first closes', async () => {
    const sockets = new Map<Page, number>();
    const count = (page: Page) => page.on('websocket', (ws) => ws.url().includes('/api/ws') && sockets.set(page, (sockets.get(page) ?? 0) + 1));
    const second = await agentCtx.newPage();
    count(second);
    await second.goto('/agent');
    await sessionBar(second).getByText('Linked tab').waitFor();
    // The follower shows the leader's session without a socket of its own.
    await sessionBar(second).getByRole('status').filter({ hasText: 'Online' }).waitFor();
    await second.waitForTimeout(1500);
    expect(sockets.get(second) ?? 0).toBe(0);
    await shotBoth(second, 'agent-console-follower-tab', DESKTOP);

    const closedAt = Date.now();
    await agent.close();
    await sessionBar(second).getByText('Live', { exact: true }).waitFor({ timeout: 5_000 });
    const handover = Date.now() - closedAt;
    console.log(`agent tab hand-over: ${handover} ms`);
    expect(handover).toBeLessThan(2_000);
    expect(sockets.get(second)).toBe(1);
    // The server kept the session (the socket came back within its grace); this tab shows it as the server has it.
    await sessionBar(second).getByRole('status').filter({ hasText: 'Online' }).waitFor({ timeout: 5_000 });
    expect(await second.getByTestId('session-time').innerText()).toMatch(/^\d+:\d\d$/);
    agent = second;
  });

  it('a second login elsewhere gets 409; after the take-over the first is logged out', async () => {
    const otherCtx = await newContext(browser, MOBILE);
    const other = await otherCtx.newPage();
    await signInStaff(other, AGENT, { expectConflict: true });
    // Told why, and back on the staff sign-in rather than the member landing page.
    await expect.poll(() => pathOf(agent), { timeout: 15_000 }).toBe('/agent/sign-in');
    await toast(agent, 'You were signed out: your account signed in on another device.').waitFor();
    await shotBoth(other, 'agent-console-phone', MOBILE);
    await otherCtx.close();
  });

  it('the admin finds the conversation in the lookup and replies as admin', async () => {
    const adminCtx = await newContext(browser, DESKTOP);
    const admin = await adminCtx.newPage();
    await signInStaff(admin, ADMIN);
    await admin.getByRole('navigation').getByRole('link', { name: 'Lookup' }).click();
    await expect.poll(() => pathOf(admin)).toBe('/agent/lookup');
    const filters = admin.getByRole('form', { name: 'Lookup filters' });
    await filters.getByLabel('Member').fill('demo');
    await filters.getByLabel('Profile').fill(profileName);
    await filters.getByRole('button', { name: 'Search' }).click();
    const row = admin.getByRole('link', { name: 'demo', exact: true }).first();
    await row.waitFor();
    await shotBoth(admin, 'agent-lookup', DESKTOP);
    await row.click();
    await expect.poll(() => pathOf(admin)).toBe(`/agent/lookup/${conversationId}`);
    await admin.getByRole('list', { name: 'Messages' }).getByText(memberText).waitFor();
    const text = `A word from the admin ${tag()}`;
    const box = admin.getByLabel('Reply as admin to demo');
    await box.fill(text);
    await box.press('Control+Enter');
    await toast(admin, 'Reply sent as admin').waitFor();
    await admin.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
    await member.locator('.chat__messages').getByText(text).waitFor({ timeout: 15_000 });
    await shotBoth(admin, 'agent-lookup-conversation', DESKTOP);

    await admin.getByRole('navigation').getByRole('link', { name: 'Agents' }).click();
    await admin.getByRole('table').getByText(AGENT.username).waitFor();
    await shotBoth(admin, 'agent-admin-agents', DESKTOP);
    await admin.getByRole('navigation').getByRole('link', { name: 'Profiles' }).click();
    await admin.getByRole('button', { name: 'New profile' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New fictive profile' });
    await dialog.getByRole('option', { name: 'localhost' }).waitFor({ state: 'attached' });
    const username = `e2e_${tag()}`;
    await dialog.getByLabel('Username', { exact: true }).fill(username);
    await dialog.getByLabel('City', { exact: true }).fill('Austin');
    await dialog.getByRole('button', { name: 'Create profile' }).click();
    await toast(admin, 'Fictive profile has been saved').waitFor();
    await admin.getByRole('dialog', { name: `Edit ${username}` }).getByRole('region', { name: 'Photos' }).waitFor();
    await shotBoth(admin, 'agent-admin-fictive-edit', DESKTOP);
    await admin.keyboard.press('Escape');
    await admin.getByRole('table').getByText(username).waitFor();
    await shotBoth(admin, 'agent-admin-fictive-list', DESKTOP);
    await admin.getByRole('navigation').getByRole('link', { name: 'Report' }).click();
    await admin.getByRole('table').waitFor();
    await shotBoth(admin, 'agent-admin-report', DESKTOP);
    await adminCtx.close();
  });
});
