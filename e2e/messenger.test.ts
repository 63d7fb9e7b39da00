import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launch, MOBILE, newContext, shot } from './support/browser.js';
import { matchedMember } from './support/matching.js';
import { ADMIN, apiCall, apiToken, createMember, pathOf, seriousAxeViolations, signInMember, type NewMember } from './support/member.js';
import { startPushSandbox, type Device, type PushSandbox } from './support/push-sandbox.js';

/** Issue I's desktop size. */
const WIDE = { width: 1440, height: 900 };

/** The first `count` emoji images of `selector`, once loaded (the picker's grid loads the rest as it scrolls). */
async function emojiImages(page: Page, selector: string, count = 100) {
  await page.waitForFunction(
    ([sel, n]) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel)].slice(0, n);
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    [selector, count] as const,
  );
  return page.$$eval(selector, (images, n) => (images as HTMLImageElement[]).slice(0, n).map((img) => ({ alt: img.alt, src: new URL(img.src).pathname, width: img.naturalWidth })), count);
}

async function reply(conversationId: string, message: string) {
  const admin = await apiToken(ADMIN, 'agent');
  await apiCall(admin, 'POST', `/conversation/${conversationId}/message`, { messageType: 'text', message });
}

/**
 * The page's PushManager answers with a subscription at the push sandbox (Chromium's real subscribe needs Google's
 * push service, unreachable here: it never answers). Kept across reloads in localStorage, as the browser keeps one.
 */
async function stubPushManager(ctx: BrowserContext, device: Device) {
  await ctx.addInitScript((d: Device) => {
    if (typeof PushManager === 'undefined') return;
    const KEY = 'e2e-push-subscription';
    const make = (key: number[]) => ({
      endpoint: d.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint: d.endpoint, expirationTime: null, keys: d.keys }),
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = [...new Uint8Array(options!.applicationServerKey as ArrayBuffer)];
      localStorage.setItem(KEY, JSON.stringify(key));
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      return (stored ? make(JSON.parse(stored) as number[]) : null) as unknown as PushSubscription;
    };
  }, device);
}

