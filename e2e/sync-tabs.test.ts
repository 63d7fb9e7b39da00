/**
 * The sync engine across tabs of one browser (docs/architecture.md#the-sync-engine: one leader tab per member,
 * one local database per account, decision 0019): what a member sees and what the server stores when two tabs
 * write at once, when the leading tab closes with sends queued, and when another account signs in in a second
 * tab through a mailed link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, firstLink, hasChromium, launch, newContext, waitForMail } from './support/browser.js';
import { creditsLeft, startChatFromProfiles, statusOf } from './support/chat.js';
import { apiSignUp, apiToken, buyCredits, createMember, pathOf, shotBoth, signInMember, type NewMember } from './support/member.js';
import { localTexts, send, serverCredits, serverTexts, tag } from './support/sync-probes.js';

/** A new member whose mailed verification link has not been opened yet: opening it in a tab signs that tab in. */
async function memberWithMailedLink(prefix: string): Promise<{ member: NewMember; link: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const user = { username: `${prefix}_${stamp}`, email: `${prefix.toLowerCase()}${stamp}@example.com`, password: 'a-long-password-1' };
  const after = Date.now();
  const res = await apiSignUp(user.username, user.email, user.password);
  if (res.status !== 201) throw new Error(`register ${user.username}: ${res.status} ${await res.text()}`);
  const link = firstLink(await waitForMail(user.email, { after }), '/api/verify-email');
  const token = await apiToken(user);
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string })._id;
  return { member: { ...user, id, token }, link };
}

const threadOf = (page: Page) => page.locator('.chat__messages').innerText();

describe.skipIf(!hasChromium)('sync engine across tabs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('another account signed in through its mailed link in a second tab sends as itself, and neither tab reads or sends the other’s messages', async () => {
    const a = await createMember({ credits: true, prefix: 'tabA' });
    const { member: b, link } = await memberWithMailedLink('tabB');
    const context = await newContext(browser, MOBILE);
    const one = await context.newPage();
    await signInMember(one, a);
    const profile = await startChatFromProfiles(one);
    const fromA = `alpha ${tag()}`;
    await send(one, profile, fromA);
    await expect.poll(() => statusOf(one, fromA), { timeout: 15_000 }).toBe('sent');

    // B opens the verification link from B's mail in a second tab of the same browser: that tab is B's now.
    await buyCredits(b.token, 'credits-25');
    const two = await context.newPage();
    await two.goto(link);
    await expect.poll(() => pathOf(two), { timeout: 15_000 }).toBe('/profiles');
    const profileOfB = await startChatFromProfiles(two);
    const fromB = `bravo ${tag()}`;
    await send(two, profileOfB, fromB);
    await expect.poll(() => statusOf(two, fromB), { timeout: 20_000 }).toBe('sent');
    await shotBoth(two, 'sync-tabs-second-account');
    expect(await serverTexts(b)).toEqual([fromB]);
    expect(await serverTexts(a)).toEqual([fromA]);
    expect(await threadOf(two)).not.toContain(fromA);

    // A's tab still writes as A.
    const again = `again ${tag()}`;
    await send(one, profile, again);
    await expect.poll(() => serverTexts(a), { timeout: 20_000 }).toContain(again);
    expect(await serverTexts(b)).toEqual([fromB]);
    expect(await localTexts(two, `amora-${b.id}`)).not.toContain('alpha');
    expect(await localTexts(two, `amora-${a.id}`)).not.toContain('bravo');

    // A's tab closes: B's tab carries on alone and still sends as B.
    await one.close();
    const last = `charlie ${tag()}`;
    await send(two, profileOfB, last);
    await expect.poll(() => statusOf(two, last), { timeout: 20_000 }).toBe('sent');
    expect((await serverTexts(b)).sort()).toEqual([fromB, last].sort());
    expect((await serverTexts(a)).sort()).toEqual([fromA, again].sort());
    await context.close();
  });

  it('two tabs of one member send at once, online and offline; the leading tab closes with sends queued and the other delivers each exactly once', async () => {
    const member = await createMember({ credits: true, prefix: 'twoTabs' });
    const context = await newContext(browser, MOBILE);
    const one = await context.newPage();
    await signInMember(one, member);
    const profile = await startChatFromProfiles(one);
    const opener = `opener ${tag()}`;
    await send(one, profile, opener);
    await expect.poll(() => pathOf(one), { timeout: 15_000 }).toMatch(/\/messages\/chat\/[0-9a-f-]{36}$/);
    const two = await context.newPage();
    await two.goto(pathOf(one));
    await two.getByLabel(`Message to ${profile}`).waitFor();

    // Online, both tabs write at the same time.
    const online = { one: [0, 1, 2].map((i) => `one on ${i} ${tag()}`), two: [0, 1, 2].map((i) => `two on ${i} ${tag()}`) };
    await Promise.all([
      (async () => {
        for (const text of online.one) await send(one, profile, text);
      })(),
      (async () => {
        for (const text of online.two) await send(two, profile, text);
      })(),
    ]);
    const all = [opener, ...online.one, ...online.two];
    for (const text of all) for (const page of [one, two]) await expect.poll(() => statusOf(page, text), { timeout: 20_000 }).toBe('sent');

    // Offline, both write again: every bubble waits in both tabs.
    await context.setOffline(true);
    const offline = { one: [0, 1, 2].map((i) => `one off ${i} ${tag()}`), two: [0, 1, 2].map((i) => `two off ${i} ${tag()}`) };
    await Promise.all([
      (async () => {
        for (const text of offline.one) await send(one, profile, text);
      })(),
      (async () => {
        for (const text of offline.two) await send(two, profile, text);
      })(),
    ]);
    for (const text of [...offline.one, ...offline.two]) for (const page of [one, two]) await expect.poll(() => statusOf(page, text)).toBe('pending');
    expect(await creditsLeft(two)).toBe(25 - all.length - 6);

    // The tab that led closes with six sends queued; the network comes back: the other tab takes over.
    await one.close({ runBeforeUnload: false });
    await context.setOffline(false);
    for (const text of [...offline.one, ...offline.two]) await expect.poll(() => statusOf(two, text), { timeout: 20_000 }).toBe('sent');
    await shotBoth(two, 'sync-tabs-leader-closed');
    const stored = await serverTexts(member);
    for (const text of [...all, ...offline.one, ...offline.two]) expect(stored.filter((x) => x === text), text).toHaveLength(1);
    expect(stored).toHaveLength(all.length + 6);
    expect(await serverCredits(member)).toBe(25 - all.length - 6);
    await expect.poll(() => creditsLeft(two)).toBe(25 - all.length - 6);
    await context.close();
  });
});
