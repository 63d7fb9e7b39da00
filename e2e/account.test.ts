import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, firstLink, hasChromium, launch, newContext, waitForMail } from './support/browser.js';
import { ADMIN, apiCall, apiSignUp, apiToken, pathOf, shotBoth, signInMember } from './support/member.js';

const ABOUT_ME_REQUIRED = 'Information is required, please fill the about me field';
const TAGS_REQUIRED = 'Information is required, please fill in some tags';

interface UploadedImage {
  _id: string;
  type: string;
  under_moderation: boolean;
}

/** Resolves once the page's member socket has completed its handshake (so the server has it in its rooms). */
async function memberSocketOpen(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let opened = false;
  const waiters: (() => void)[] = [];
  const ws = new Map<string, string>();
  cdp.on('Network.webSocketCreated', (e) => ws.set(e.requestId, e.url));
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    if (e.response.status === 101 && ws.get(e.requestId)?.includes('/api/ws?token=')) {
      opened = true;
      waiters.splice(0).forEach((w) => w());
    }
  });
  return () => (opened ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
}

async function jpeg(width: number, height: number): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-')), 'holiday.jpg');
  // A gradient rather than one flat colour, so it is a photo-like JPEG of real size.
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 160;
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toFile(file);
  return file;
}

describe.skipIf(!hasChromium)("the member's own account", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('edits the profile: empty about me and no tags are refused with the documented texts, good values are saved and shown after a reload', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await signInMember(page);
    await page.goto('/user/edit');
    const form = page.getByRole('form', { name: 'Edit my profile' });
    const about = form.getByLabel(/^About me/);
    await about.waitFor();

    await about.fill('');
    const chips = form.getByRole('list', { name: 'Your interests' });
    while ((await chips.count()) > 0 && (await chips.getByRole('button').count()) > 0) {
      await chips.getByRole('button').first().click();
    }
    const saves: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && new URL(req.url()).pathname.startsWith('/api/user/')) saves.push(req.url());
    });
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText(ABOUT_ME_REQUIRED).waitFor();
    await form.getByText(TAGS_REQUIRED).waitFor();
    await expect(about.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(saves).toEqual([]);
    await shotBoth(page, 'user-edit-errors');

    const text = `Weekend hiker and amateur baker, e2e ${Date.now()}.`;
    await about.fill(text);
    const tagInput = form.getByLabel(/^Interests \(looking for\)/);
    for (const tag of ['hiking', 'baking']) {
      await tagInput.fill(tag);
      await tagInput.press('Enter');
      await chips.getByRole('button', { name: `Remove ${tag}` }).waitFor();
    }
    const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && new URL(res.url()).pathname.startsWith('/api/user/'));
    await form.getByRole('button', { name: 'Save profile' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => pathOf(page)).toBe('/user');
    await page.getByText('Your profile has been saved.').waitFor();

    await page.reload();
    const aboutSection = page.getByRole('region', { name: 'About me' });
    await aboutSection.getByText(text).waitFor();
    const interests = page.getByRole('region', { name: 'Interests' });
    for (const tag of ['hiking', 'baking']) await interests.getByText(tag, { exact: true }).waitFor();
    await shotBoth(page, 'user-after-save');
    await ctx.close();
  });

  it('changes the email only with the current password; the old address gets an undo link that signs every device out', async () => {
    const stamp = Date.now();
    const oldEmail = `keep${stamp}@example.com`;
    expect((await apiSignUp(`keep_${stamp}`, oldEmail)).status).toBe(201);
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await page.goto(firstLink(await waitForMail(oldEmail, { after: stamp }), '/api/verify-email'));
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profiles');

    await page.goto('/user/edit');
    const form = page.getByRole('form', { name: 'Edit my profile' });
    await form.getByLabel(/^About me/).fill('Keeps an eye on her account.');
    const tagInput = form.getByLabel(/^Interests \(looking for\)/);
    await tagInput.fill('reading');
    await tagInput.press('Enter');
    await form.getByRole('textbox', { name: /^Email/ }).fill(`taken${stamp}@example.com`);
    await form.getByRole('button', { name: 'Save profile' }).click();
    // A new email needs the current password, asked for in the form before anything is sent.
    const current = form.getByLabel(/^Current password/);
    await form.getByText('We ask for it before changing your password or email address.').waitFor();
    await expect(current.getAttribute('aria-invalid')).resolves.toBe('true');
    await current.fill('a-long-password-1');
    const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && new URL(res.url()).pathname.startsWith('/api/user/'));
    await form.getByRole('button', { name: 'Save profile' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => pathOf(page)).toBe('/user');

    // The verification mail of the sign-up came first; wait for the notice.
    await expect.poll(async () => (await waitForMail(oldEmail, { after: stamp })).includes('/api/undo-email-change'), { timeout: 15_000 }).toBe(true);
    const undo = firstLink(await waitForMail(oldEmail, { after: stamp }), '/api/undo-email-change');
    await page.goto(undo);
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.getByText('Your email address change was cancelled and every device was signed out.', { exact: false }).first().waitFor();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await shotBoth(page, 'email-change-undone');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await ctx.close();
  });

  it('uploads a photo with progress, sees it pending approval, and sees the label go live when an admin approves it', async () => {
    const photo = await jpeg(800, 600);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await signInMember(page);
    const socketOpen = await memberSocketOpen(page);
    await page.goto('/user');
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.waitFor();
    await socketOpen();
    const pending = photos.getByText('Pending approval', { exact: true });
    const pendingBefore = await pending.count();

    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user/upload' && res.request().method() === 'POST');
    await photos.getByLabel('Choose photos').setInputFiles(photo);
    await photos.getByText(/^Uploading… \d+%$/).waitFor();
    const upload = await answer;
    expect(upload.status()).toBe(200);
    const { images } = (await upload.json()) as { images: UploadedImage[] };
    const fresh = images.filter((image) => image.under_moderation);
    expect(fresh.length).toBe(pendingBefore + 1);
    await photos.getByText(/^Uploading…/).waitFor({ state: 'detached' });
    await expect.poll(() => pending.count()).toBe(pendingBefore + 1);
    await shotBoth(page, 'user-photo-pending');

    // The admin approves it on the moderation screen, in a browser of their own.
    const admin = await apiToken(ADMIN, 'agent');
    const list = await apiCall<{ data: { _id: string }[] }>(admin, 'GET', '/moderation/images?status=pending&limit=100');
    const newest = fresh.find((image) => list.data.some((item) => item._id === image._id));
    expect(newest).toBeDefined();
    const adminCtx = await newContext(browser, DESKTOP);
    const adminPage = await adminCtx.newPage();
    // The API session above is live, so the agent login kind answers 409 and the admin takes the session over.
    await adminPage.goto('/agent/sign-in');
    const signIn = adminPage.getByRole('form', { name: 'Agent sign in' });
    await signIn.getByLabel(/^Email/).fill(ADMIN.username);
    await signIn.getByLabel(/^Password/).fill(ADMIN.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await adminPage.getByRole('alert').filter({ hasText: 'already signed in on another device' }).waitFor();
    await shotBoth(adminPage, 'agent-sign-in-take-over');
    await adminPage.getByRole('button', { name: 'Take over this session' }).click();
    await expect.poll(() => new URL(adminPage.url()).pathname).toBe('/agent');
    await adminPage.goto('/agent/moderation');
    await adminPage.getByRole('heading', { level: 1, name: 'Image moderation' }).waitFor();
    const card = adminPage.getByRole('list', { name: 'Pending images' }).getByRole('listitem', { name: 'Photo from demo' }).first();
    await card.waitFor();
    await shotBoth(adminPage, 'admin-moderation-pending');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const decided = adminPage.waitForResponse((res) => new URL(res.url()).pathname === `/api/moderation/images/${newest!._id}/approve`);
    await card.getByRole('button', { name: 'Approve Photo from demo' }).click();
    expect((await decided).status()).toBe(200);

    // Live over the socket's userUpdate: no reload.
    await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(pendingBefore);
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    await shotBoth(page, 'user-photo-approved');
    await adminCtx.close();
    await ctx.close();
  });
});
