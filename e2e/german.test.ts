import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstLink, hasChromium, launch, MOBILE, shot, waitForMail } from './support/browser.js';
import { apiCall, pathOf } from './support/member.js';

/** The German demo brand (api/src/db/seed/demo-brands.ts): browsers send every *.localhost name to this machine. */
const DE_HOST = 'de.localhost';

function deBase(): string {
  const url = new URL(inject('baseUrl'));
  url.hostname = DE_HOST;
  return url.origin;
}

/** A member of the German brand: registered and verified through the API, as the brand's site would do it. */
async function createGermanMember() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const user = { username: `de_${stamp}`, email: `de${stamp}@example.com`, password: 'a-long-password-1' };
  const headers = { 'content-type': 'application/json', 'x-forwarded-host': DE_HOST };
  const after = Date.now();
  const res = await fetch(`${inject('baseUrl')}/api/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...user, gender: 'man', lookingFor: 'woman', birthDate: '1990-04-12', terms: true }),
  });
  if (res.status !== 201) throw new Error(`register ${user.username}: ${res.status} ${await res.text()}`);
  await fetch(firstLink(await waitForMail(user.email, { after }), '/api/verify-email'), { redirect: 'manual', headers: { 'x-forwarded-host': DE_HOST } });
  const auth = await fetch(`${inject('baseUrl')}/api/authenticate`, { method: 'POST', headers, body: JSON.stringify({ username: user.username, password: user.password }) });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string })._id;
  return { ...user, id, token };
}

describe.skipIf(!hasChromium)('the app in German on the DE brand (issue K item 7)', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  beforeAll(async () => {
    browser = await launch();
    ctx = await browser.newContext({ baseURL: deBase(), viewport: MOBILE, serviceWorkers: 'block' });
    ctx.setDefaultTimeout(15_000);
  });
  afterAll(() => browser?.close());

  it('the API answers in the language of the brand country, or the one the app asks for', async () => {
    const wrong = JSON.stringify({ username: 'nobody_here', password: 'wrong-password-1' });
    const ask = (headers: Record<string, string>) =>
      fetch(`${inject('baseUrl')}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: wrong }).then(
        async (res) => ((await res.json()) as { error: { message: string } }).error.message,
      );
    await expect(ask({ 'x-forwarded-host': DE_HOST })).resolves.toBe('Ungültige Anmeldedaten. Bitte prüfe Benutzername und Passwort');
    await expect(ask({ 'x-forwarded-host': DE_HOST, 'accept-language': 'en' })).resolves.toBe('Invalid credentials. Please verify username and password');
    await expect(ask({})).resolves.toBe('Invalid credentials. Please verify username and password');
  });

  it('a member reads the landing page, signs in, reads messages and switches the language in the settings', { timeout: 120_000 }, async () => {
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Dein nächstes tolles Gespräch beginnt hier' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('de');
    await page.getByRole('link', { name: 'Kostenlos mitmachen' }).waitFor();
    await shot(page, 'german-landing');

    const member = await createGermanMember();
    await page.goto('/sign-in');
    await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('Benutzername oder E-Mail').fill(member.username);
    await form.getByLabel(/^Passwort/).fill('not-the-password-1');
    await form.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Ungültige Anmeldedaten. Bitte prüfe Benutzername und Passwort').first().waitFor();
    await shot(page, 'german-sign-in');
    await form.getByLabel(/^Passwort/).fill(member.password);
    await form.getByRole('button', { name: 'Anmelden' }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profiles');

    await page.goto('/messages/inbox');
    await page.getByRole('link', { name: /^Posteingang/ }).waitFor();
    await page.getByText('Noch keine neuen Unterhaltungen. Stöbere in Profilen, um eine Unterhaltung zu beginnen.').waitFor();
    await shot(page, 'german-messages');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).waitFor();
    // The member's choice: English at once, kept on the account for the mails.
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await expect
      .poll(async () => ((await apiCall<{ profile: { settings: { language?: string } } }>(member.token, 'GET', `/user/${member.id}`)).profile.settings.language))
      .toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await page.getByRole('radio', { name: 'Deutsch' }).check();
    await page.getByRole('button', { name: 'Einstellungen speichern' }).waitFor();
    await page.getByRole('heading', { name: 'Sprache' }).waitFor();
    await shot(page, 'german-settings');

    // Another device follows the account's language once the member has signed in there.
    await apiCall(member.token, 'PATCH', `/user/${member.id}`, { language: 'en' });
    const other = await browser.newContext({ baseURL: deBase(), viewport: MOBILE, serviceWorkers: 'block' });
    const second = await other.newPage();
    await second.goto('/sign-in');
    const secondForm = second.getByRole('form', { name: 'Anmelden' });
    await secondForm.getByLabel('Benutzername oder E-Mail').fill(member.username);
    await secondForm.getByLabel(/^Passwort/).fill(member.password);
    await secondForm.getByRole('button', { name: 'Anmelden' }).click();
    await expect.poll(() => pathOf(second), { timeout: 15_000 }).toBe('/profiles');
    await second.goto('/settings');
    await second.getByRole('button', { name: 'Save settings' }).waitFor();
    await other.close();
  });
});
