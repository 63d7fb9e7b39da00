/**
 * A long conversation on a device that holds only a window of it (decision 0019: the latest 50 messages of each
 * conversation; older ones load on scroll-back and stay): scrolling back brings older messages in order, none
 * twice, and a send while scrolled up is delivered.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext } from './support/browser.js';
import { bubbles, statusOf } from './support/chat.js';
import { apiCall, buyCredits, createMember, shotBoth, signInMember } from './support/member.js';
import { send, serverTexts, tag } from './support/sync-probes.js';

/** Three letters counting up (digits in a shown text may be masked as a phone number): sorts as it counts. */
const seq = (i: number) => [676, 26, 1].map((d) => String.fromCharCode(97 + (Math.floor(i / d) % 26))).join('');

describe.skipIf(!hasChromium)('sync engine: a long chat', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('300 messages: scroll-back loads older ones in order and none twice; a send while scrolled up is delivered', async () => {
    const member = await createMember({ credits: true, prefix: 'longchat' });
    for (let i = 0; i < 3; i++) await buyCredits(member.token, 'credits-100');
    const profiles = await apiCall<{ data: { _id: string; username: string }[] }>(member.token, 'GET', '/profiles?limit=1');
    const profile = profiles.data[0]!;
    // Another device of the member's wrote the history, in one push.
    const other = `seed${tag()}`;
    const texts = Array.from({ length: 300 }, (_, i) => `long ${seq(i)} ${tag()}`);
    await apiCall(member.token, 'POST', '/sync/push', {
      clientId: other,
      mutations: texts.map((message, i) => ({
        clientId: other,
        mutationId: i + 1,
        name: 'sendMessage',
        args: { conversationId: 'blank', profileId: profile._id, messageId: crypto.randomUUID(), messageType: 'text', message },
      })),
    });
    expect(await serverTexts(member)).toHaveLength(50);

    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await signInMember(page, member);
    await page.goto('/messages/conversations');
    await page.getByRole('link', { name: new RegExp(`^${profile.username}`) }).first().click();
    await page.getByLabel(`Message to ${profile.username}`).waitFor();
    await expect.poll(() => bubbles(page).count()).toBeGreaterThan(0);
    const shownTexts = () => page.locator('.chat__messages .message__text').allInnerTexts();
    expect((await shownTexts()).at(-1)).toBe(texts.at(-1));

    // Back through the window (50) and well past it (from the server), 6 at a time.
    const older = page.getByRole('button', { name: 'Load older messages' });
    while ((await bubbles(page).count()) < 120) {
      await older.click();
      await expect.poll(() => page.getByRole('button', { name: 'Loading older messages…' }).count()).toBe(0);
    }
    const shown = await shownTexts();
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(texts.slice(texts.length - shown.length));
    await shotBoth(page, 'sync-long-chat-scrolled-back');

    // Scrolled up, the member sends: it is delivered and shown last.
    await page.locator('.chat__thread').evaluate((el) => (el.scrollTop = 0));
    const late = `late ${tag()}`;
    await send(page, profile.username, late);
    await expect.poll(() => statusOf(page, late), { timeout: 20_000 }).toBe('sent');
    // The member sees what they just sent: the thread goes to it.
    const inView = () =>
      page.locator('.chat__thread').evaluate((thread, text) => {
        const mine = [...thread.querySelectorAll('.message')].find((el) => el.textContent?.includes(text));
        if (!mine) return false;
        const box = mine.getBoundingClientRect();
        const frame = thread.getBoundingClientRect();
        return box.bottom > frame.top && box.top < frame.bottom;
      }, late);
    await expect.poll(inView).toBe(true);
    await shotBoth(page, 'sync-long-chat-sent-scrolled-up');
    const after = await shownTexts();
    expect(after.at(-1)).toBe(late);
    expect(new Set(after).size).toBe(after.length);
    expect(after.slice(0, -1)).toEqual(texts.slice(texts.length - after.length + 1));
    // Reopened, the history loaded stays and the order holds.
    await page.reload();
    await page.getByLabel(`Message to ${profile.username}`).waitFor();
    while ((await bubbles(page).count()) < 100) {
      await older.click();
      await expect.poll(() => page.getByRole('button', { name: 'Loading older messages…' }).count()).toBe(0);
    }
    const reopened = await shownTexts();
    expect(new Set(reopened).size).toBe(reopened.length);
    expect(reopened).toEqual([...texts, late].slice(texts.length + 1 - reopened.length));
    await context.close();
  });
});
