import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '@sync/texts';
import { MOBILE, hasChromium, launch, newContext, shot } from './support/browser.js';
import { DEMO, apiCall, apiToken, pathOf, shotBoth, signInMember } from './support/member.js';

/**
 * Issue E in the browser against the real server and its sandbox processor: the demo member buys credits, is
 * declined by the bank, saves and removes a card, becomes VIP, and verifies their age on the sandbox page.
 * (vitest.config.ts runs this file after the other journeys: it changes the shared demo member.)
 */

interface UserState {
  credits: number;
  isPremium: boolean;
  savedCards: { cardId: string; last4: string }[];
  ageVerification: { result: boolean | null } | null;
}

const headerCredits = async (page: Page) => {
  // By test id: while a popup is open the header is hidden from the accessibility tree (the dialog is modal).
  const label = await page.getByTestId('header-credits').getAttribute('aria-label');
  return Number(label?.match(/\d+/)?.[0]);
};

async function me(): Promise<UserState & { _id: string }> {
  const token = await apiToken(DEMO);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string };
  return apiCall<UserState & { _id: string }>(token, 'GET', `/user/${payload._id}`);
}

/** How far the page scrolls sideways at the phone width (0: it fits). */
const sideScroll = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** From the Credits tab: choose the package with `credits` and land on the checkout. */
async function chooseCredits(page: Page, credits: number) {
  await page.goto('/upgrade/credits');
  await page.getByRole('button', { name: `Buy ${credits} credits` }).click();
  await expect.poll(() => pathOf(page)).toBe('/upgrade/checkout');
  await page.getByRole('heading', { name: 'Payment details' }).waitFor();
}

async function fillCard(page: Page, number: string, opts: { save?: boolean } = {}) {
  const form = page.getByRole('form', { name: 'Payment details' });
  const useNew = form.getByRole('radio', { name: 'Use a new card' });
  if (await useNew.count()) await useNew.check();
  await form.getByLabel('Cardholder name').fill('Demo Member');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Month').selectOption('12');
  await form.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
  await form.getByLabel(/^CVV/).fill('123');
  await form.getByLabel('First name').fill('Demo');
  await form.getByLabel('Last name').fill('Member');
  await form.getByLabel(/ZIP/).fill('10001');
  await form.getByLabel('City').fill('Austin');
  if (opts.save) await form.getByRole('checkbox', { name: /Save this card/ }).check();
}

async function acceptAndPay(page: Page) {
  const form = page.getByRole('form', { name: 'Payment details' });
  await form.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await form.getByRole('button', { name: /^Pay / }).click();
}

