import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pathOf } from './member.js';

export const AGENT = { username: 'agent@example.com', password: 'agent-pass-123' };

/** Letters only: digits in a shown message can be masked as a phone number (SPEC masking). */
export const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

export const sessionBar = (page: Page) => page.getByRole('region', { name: 'Session', exact: true });

/** Signs a staff member in on /agent/sign-in, taking the session over when it is open elsewhere. */
export async function signInStaff(page: Page, who: { username: string; password: string }, opts: { expectConflict?: boolean } = {}) {
  await page.goto('/agent/sign-in');
  const form = page.getByRole('form', { name: 'Agent sign in' });
  await form.getByLabel(/^Email/).fill(who.username);
  await form.getByLabel(/^Password/).fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'already signed in on another device' });
  const landed = await Promise.race([
    conflict.waitFor().then(() => 'conflict' as const),
    expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/agent').then(() => 'in' as const),
  ]);
  if (opts.expectConflict) expect(landed).toBe('conflict');
  if (landed === 'conflict') {
    await page.getByRole('button', { name: 'Take over this session' }).click();
    await expect.poll(() => pathOf(page)).toBe('/agent');
  }
  await sessionBar(page).waitFor();
}

/** axe's serious and critical findings on the page as it is now (issue 16: none on any console screen). */
export async function seriousA11yIssues(page: Page): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
