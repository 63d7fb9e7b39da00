/**
 * Credits and the offline queue (docs/product.md#messaging, decision 0019): a device that queued more sends
 * than the member's credits (spent meanwhile on another device) sends what the credits pay for, shows the rest
 * failed with Retry and Discard, never shows credits below zero, and after a purchase Retry sends them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, hasChromium, launch, newContext } from './support/browser.js';
import { bubble, creditsLeft, startChatFromProfiles, statusOf } from './support/chat.js';
import { apiCall, buyCredits, createMember, pathOf, shotBoth, signInMember } from './support/member.js';
import { send, serverCredits, serverTexts, tag } from './support/sync-probes.js';

describe.skipIf(!hasChromium)('sync engine: credits run out mid-queue', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('queued offline past the credits: what is paid goes, the rest fails with Retry and Discard, and Retry sends it after a purchase', async () => {
    const member = await createMember({ credits: true, prefix: 'credq' });
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    await signInMember(page, member);
    const profile = await startChatFromProfiles(page);
    const opener = `opener ${tag()}`;
    await send(page, profile, opener);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/\/messages\/chat\/[0-9a-f-]{36}$/);
    const conversationId = pathOf(page).split('/').pop()!;
    const profileId = (await apiCall<{ profile: { _id: string } }>(member.token, 'GET', `/conversation/${conversationId}?limit=1`)).profile._id;
    await expect.poll(() => creditsLeft(page)).toBe(24);

    // This device goes offline; the member's other device spends all but two credits meanwhile.
    await context.setOffline(true);
    const other = `other${tag()}`;
    const spent = Array.from({ length: 22 }, (_, i) => ({
      clientId: other,
      mutationId: i + 1,
      name: 'sendMessage',
      args: { conversationId, profileId, messageId: crypto.randomUUID(), messageType: 'text', message: `elsewhere ${i} ${tag()}` },
    }));
    await apiCall(member.token, 'POST', '/sync/push', { clientId: other, mutations: spent });
    expect(await serverCredits(member)).toBe(2);

    // Five sends queued here, believing 24 credits.
    const queued = Array.from({ length: 5 }, (_, i) => `queued ${i} ${tag()}`);
    for (const text of queued) await send(page, profile, text);
    for (const text of queued) expect(await statusOf(page, text)).toBe('pending');

    await context.setOffline(false);
    for (const text of queued.slice(0, 2)) await expect.poll(() => statusOf(page, text), { timeout: 20_000 }).toBe('sent');
    for (const text of queued.slice(2)) await expect.poll(() => statusOf(page, text), { timeout: 20_000 }).toBe('failed');
    // Told once, not once per refused send.
    const outOfCredits = page.getByRole('dialog', { name: 'You are out of credits' });
    await outOfCredits.waitFor();
    await outOfCredits.getByRole('button', { name: 'Cancel' }).click();
    await outOfCredits.waitFor({ state: 'hidden' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outOfCredits.count()).toBe(0);
    for (const text of queued.slice(2)) {
      await bubble(page, text).getByRole('button', { name: 'Retry' }).waitFor();
      await bubble(page, text).getByRole('button', { name: 'Discard' }).waitFor();
    }
    await expect.poll(() => creditsLeft(page)).toBe(0);
    expect(await serverCredits(member)).toBe(0);
    await shotBoth(page, 'sync-credits-failed-mid-queue');

    // A purchase (the checkout's sandbox), then Retry on each failed send: all delivered once, credits agree.
    await buyCredits(member.token, 'credits-10');
    await expect.poll(() => creditsLeft(page), { timeout: 15_000 }).toBe(10);
    for (const text of queued.slice(2)) await bubble(page, text).getByRole('button', { name: 'Retry' }).click();
    for (const text of queued) await expect.poll(() => statusOf(page, text), { timeout: 20_000 }).toBe('sent');
    const stored = await serverTexts(member);
    for (const text of queued) expect(stored.filter((x) => x === text), text).toHaveLength(1);
    expect(await serverCredits(member)).toBe(7);
    await expect.poll(() => creditsLeft(page)).toBe(7);
    await shotBoth(page, 'sync-credits-retried');
    await context.close();
  });
});