describe.skipIf(!hasChromium)('payments', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ctx = await newContext(browser, MOBILE);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
  });

  it('buys a credit package with 4242 4242 4242 4242: progress, the success popup, credits rise in the header', async () => {
    await signInMember(page, DEMO);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Credits/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/upgrade/credits');
    await page.getByRole('tab', { name: 'Credit Packages', selected: true }).waitFor();
    await page.getByText('Step 1 of 2').first().waitFor();
    await page.getByText('Most popular').first().waitFor();
    await page.getByText(/One credit sends one message/).first().waitFor();
    const before = (await me()).credits;
    expect(await headerCredits(page)).toBe(before);
    expect(await sideScroll(page)).toBe(0);
    await shotBoth(page, 'upgrade-credits');

    await page.getByRole('button', { name: 'Buy 25 credits' }).click();
    await expect.poll(() => pathOf(page)).toBe('/upgrade/checkout');
    await page.getByText('Step 2 of 2').first().waitFor();
    // Nothing is sent until the form is right: the documented texts show.
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('You must accept terms and conditions to make a purchase').waitFor();
    await page.getByText('Credit card is not valid').or(page.getByText('Required').first()).first().waitFor();
    expect(await sideScroll(page)).toBe(0);
    await shotBoth(page, 'checkout-errors');

    const bodies: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/order/.test(req.url()) && req.postData()) bodies.push(req.postData()!);
    });
    await fillCard(page, '4242 4242 4242 4242');
    await acceptAndPay(page);
    await page.getByRole('status').filter({ hasText: /Securing your card|Creating your order|Charging your card|Waiting for your bank/ }).first().waitFor();
    const success = page.getByRole('dialog', { name: 'Payment successful' });
    await success.waitFor({ timeout: 30_000 });
    await success.getByText('25 credits have been added').waitFor();
    await expect.poll(() => headerCredits(page), { timeout: 10_000 }).toBe(before + 25);
    expect((await me()).credits).toBe(before + 25);
    // The order API saw a token, never the card number.
    expect(bodies.join('\n')).not.toMatch(/4242 ?4242/);
    await shotBoth(page, 'payment-success');
    await success.getByRole('button', { name: 'Close' }).click();
    await success.waitFor({ state: 'detached' });
  });

  it('a bank decline (4000 0000 0000 0002) shows the try-a-different-card advice and charges nothing', async () => {
    const before = (await me()).credits;
    await chooseCredits(page, 10);
    await fillCard(page, '4000 0000 0000 0002');
    await acceptAndPay(page);
    const failed = page.getByRole('dialog', { name: 'Payment declined' });
    await failed.waitFor({ timeout: 30_000 });
    await failed.getByText('Your bank declined the payment. Please try a different card.').waitFor();
    await shotBoth(page, 'payment-declined');
    await failed.getByRole('button', { name: 'Try a different card' }).click();
    await failed.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('Card number').inputValue()).toBe('');
    expect((await me()).credits).toBe(before);
  });

  it('saves a card with a purchase, then lists it by its last four digits and removes it', async () => {
    await chooseCredits(page, 10);
    await fillCard(page, '4242 4242 4242 4242', { save: true });
    await acceptAndPay(page);
    const success = page.getByRole('dialog', { name: 'Payment successful' });
    await success.waitFor({ timeout: 30_000 });
    await success.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await me()).savedCards.map((c) => c.last4)).toEqual(['4242']);

    await chooseCredits(page, 10);
    const saved = page.getByRole('radio', { name: /ending in 4242/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    await shotBoth(page, 'checkout-saved-card');
    await page.getByRole('button', { name: /^Remove .*ending in 4242/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove card' });
    await dialog.getByText(/ending in 4242/).waitFor();
    await shotBoth(page, 'remove-card');
    await dialog.getByRole('button', { name: 'Remove card' }).click();
    await dialog.waitFor({ state: 'detached' });
    await saved.waitFor({ state: 'detached' });
    await expect.poll(async () => (await me()).savedCards).toEqual([]);
  });

  it('the extra confirmation step (4000 0027 6000 3184) waits for payment with the bank page in a frame', async () => {
    const before = (await me()).credits;
    await chooseCredits(page, 10);
    await fillCard(page, '4000 0027 6000 3184');
    await acceptAndPay(page);
    const waiting = page.getByRole('dialog', { name: 'Waiting for payment' });
    await waiting.waitFor({ timeout: 30_000 });
    const bank = page.frameLocator('iframe[title="Payment confirmation by your bank"]');
    await bank.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await shotBoth(page, 'waiting-for-payment');
    await bank.getByRole('button', { name: 'Approve' }).click();
    await bank.getByRole('heading', { name: 'Answer sent to your bank' }).waitFor();
    const success = page.getByRole('dialog', { name: 'Payment successful' });
    await success.waitFor({ timeout: 30_000 });
    await expect.poll(() => headerCredits(page), { timeout: 10_000 }).toBe(before + 10);
    await success.getByRole('button', { name: 'Close' }).click();
  });

  it('buys a VIP membership, becomes premium and can favourite a profile', async () => {
    await page.goto('/upgrade/premium');
    await page.getByRole('tab', { name: 'VIP Memberships', selected: true }).waitFor();
    await page.getByText('Add to favorites').first().waitFor();
    expect(await sideScroll(page)).toBe(0);
    await shotBoth(page, 'upgrade-premium');
    await page.getByRole('button', { name: 'Choose Monthly membership' }).click();
    await expect.poll(() => pathOf(page)).toBe('/upgrade/checkout');
    await page.getByText(/now and every 30 days until you cancel/).waitFor();
    await page.getByText(t('payment.one-membership')).waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await acceptAndPay(page);
    const success = page.getByRole('dialog', { name: 'Payment successful' });
    await success.waitFor({ timeout: 30_000 });
    await success.getByText(/Welcome to VIP/).waitFor();
    await success.getByRole('link', { name: 'Explore profiles' }).click();
    await expect.poll(async () => (await me()).isPremium).toBe(true);
    // One membership at a time: the upgrade page says why there is no second one.
    await page.goto('/upgrade/premium');
    await page.getByText(t('payment.one-membership')).waitFor();

    await page.goto('/user');
    await page.getByText('Premium (active)').first().waitFor();
    const token = await apiToken(DEMO);
    const list = await apiCall<{ data: { _id: string; favorite?: boolean }[] }>(token, 'GET', '/profiles?limit=36');
    const target = list.data.find((p) => !p.favorite)!;
    await page.goto(`/profile/${target._id}`);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await expect.poll(() => page.getByRole('button', { name: /favorites/ }).first().getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Become a VIP member' }).count()).toBe(0);
    await shotBoth(page, 'vip-favourite');
  });

  it('runs the age verification round trip on the sandbox page and shows the result', async () => {
    await page.goto('/settings');
    const panel = page.getByRole('heading', { name: 'Age verification' }).locator('..');
    await panel.waitFor();
    await shotBoth(page, 'settings-payments');
    await panel.getByRole('button', { name: 'Verify my age' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/api\/sandbox\/age-verification\//);
    await page.getByRole('heading', { name: 'Verify your age' }).waitFor();
    await shot(page, 'age-verification-sandbox-mobile');
    await page.getByRole('button', { name: 'Approve' }).click();
    // Back on the site root with the flag, on to the member's home, where the result is polled.
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profiles');
    await page.getByText('Your age is verified. Thank you!').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).searchParams.has('verify-age')).toBe(false);
    expect((await me()).ageVerification?.result).toBe(true);
    await page.goto('/settings');
    await panel.getByText('Verified', { exact: true }).waitFor();
  });
});
