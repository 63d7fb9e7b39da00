import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { ADMIN, apiCall, createMember, pathOf, type NewMember, seriousAxeViolations } from './support/member.js';
import { asTab, createAgentLikeDemo, sessionBar, signInStaff, tag, toast } from './support/staff.js';

/**
 * Canned replies and the persona panel (issue 16): an admin shares a reply, an agent keeps one of their own,
 * both go into a claimed conversation from the keyboard (/ and Ctrl K) with the names filled; the panel shows
 * the persona's facts; the timeline has day dividers. Ends with replies per minute with and without snippets.
 */
const WIDE = { width: 1440, height: 900 };

interface ConversationView {
  _id: string;
  user: { username: string; lookingFor: string[] };
  profile: { username: string; aboutMe: string; height: number | null; lookingFor: string[]; relationshipStatus: string | null; hairColor: string | null };
  messages: { _id: string; message: string; senderType: string; dateSent: string }[];
}


const conversationInUrl = (page: Page) => new URL(page.url()).searchParams.get('id');
const replyBox = (page: Page) => page.getByRole('textbox', { name: /^Reply as / });
const humanize = (v: string) => (v.charAt(0).toUpperCase() + v.slice(1)).replace(/-/g, ' ');

/** Both screen sizes of the page as it is now, back at `back` after. */
async function shotsAt(page: Page, name: string, back: { width: number; height: number }) {
  for (const size of [MOBILE, WIDE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await shot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(back);
}

/** Claims the next conversation with Alt N and waits until its reply box takes typing. */
async function claimNext(page: Page): Promise<string> {
  const before = conversationInUrl(page);
  await page.keyboard.press('Alt+N');
  await expect.poll(() => conversationInUrl(page), { timeout: 10_000 }).not.toBe(before);
  await page.getByTestId('reply-left').waitFor();
  const box = replyBox(page);
  await expect.poll(() => box.isEnabled(), { timeout: 10_000 }).toBe(true);
  await box.focus();
  return conversationInUrl(page)!;
}

/** Sends with Ctrl Enter and waits until the claim is answered (its countdown gone). */
async function sendAndWait(page: Page) {
  await replyBox(page).press('Control+Enter');
  await page.getByTestId('reply-left').waitFor({ state: 'detached', timeout: 10_000 });
}

describe.skipIf(!hasChromium)('agent console: canned replies and the persona panel', () => {
  let browser: Browser;
  let adminCtx: BrowserContext;
  let agentCtx: BrowserContext;
  let admin: Page;
  let agent: Page;
  let member: NewMember;
  const me = { username: `snip_${tag()}@example.com`, password: 'agent-pass-123' };
  const sharedTitle = `Welcome ${tag()}`;
  const sharedBody = 'Hi {member}, it is {profile}. So glad you wrote!';
  const ownTitle = `Plans ${tag()}`;
  const ownBody = 'What are you up to this weekend, {member}?';
  const BENCH_ROUNDS = 3;
  let claimed: ConversationView;
  const memberConversations: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    adminCtx = await newContext(browser, WIDE);
    agentCtx = await newContext(browser, WIDE);
    admin = await adminCtx.newPage();
    agent = await agentCtx.newPage();
    // An agent of its own with the demo agent's scope; one claim at a time, as the bench wants.
    await createAgentLikeDemo(me, { firstName: 'Sara', lastName: 'Snippets' }, 1);
  });
  afterAll(async () => {
    await adminCtx?.close();
    await agentCtx?.close();
    await browser?.close();
  });

  it('a member of this journey writes to enough profiles for the claim and both bench series', async () => {
    member = await createMember({ credits: true, prefix: 'Snip' });
    const profiles = await apiCall<{ data: { _id: string }[] }>(member.token, 'GET', '/profiles?limit=36');
    for (const profile of profiles.data.slice(-(1 + 2 * BENCH_ROUNDS))) {
      const started = await apiCall<{ _id: string }>(member.token, 'POST', `/conversation/${profile._id}`, { messageType: 'text', message: `Hello there ${tag()}` });
      memberConversations.push(started._id);
    }
    expect(memberConversations).toHaveLength(1 + 2 * BENCH_ROUNDS);
  });

  it('an admin adds a shared canned reply between conversations', async () => {
    await signInStaff(admin, ADMIN);
    await admin.goto('/chat');
    const manager = admin.getByRole('region', { name: 'Canned replies' });
    const form = manager.getByRole('form', { name: 'New canned reply' });
    await form.getByLabel('Title').fill(sharedTitle);
    await form.getByLabel('Text').fill(sharedBody);
    await form.getByLabel('Shared with every agent').check();
    await form.getByRole('button', { name: 'Add canned reply' }).click();
    await toast(admin, 'Canned reply saved').waitFor();
    const shared = manager.getByRole('region', { name: 'Shared canned replies' });
    await shared.getByText(sharedTitle).waitFor();
    await shared.getByRole('button', { name: `Edit ${sharedTitle}` }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await shotsAt(admin, 'agent-snippets-admin-manager', WIDE);
  });

  it('an agent adds one of their own and sees the shared one, which only admins change', async () => {
    await signInStaff(agent, me);
    await agent.goto('/chat');
    const manager = agent.getByRole('region', { name: 'Canned replies' });
    await expect(manager.getByLabel('Shared with every agent').count()).resolves.toBe(0);
    const form = manager.getByRole('form', { name: 'New canned reply' });
    await form.getByLabel('Title').fill(ownTitle);
    await form.getByLabel('Text').fill(ownBody);
    await form.getByRole('button', { name: 'Add canned reply' }).click();
    await toast(agent, 'Canned reply saved').waitFor();
    await manager.getByRole('region', { name: 'Your canned replies' }).getByText(ownTitle).waitFor();
    const shared = manager.getByRole('region', { name: 'Shared canned replies' });
    await shared.getByText(sharedTitle).waitFor();
    expect(await shared.getByRole('button', { name: `Edit ${sharedTitle}` }).count()).toBe(0);
    expect(await seriousAxeViolations(agent)).toEqual([]);
  });

  it('claims a conversation; / and Ctrl K insert both replies with the names filled; the persona panel and the day divider show', async () => {
    await sessionBar(agent).getByRole('button', { name: /Start session/ }).click();
    await sessionBar(agent).getByRole('status').filter({ hasText: 'Online' }).waitFor();
    const id = await claimNext(agent);
    claimed = await asTab<ConversationView>(agent, 'GET', `/conversation/${id}`);
    const names = { member: claimed.user.username, profile: claimed.profile.username };
    const fill = (body: string) => body.replaceAll('{member}', names.member).replaceAll('{profile}', names.profile);
    const box = replyBox(agent);

    // `/` at the start of the box: the picker, searched, Enter inserts.
    await box.press('/');
    const search = agent.getByRole('combobox', { name: 'Search canned replies' });
    await search.waitFor();
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await agent.keyboard.type(sharedTitle.split(' ')[1]!);
    const options = agent.getByRole('listbox', { name: 'Matching canned replies' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await seriousAxeViolations(agent)).toEqual([]);
    await shotsAt(agent, 'agent-snippets-picker', WIDE);
    await agent.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(fill(sharedBody));
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    // Ctrl K mid-text: arrows to the agent's own, Enter inserts at the caret.
    await agent.keyboard.type(' ');
    await agent.keyboard.press('Control+K');
    await search.waitFor();
    await agent.keyboard.type(ownTitle.split(' ')[0]!);
    await agent.keyboard.press('ArrowDown');
    await agent.keyboard.press('ArrowUp');
    await agent.keyboard.press('Enter');
    const expected = `${fill(sharedBody)} ${fill(ownBody)}`;
    await expect.poll(() => box.inputValue()).toBe(expected);
    expect(expected).not.toContain('{');
    // The picker hands the focus back to the reply box after inserting: the next shortcut is pressed there.
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    // Esc closes and leaves the text as it was.
    await agent.keyboard.press('Control+K');
    await search.waitFor();
    await agent.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(expected);

    // The persona panel: the profile's facts and the member's context, from the claim's own view.
    const panel = agent.getByRole('region', { name: 'Persona and context' });
    const persona = panel.getByRole('group', { name: `You are ${names.profile}` });
    if (claimed.profile.aboutMe) await persona.getByText(claimed.profile.aboutMe.slice(0, 20), { exact: false }).first().waitFor();
    if (claimed.profile.height) await persona.getByText(`${claimed.profile.height} cm`, { exact: false }).first().waitFor();
    if (claimed.profile.relationshipStatus) await persona.getByText(humanize(claimed.profile.relationshipStatus), { exact: true }).first().waitFor();
    if (claimed.profile.hairColor) await persona.getByText(humanize(claimed.profile.hairColor), { exact: true }).first().waitFor();
    for (const interest of claimed.profile.lookingFor) await persona.getByText(interest, { exact: true }).first().waitFor();
    const context = panel.getByRole('group', { name: `Talking to ${names.member}` });
    await context.getByText('Local time', { exact: true }).waitFor();
    await context.getByText(/Local time from the account’s timezone \(.+\)\./).waitFor();
    // A global memo is pinned on top of the panel, for this and every later conversation with the member.
    const note = `Has a dog called Rex ${tag()}`;
    const memos = agent.getByRole('region', { name: 'Member notes' });
    await memos.getByLabel('New member note').fill(note);
    await memos.getByLabel('Global (all conversations)').check();
    await memos.getByRole('button', { name: 'Add note' }).click();
    await panel.getByRole('group', { name: 'Pinned memos' }).getByText(note).waitFor();
    // The newest message sits under its day's divider: Today, or Yesterday for a seeded one claimed just after
    // midnight (the queue hands out the longest-waiting conversation, which may be the demo seed's).
    const newest = claimed.messages.reduce((a, b) => (Date.parse(a.dateSent) > Date.parse(b.dateSent) ? a : b));
    const newestDay = await agent.evaluate((iso) => (new Date(iso).toDateString() === new Date().toDateString() ? 'Today' : 'Yesterday'), newest.dateSent);
    await agent.getByRole('list', { name: 'Messages' }).getByText(newestDay, { exact: true }).first().waitFor();
    expect(await seriousAxeViolations(agent)).toEqual([]);
    await shotsAt(agent, 'agent-snippets-chat', WIDE);

    await sendAndWait(agent);
    await toast(agent, 'Reply sent').waitFor();
    const after = await asTab<ConversationView>(agent, 'GET', `/conversation/${id}`);
    expect(after.messages[0]!.message).toBe(expected);
  });

  it('older messages sit under Yesterday and weekday dividers, with their dates', async () => {
    // The server stamps every message now; the lookup is shown with its older messages moved back by days, as
    // a conversation that ran over a week would come, to see the dividers a person would.
    const id = memberConversations[0]!;
    for (const text of ['Are you there?', 'Still thinking of you']) {
      await apiCall(member.token, 'POST', `/conversation/${id}/message`, { messageType: 'text', message: `${text} ${tag()}` });
    }
    await admin.route(`**/api/conversation/${id}?**`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as ConversationView;
      const day = 86_400_000;
      body.messages = body.messages.map((m, i) => (i === 0 ? m : { ...m, dateSent: new Date(Date.parse(m.dateSent) - (i === 1 ? 1 : 3) * day).toISOString() }));
      await route.fulfill({ response: res, json: body });
    });
    await admin.goto(`/agent/lookup/${id}`);
    const thread = admin.getByRole('list', { name: 'Messages' });
    await thread.waitFor();
    await expect.poll(() => thread.locator('.ac-day').allInnerTexts()).toHaveLength(3);
    const dividers = await thread.locator('.ac-day').allInnerTexts();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toLocaleDateString('en-US', { weekday: 'long' });
    expect(dividers).toEqual([threeDaysAgo, 'Yesterday', 'Today']);
    const stamps = await thread.locator('.ac-msg__who time').allInnerTexts();
    // Older than today: with the date; today: the clock alone.
    expect(stamps[0]).toMatch(/[A-Z][a-z]{2} \d{1,2}, /);
    expect(stamps.at(-1)).not.toMatch(/[A-Z][a-z]{2} \d{1,2}, /);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await shotsAt(admin, 'agent-snippets-day-dividers', WIDE);
    await admin.unroute(`**/api/conversation/${id}?**`);
  });

  it(
    'replies per minute in a scripted run, typed at 100 ms a key, with and without canned replies',
    async () => {
      const reply = 'What are you up to this weekend? I would love to hear about it!';
      const time = async (round: () => Promise<void>) => {
        const started = Date.now();
        for (let i = 0; i < BENCH_ROUNDS; i += 1) await round();
        return (BENCH_ROUNDS * 60_000) / (Date.now() - started);
      };
      const typed = await time(async () => {
        await claimNext(agent);
        await agent.keyboard.type(reply, { delay: 100 });
        await sendAndWait(agent);
      });
      const withSnippets = await time(async () => {
        await claimNext(agent);
        await agent.keyboard.press('/');
        await agent.getByRole('combobox', { name: 'Search canned replies' }).waitFor();
        await agent.keyboard.type('plans', { delay: 100 });
        await agent.keyboard.press('Enter');
        await expect.poll(() => replyBox(agent).inputValue()).toContain('this weekend');
        await sendAndWait(agent);
      });
      console.log(`replies per minute (${BENCH_ROUNDS} claims each, 100 ms a key): typed ${typed.toFixed(1)}, with canned replies ${withSnippets.toFixed(1)} (×${(withSnippets / typed).toFixed(1)})`);
      expect(withSnippets).toBeGreaterThan(typed);
      expect(pathOf(agent)).toBe('/chat');
    },
    180_000,
  );
});
