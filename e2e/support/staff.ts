import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN, apiCall, apiToken, pathOf } from './member.js';

export const AGENT = { username: 'agent@example.com', password: 'agent-pass-123' };

/** Letters only: digits in a shown message can be masked as a phone number (docs/api.md#messaging masking). */
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

/** The API as this tab's signed-in staff member: its own token (signing in again elsewhere would take the session over). */
export function asTab<T>(page: Page, method: string, path: string): Promise<T> {
  return page.evaluate(
    async ({ method, path }) => {
      const token = (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token;
      const res = await fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
      return (await res.json()) as T;
    },
    { method, path },
  );
}

/**
 * An agent of the journey's own with the demo agent's scope, so other journeys' claims and sessions do not mix in.
 * With `country`, the demo agent's brands in that country only: a journey whose members live there has a stock no
 * other journey's conversations wait in.
 */
export async function createAgentLikeDemo(me: { username: string; password: string }, name: { firstName: string; lastName: string }, maxClaims: number, opts: { country?: string } = {}) {
  const admin = await apiToken(ADMIN, 'agent');
  const agents = await apiCall<{ data: { email: string; scope: string[] }[] }>(admin, 'GET', '/agents?limit=100');
  const demoScope = agents.data.find((a) => a.email === AGENT.username)!.scope;
  // A scope entry is COUNTRY-domain (staff_covers.sql).
  const scope = opts.country ? demoScope.filter((entry) => entry.startsWith(`${opts.country}-`)) : demoScope;
  if (scope.length === 0) throw new Error(`the demo agent covers no brand in ${opts.country}`);
  await apiCall(admin, 'POST', '/agent', { email: me.username, password: me.password, ...name, scope, maxClaims });
}