describe.skipIf(!hasChromium)('a messenger-grade chat', () => {
  let browser: Browser;
  let member: NewMember;
  let conversationId: string;
  let sandbox: PushSandbox;
  beforeAll(async () => {
    browser = await launch();
    ({ member, conversationId } = await matchedMember('msgr'));
    sandbox = await startPushSandbox();
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  it('emoji show as the shipped 64 px images in the bubbles and the picker, copy as text, and are cached for offline', { timeout: 90_000 }, async () => {
    await reply(conversationId, 'Hello 👋 see you ❤️ in Paris 🇫🇷');
    const ctx = await newContext(browser, MOBILE, { serviceWorkers: 'allow' });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await ctx.newPage();
    await signInMember(page, member);
    // The second load is the service worker's (registerType 'prompt' claims no page on its first visit).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`/messages/chat/${conversationId}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const text = page.locator('.chat__messages .message__text').filter({ hasText: 'in Paris' });
    await text.waitFor();
    expect(await emojiImages(page, '.chat__messages img.emoji')).toEqual([
      { alt: '👋', src: '/emoji/64/1f44b.png', width: 64 },
      { alt: '❤️', src: '/emoji/64/2764.png', width: 64 },
      { alt: '🇫🇷', src: '/emoji/64/1f1eb-1f1f7.png', width: 64 },
    ]);
    // Selecting the bubble and copying gives the characters, not the pictures.
    await text.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await page.keyboard.press('Control+C');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hello 👋 see you ❤️ in Paris 🇫🇷');
    // The service worker kept each image it served (for the chat opened offline).
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/emoji/64/1f44b.png')))).toBe(true);

    await page.getByRole('button', { name: 'Emoji' }).click();
    // The first rows, in view (the grid's images load lazily as it scrolls).
    const cells = await emojiImages(page, '.emoji-picker__grid img', 32);
    expect(cells).toHaveLength(32);
    expect(cells.every((cell) => cell.width === 64 && cell.src.startsWith('/emoji/64/'))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'emoji-picker-images-mobile');
    await page.getByRole('button', { name: 'grinning face', exact: true }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Message to / }).inputValue()).toBe('😀');
    await page.setViewportSize(WIDE);
    await shot(page, 'emoji-chat-images-desktop');
    await ctx.close();
  });

  it('on a desktop the list and the chat sit side by side; on a phone the chat takes the whole screen', { timeout: 60_000 }, async () => {
    const ctx = await newContext(browser, WIDE);
    const page = await ctx.newPage();
    await signInMember(page, member);
    await page.goto('/messages/inbox');
    const item = page.locator(`a[href="/messages/chat/${conversationId}"]`);
    await item.waitFor();
    await page.getByText('Choose a conversation to read and answer it here.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'inbox-split-list-desktop');

    await item.click();
    await expect.poll(() => pathOf(page)).toBe(`/messages/chat/${conversationId}`);
    const box = page.getByRole('textbox', { name: /^Message to / });
    await box.waitFor();
    // The list stays beside the chat, the open conversation marked; the route is docs/product.md#screens-and-routes's chat path.
    await expect.poll(() => item.getAttribute('aria-current')).toBe('page');
    const [list, chat] = await Promise.all([page.locator('.messages-split__list').boundingBox(), page.locator('.chat').boundingBox()]);
    expect(list!.x + list!.width).toBeLessThanOrEqual(chat!.x);
    expect(chat!.width).toBeGreaterThan(700);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'inbox-split-chat-desktop');

    await page.setViewportSize(MOBILE);
    await expect.poll(() => page.locator('.conversation-list').count()).toBe(0);
    expect(await page.locator('.chat').boundingBox()).toEqual({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
    await shot(page, 'inbox-chat-full-screen-mobile');
    await ctx.close();
  });

  it('notifications: offered in settings after a first conversation, pushed encrypted when the app is closed, opening the chat', { timeout: 120_000 }, async () => {
    const base = inject('baseUrl');
    // A member with no conversation is not asked.
    const newcomer = await createMember({ prefix: 'msgrnew' });
    const fresh = await newContext(browser, MOBILE);
    const first = await fresh.newPage();
    await signInMember(first, newcomer);
    await first.goto('/settings');
    await first.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    expect(await first.getByRole('heading', { name: 'Notifications on this device' }).count()).toBe(0);
    await fresh.close();

    const device = sandbox.device();
    const ctx = await newContext(browser, MOBILE, { serviceWorkers: 'allow' });
    await ctx.grantPermissions(['notifications'], { origin: base });
    await stubPushManager(ctx, device);
    const page = await ctx.newPage();
    await signInMember(page, member);
    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Notify me on this device' });
    await toggle.waitFor();
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByText('Notifications are on for this device.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Notifications on this device' }).scrollIntoViewIfNeeded();
    await shot(page, 'push-settings-on-mobile');
    await page.setViewportSize(WIDE);
    await shot(page, 'push-settings-on-desktop');

    // The app closes (its socket with it); a reply comes.
    await page.close();
    await new Promise((r) => setTimeout(r, 1000));
    const before = sandbox.received.length;
    await reply(conversationId, 'Are you free tonight? 🌙');
    await expect.poll(() => sandbox.received.length, { timeout: 20_000 }).toBe(before + 1);
    const push = sandbox.received.at(-1)!;
    expect(push.payload).toMatchObject({ body: 'Are you free tonight? 🌙', url: `/messages/chat/${conversationId}`, tag: `conversation-${conversationId}` });
    expect(push.payload.title).toMatch(/^New message from \S+$/);
    const { publicKey } = await apiCall<{ publicKey: string }>(member.token, 'GET', '/push/key');
    expect(push.vapidKey).toBe(publicKey);
    expect(push.claims.aud).toBe(new URL(device.endpoint).origin);
    expect(push.claims.sub).toMatch(/^mailto:/);
    expect([push.ttl, push.urgency]).toEqual(['3600', 'high']);

    // The push reaches the service worker as a push service would deliver it (DevTools protocol), which shows it.
    const later = await ctx.newPage();
    const cdp = await ctx.newCDPSession(later);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
    await later.goto('/profiles');
    await later.evaluate(() => navigator.serviceWorker.ready);
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${base}/`), { timeout: 10_000 }).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${base}/`)!.registrationId;
    const shown = () =>
      later.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));
    // Delivered again if the worker was still starting (a push service retries too); the tag keeps it one notification.
    for (let attempt = 0; attempt < 3 && (await shown()).length === 0; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId, data: JSON.stringify(push.payload) });
      await expect.poll(async () => (await shown()).length, { timeout: 5_000 }).toBeGreaterThan(0).catch(() => undefined);
    }
    await expect.poll(shown, { timeout: 15_000 }).toEqual([{ title: push.payload.title, body: 'Are you free tonight? 🌙', url: `/messages/chat/${conversationId}` }]);

    // A click on it opens the chat in the open app.
    const worker = ctx.serviceWorkers()[0]!;
    await worker.evaluate(async () => {
      // The worker's globals (the DOM lib has no service-worker types).
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const NotificationEvent = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect.poll(() => pathOf(later), { timeout: 10_000 }).toBe(`/messages/chat/${conversationId}`);
    await later.getByText('Are you free tonight?').waitFor();
    await ctx.close();
  });
});
