import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { MOBILE, firstLink, hasChromium, launch, newContext, shot, waitForMail } from './support/browser.js';
import { ADMIN, apiCall, apiSignUp, apiToken, createMember, pathOf, shotBoth, signInMember, type NewMember } from './support/member.js';
import { bubble, bubbles, creditsLeft, lastTexts, startChatFromProfiles, statusOf } from './support/chat.js';

interface ConversationAnswer {
  _id: string;
  messages: { _id: string; message: string }[];
}

/** Letters only: digits in a shown message can be masked as a phone number (docs/api.md#messaging masking). */
const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Chat → "Back to messages" → the Conversations tab → the conversation again, all inside the app. */
async function awayAndBack(page: Page, username: string, conversationId: string) {
  await page.getByRole('link', { name: 'Back to messages' }).click();
  await expect.poll(() => pathOf(page)).toBe('/messages/inbox');
  const tabs = page.getByRole('navigation', { name: 'Messages' });
  await tabs.getByRole('link', { name: /^Conversations/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/messages/conversations');
  await page
    .getByRole('link', { name: new RegExp(`^${username}`) })
    .first()
    .click();
  await expect.poll(() => pathOf(page)).toBe(`/messages/chat/${conversationId}`);
  await page.getByLabel(`Message to ${username}`).waitFor();
}

async function send(page: Page, username: string, text: string) {
  const box = page.getByLabel(`Message to ${username}`);
  await box.fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await bubble(page, text).waitFor();
  // The box empties once the message is queued, so the next one starts clean.
  await expect.poll(() => box.inputValue()).toBe('');
}

describe.skipIf(!hasChromium)('chat', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  describe('a member chatting', () => {
    let ctx: BrowserContext;
    let page: Page;
    let username = '';
    let conversationId = '';
    // Its own member, with the 25 credits of one package: the demo member's credits are other journeys' to spend.
    let member: NewMember;

    beforeAll(async () => {
      member = await createMember({ credits: true, prefix: 'chat' });
      ctx = await newContext(browser, MOBILE, { serviceWorkers: 'allow' });
      page = await ctx.newPage();
    });
    afterEach(() => ctx?.setOffline(false));
    afterAll(() => ctx?.close());

    it('opens a profile and sends a first message: one credit taken at once, pending then sent, the URL takes the real id', async () => {
      await signInMember(page, member);
      username = await startChatFromProfiles(page);
      const before = await creditsLeft(page);
      expect(before).toBe(25);
      await page.getByText(`Say hello to ${username}.`, { exact: false }).waitFor();
      await shotBoth(page, 'chat-blank');

      const text = `Hello ${username}, first message`;
      await page.getByLabel(`Message to ${username}`).fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await bubble(page, text).waitFor();
      await expect.poll(() => creditsLeft(page)).toBe(before - 1);
      await expect.poll(() => statusOf(page, text)).toBe('sent');
      await bubble(page, text).getByText('Sent', { exact: true }).waitFor({ state: 'attached' });
      await expect.poll(() => pathOf(page)).toMatch(/^\/messages\/chat\/[0-9a-f-]{36}$/);
      conversationId = pathOf(page).split('/').pop()!;
      expect(conversationId).toMatch(UUID);
      // The server agrees: one message stored, one credit spent.
      expect(await creditsLeft(page)).toBe(before - 1);
      await shotBoth(page, 'chat-first-message-sent');
    });

    it('keeps three messages sent offline pending across an offline reload (the service worker serves the app), then sends them in order', async () => {
      expect(conversationId).toMatch(UUID);
      const texts = ['Offline one', 'Offline two', 'Offline three'].map((t) => `${t} ${tag()}`);
      await awayAndBack(page, username, conversationId);
      // The PWA's worker precaches the app shell on the first visit; a reload puts this page under its control.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
        await page.reload();
        await page.getByLabel(`Message to ${username}`).waitFor();
      }
      expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      const before = await creditsLeft(page);
      await ctx.setOffline(true);
      for (const text of texts) await send(page, username, text);
      for (const text of texts) expect(await statusOf(page, text)).toBe('pending');
      await expect.poll(() => creditsLeft(page)).toBe(before - 3);
      await shotBoth(page, 'chat-offline-pending');

      // Reload while still offline: the app comes from the worker's cache, the thread from Dexie alone.
      const documents: number[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'document') documents.push(res.status());
      });
      await page.reload();
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await page.getByLabel(`Message to ${username}`).waitFor();
      await bubble(page, texts[2]!).waitFor();
      expect(documents).toEqual([200]);
      for (const text of texts) expect(await statusOf(page, text)).toBe('pending');
      expect(await lastTexts(page, 3)).toEqual(texts);
      expect(await creditsLeft(page)).toBe(before - 3);
      // Offline is said by the sync banner; the site settings simply wait for the network, no error.
      expect(await page.getByText('We could not load the site settings', { exact: false }).count()).toBe(0);
      await shotBoth(page, 'chat-offline-reloaded');

      await ctx.setOffline(false);
      for (const text of texts) await expect.poll(() => statusOf(page, text), { timeout: 20_000 }).toBe('sent');
      expect(await lastTexts(page, 3)).toEqual(texts);
      expect(await creditsLeft(page)).toBe(before - 3);
      // The server stored them once each, in the order they were written.
      const stored = await apiCall<ConversationAnswer>(member.token, 'GET', `/conversation/${conversationId}?limit=10`);
      const newestFirst = stored.messages.map((m) => m.message);
      expect(newestFirst.slice(0, 3).reverse()).toEqual(texts);
      expect(newestFirst.filter((m) => texts.includes(m))).toHaveLength(3);
      await shotBoth(page, 'chat-offline-sent');
    });

    it('shows an agent reply sent through the API without a reload', async () => {
      expect(conversationId).toMatch(UUID);
      const admin = await apiToken(ADMIN, 'agent');
      const thread = await apiCall<ConversationAnswer>(admin, 'GET', `/conversation/${conversationId}`);
      const reply = `Hi there, agent reply ${tag()}`;
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      await apiCall(admin, 'POST', `/conversation/${conversationId}/message`, {
        messageType: 'text',
        message: reply,
        lastMessageId: thread.messages[0]?._id,
      });
      await bubble(page, reply).waitFor();
      expect(await bubble(page, reply).getAttribute('class')).toContain('message--theirs');
      expect((await lastTexts(page, 1))[0]).toBe(reply);
      // An in-app route change would also count; a reload would have lost nothing but is not what we want to see.
      expect(navigations).toBe(0);
      await shotBoth(page, 'chat-agent-reply');
    });

    it('shows the same thread and credits in a second tab', async () => {
      expect(conversationId).toMatch(UUID);
      const first = await bubbles(page).locator('.message__text').allInnerTexts();
      const credits = await creditsLeft(page);
      const second = await ctx.newPage();
      await second.goto(`/messages/chat/${conversationId}`);
      await second.getByLabel(`Message to ${username}`).waitFor();
      await expect.poll(() => bubbles(second).locator('.message__text').allInnerTexts()).toEqual(first);
      expect(await creditsLeft(second)).toBe(credits);

      // A message from the second tab shows in the first, with the credit taken in both.
      const text = `From the second tab ${tag()}`;
      await send(second, username, text);
      await expect.poll(() => statusOf(second, text)).toBe('sent');
      await bubble(page, text).waitFor();
      await expect.poll(() => creditsLeft(page)).toBe(credits - 1);
      await expect.poll(() => creditsLeft(second)).toBe(credits - 1);
      await shotBoth(second, 'chat-second-tab');
      await second.close();
    });

    it('sends a photo: the upload shows its progress, the photo shows in the thread and opens in the gallery; a photo from the profile shows too', async () => {
      expect(conversationId).toMatch(UUID);
      const credits = await creditsLeft(page);
      const picture = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 214, g: 51, b: 108 } } })
        .composite([{ input: Buffer.from('<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#fff"/></svg>') }])
        .jpeg()
        .toBuffer();
      const uploads: number[] = [];
      page.on('response', (res) => {
        if (new URL(res.url()).pathname === '/api/user/upload') uploads.push(res.status());
      });
      // Hold the answer a moment so the progress can be seen (a local upload is otherwise instant).
      await page.route('**/api/user/upload', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue();
      });
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach a photo' }).click();
      await (await chooser).setFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: picture });
      // Chosen, not sent: the preview waits for Send, and nothing is uploaded yet.
      await page.getByRole('img', { name: 'The photo to send' }).waitFor();
      expect(uploads).toEqual([]);
      await shotBoth(page, 'chat-photo-preview');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const progress = page.getByRole('status').filter({ hasText: /^Uploading photo… \d+%$/ });
      await progress.waitFor();
      expect(await progress.getByRole('progressbar').count()).toBe(1);
      await shot(page, 'chat-photo-uploading-mobile');
      await progress.waitFor({ state: 'detached' });
      await page.unroute('**/api/user/upload');
      const photos = page.locator('.chat__messages .message--own').getByRole('button', { name: 'Open photo' });
      await photos.last().waitFor();
      await expect.poll(() => photos.last().locator('xpath=ancestor::li[1]').getAttribute('data-status'), { timeout: 20_000 }).toBe('sent');
      expect(uploads).toEqual([200]);
      await expect.poll(() => creditsLeft(page)).toBe(credits - 1);
      // The picture really loads (through /api/attachment/:id/medium and the media redirect).
      await expect.poll(() => photos.last().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await shotBoth(page, 'chat-photo-sent');

      await photos.last().click();
      const gallery = page.getByRole('dialog', { name: 'Photos' });
      await expect.poll(() => gallery.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await shotBoth(page, 'chat-photo-gallery');
      await page.keyboard.press('Escape');
      await gallery.waitFor({ state: 'detached' });

      // The profile answers with a photo: an admin uploads it as the profile and replies with it.
      const admin = await apiToken(ADMIN, 'agent');
      const thread = await apiCall<ConversationAnswer & { profileId: string }>(member.token, 'GET', `/conversation/${conversationId}`);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'from-profile.jpg');
      const res = await fetch(`${inject('baseUrl')}/api/profile/${thread.profileId}/upload`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      expect(res.status, await res.clone().text()).toBe(200);
      const { images } = (await res.json()) as { images: { _id: string }[] };
      await apiCall(admin, 'POST', `/conversation/${conversationId}/message`, {
        messageType: 'attachment',
        message: '',
        attachment: images[0]!._id,
        lastMessageId: thread.messages[0]?._id,
      });
      const theirs = page.locator('.chat__messages .message--theirs').getByRole('button', { name: 'Open photo' });
      await theirs.last().waitFor();
      await expect.poll(() => theirs.last().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await shotBoth(page, 'chat-photo-from-profile');
    });
  });

  describe('a member with no credits', () => {
    it('gets the no-credits popup and sends nothing', async () => {
      const stamp = Date.now();
      const email = `nocredits${stamp}@example.com`;
      const res = await apiSignUp(`nocredits_${stamp}`, email);
      expect(res.status).toBe(201);
      const link = firstLink(await waitForMail(email, { after: stamp }), '/api/verify-email');

      const ctx = await newContext(browser, MOBILE);
      const page = await ctx.newPage();
      await page.goto(link);
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profiles');
      const username = await startChatFromProfiles(page);
      expect(await creditsLeft(page)).toBe(0);

      const writes: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (req.method() !== 'GET' && (url.pathname.startsWith('/api/conversation') || url.pathname.startsWith('/api/sync'))) writes.push(url.pathname);
      });
      const text = 'Hello, can we talk?';
      await page.getByLabel(`Message to ${username}`).fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const popup = page.getByRole('dialog', {
        name: 'You are out of credits',
      });
      await popup.getByText('You have no credits left. Buy credits to keep chatting.').waitFor();
      await shotBoth(page, 'chat-no-credits-popup');
      expect(await bubbles(page).count()).toBe(0);
      // The text stays in the box for after a purchase.
      expect(await page.getByLabel(`Message to ${username}`).inputValue()).toBe(text);
      await popup.getByRole('button', { name: 'Cancel' }).click();
      await popup.waitFor({ state: 'detached' });
      expect(await bubbles(page).count()).toBe(0);
      expect(pathOf(page)).toBe('/messages/chat/blank');
      expect(writes).toEqual([]);
      await ctx.close();
    });
  });
});
