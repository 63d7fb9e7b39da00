import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { ADMIN, apiCall, createMember, pathOf, seriousAxeViolations, signInMember, type NewMember } from './support/member.js';
import { signInStaff, toast } from './support/staff.js';

/** The brief's desktop size for these screens. */
const WIDE = { width: 1440, height: 900 };
const VIEWPORTS = [
  ['phone', MOBILE],
  ['desktop', WIDE],
] as const;

type Card = { _id: string; username: string };

/** A profile the member wrote to through the API, so the inbox has its conversation. */
async function conversationWithSomeone(member: NewMember, skip = 0): Promise<{ profile: Card; conversationId: string }> {
  const list = await apiCall<{ data: Card[] }>(member.token, 'GET', '/profiles?limit=12');
  const profile = list.data[skip]!;
  const conv = await apiCall<{ _id: string }>(member.token, 'POST', `/conversation/${profile._id}`, { message: 'Hello from the safety journey', messageType: 'text' });
  return { profile, conversationId: conv._id };
}

async function expectNoSeriousAxe(page: Page, screen: string) {
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}

describe.skipIf(!hasChromium)('block, report and delete the account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const [label, viewport] of VIEWPORTS) {
    it(`blocking from a chat on the ${label}: the conversation leaves the inbox, the profile every list, settings can unblock`, async () => {
      const member = await createMember({ prefix: `blk${label[0]}`, credits: true });
      const { profile, conversationId } = await conversationWithSomeone(member);
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signInMember(page, member);
      // The conversation is in the member's list, and opens from there.
      await page.goto('/messages/conversations');
      await page.locator('.conversation-item').filter({ hasText: profile.username }).first().getByRole('link').first().click();
      await expect.poll(() => pathOf(page)).toBe(`/messages/chat/${conversationId}`);
      await page.getByLabel(`Message to ${profile.username}`).waitFor();
      await page.getByRole('button', { name: `More actions for ${profile.username}` }).click();
      await page.getByRole('menuitem', { name: 'Block' }).click();
      const dialog = page.getByRole('dialog', { name: `Block ${profile.username}?` });
      await dialog.waitFor();
      await expectNoSeriousAxe(page, 'block dialog');
      await shot(page, `safety-block-dialog-${label}`);
      await dialog.getByRole('button', { name: 'Block' }).click();

      await expect.poll(() => pathOf(page)).toMatch(/^\/messages\/inbox/);
      await toast(page, `${profile.username} is blocked.`).waitFor();
      // The pull turns the blocked conversation into a delete: the member's lists no longer have it.
      await page.goto('/messages/conversations');
      await expect.poll(() => page.locator('.conversation-item').filter({ hasText: profile.username }).count(), { timeout: 15_000 }).toBe(0);
      await shot(page, `safety-inbox-after-block-${label}`);

      // Every list the API answers leaves it out; its page says it is not there.
      const search = await apiCall<{ data: Card[] }>(member.token, 'GET', `/profiles?search=${encodeURIComponent(profile.username)}`);
      expect(search.data.map((p) => p._id)).not.toContain(profile._id);
      await page.goto('/profiles');
      await page.locator('.profile-grid article').first().waitFor();
      expect(await page.locator(`.profile-grid a[href="/profile/${profile._id}"]`).count()).toBe(0);
      const refused = await fetch(`${new URL(page.url()).origin}/api/conversation/${conversationId}/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'are you there?', messageType: 'text' }),
      });
      expect(refused.status).toBe(403);

      await page.goto('/settings');
      const blocked = page.getByRole('list', { name: 'Blocked profiles' });
      await blocked.getByText(profile.username).waitFor();
      await blocked.scrollIntoViewIfNeeded();
      await expectNoSeriousAxe(page, 'settings');
      await shot(page, `safety-settings-blocked-${label}`);
      await blocked.getByRole('button', { name: `Unblock ${profile.username}` }).click();
      await page.getByText('You have not blocked anyone.').waitFor();
      await page.goto('/messages/conversations');
      await page.locator('.conversation-item').filter({ hasText: profile.username }).first().waitFor({ timeout: 15_000 });
      await ctx.close();
    });
  }

  it('a report from a profile page reaches the admin moderation screen with the reason, the words and the reporter; the admin resolves it', async () => {
    const member = await createMember({ prefix: 'rep' });
    const list = await apiCall<{ data: Card[] }>(member.token, 'GET', '/profiles?limit=12');
    const profile = list.data[3]!;
    const words = `Asked me for gift cards ${Date.now().toString(36)}`;
    for (const [label, viewport] of VIEWPORTS) {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signInMember(page, member);
      await page.goto(`/profile/${profile._id}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${profile.username},`) }).waitFor();
      await page.getByRole('button', { name: `More actions for ${profile.username}` }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: `Report ${profile.username}` });
      await dialog.waitFor();
      // Without a reason nothing is sent.
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Choose a reason').waitFor();
      await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
      await dialog.getByLabel('Tell us more (optional)').fill(words);
      await dialog.getByRole('checkbox', { name: `Also block ${profile.username}` }).uncheck();
      await expectNoSeriousAxe(page, 'report dialog');
      await shot(page, `safety-report-dialog-${label}`);
      if (label === 'desktop') {
        await dialog.getByRole('button', { name: 'Send report' }).click();
        await toast(page, 'Thank you. Our team will look at your report.').waitFor();
        // Not blocked: still on its page.
        expect(pathOf(page)).toBe(`/profile/${profile._id}`);
      }
      await ctx.close();
    }

    for (const [label, viewport] of VIEWPORTS) {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signInStaff(page, ADMIN);
      await page.goto('/agent/moderation');
      await page.getByRole('tab', { name: 'Reports' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      const card = page.getByRole('listitem', { name: `Report on ${profile.username}: Spam or scam` }).filter({ hasText: words });
      await card.waitFor();
      await expect.poll(() => card.innerText()).toContain(`Reported by ${member.username}`);
      await expectNoSeriousAxe(page, 'admin reports');
      await shot(page, `safety-admin-reports-${label}`);
      if (label === 'desktop') {
        await card.getByRole('button', { name: `Dismiss: ${profile.username}` }).click();
        await toast(page, `Dismissed: ${profile.username}`).waitFor();
        await expect.poll(() => card.count()).toBe(0);
        await page.getByRole('tab', { name: 'Resolved' }).click();
        await page.getByRole('listitem', { name: `Report on ${profile.username}: Spam or scam` }).filter({ hasText: words }).getByText(/^Dismissed by /).waitFor();
      }
      await ctx.close();
    }
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`deleting the account on the ${label}: the password, a confirmation, signed out; signing in offers to keep it`, async () => {
      const member = await createMember({ prefix: `del${label[0]}` });
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signInMember(page, member);
      await page.goto('/settings');
      const form = page.getByRole('form', { name: 'Delete my account' });
      await form.scrollIntoViewIfNeeded();
      await form.getByRole('button', { name: 'Delete my account' }).click();
      await form.getByText('Please enter your current password').waitFor();
      await form.getByLabel(/^Current password/).fill('not my password');
      await form.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Yes, delete my account' }).click();
      await form.getByText('Your current password is not correct').waitFor();
      await form.getByLabel(/^Current password/).fill(member.password);
      await form.getByRole('button', { name: 'Delete my account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
      await confirm.waitFor();
      await expectNoSeriousAxe(page, 'delete confirmation');
      await shot(page, `safety-delete-confirm-${label}`);
      await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/');
      // Every session ended: the old token is refused.
      const old = await fetch(`${new URL(page.url()).origin}/api/user/${member.id}`, { headers: { authorization: `Bearer ${member.token}` } });
      expect(old.status).toBe(401);

      await page.goto('/sign-in');
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Username or email').fill(member.username);
      await signIn.getByLabel(/^Password/).fill(member.password);
      await signIn.getByRole('button', { name: /sign in/i }).click();
      const pending = page.getByRole('region', { name: /^Your account is scheduled for deletion on / });
      await pending.waitFor();
      await expectNoSeriousAxe(page, 'sign-in during grace');
      await shot(page, `safety-sign-in-grace-${label}`);
      await pending.getByRole('button', { name: 'Keep my account and sign in' }).click();
      await expect.poll(() => pathOf(page)).toBe('/profiles');
      await toast(page, 'Welcome back. Your account will not be deleted.').waitFor();
      await ctx.close();
    });
  }
});
