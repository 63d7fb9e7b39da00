import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pathOf } from './member.js';

/** The member's chat as a person sees it: profile cards, the thread's bubbles and their status. */
export const cards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');
/** The bubbles of the open thread, oldest first (day separators are not list items). */
export const bubbles = (page: Page) => page.locator('.chat__messages').getByRole('listitem');
export const bubble = (page: Page, text: string) => bubbles(page).filter({ hasText: text });
export const statusOf = (page: Page, text: string) => bubble(page, text).getAttribute('data-status');
export const lastTexts = (page: Page, n: number) =>
  bubbles(page)
    .locator('.message__text')
    .allInnerTexts()
    .then((texts) => texts.slice(-n));
export const creditsLeft = async (page: Page) => Number((await page.getByText(/^\d+ credits left$/).innerText()).match(/\d+/)?.[0]);

/** /profiles → the first card → "Start chat": lands on the blank chat with that profile; answers its name. */
export async function startChatFromProfiles(page: Page): Promise<string> {
  await page.goto('/profiles');
  await cards(page).first().waitFor();
  await cards(page).first().getByRole('link').first().click();
  await expect.poll(() => pathOf(page)).toMatch(/^\/profile\//);
  const heading = page.getByRole('heading', { level: 1, name: /, \d+/ });
  await heading.waitFor();
  const username = (await heading.innerText()).split(',')[0]!.trim();
  await page.getByRole('button', { name: /Start chat/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/messages/chat/blank');
  await page.getByLabel(`Message to ${username}`).waitFor();
  return username;
}

