import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, hasChromium, launch, newContext } from './support/browser.js';
import { pathOf, shotBoth, signInMember } from './support/member.js';

interface ListedProfile {
  _id: string;
  username: string;
  age: number;
  bodyType: string | null;
  hairColor: string | null;
}
interface ProfilesAnswer {
  data: ListedProfile[];
  total: number;
  page: number;
  limit: number;
}

const BODY_TYPES = ['average', 'fit'];
const HAIR_COLOURS = ['black', 'brown'];

/** The next GET /api/profiles answer whose query passes `match`. */
function profilesAnswer(page: Page, match: (query: URLSearchParams) => boolean): Promise<Response> {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/profiles' && res.request().method() === 'GET' && match(url.searchParams);
  });
}

const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d,]+ profiles?$/ });
const countOf = async (page: Page) => Number((await countHeading(page).innerText()).replace(/[^\d]/g, ''));
const cards = (page: Page) => page.getByRole('list').filter({ has: page.getByRole('article') }).getByRole('article');
const cardIds = (page: Page) =>
  cards(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname.split('/').pop() ?? ''));
const likesLeft = async (page: Page) => Number((await page.getByText(/\d+ likes? left/).innerText()).match(/(\d+)/)?.[1]);

describe.skipIf(!hasChromium)('a member discovering profiles', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('filters by body type and hair colour, sorts by age, loads more, opens a profile and comes back to the same place', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await signInMember(page);
    await countHeading(page).waitFor();
    const unfiltered = await countOf(page);

    // 12 a page so "Load more" has something to add even after two filters.
    const perPage = profilesAnswer(page, (q) => q.get('limit') === '12');
    await page.getByLabel('Per page').selectOption('12');
    await perPage;
    await expect.poll(() => cards(page).count()).toBe(12);

    const filters = page.getByRole('complementary').getByRole('form', { name: 'Filters' });
    for (const value of BODY_TYPES) await filters.getByRole('group', { name: 'Body type' }).getByRole('checkbox', { name: value, exact: false }).check();
    for (const value of HAIR_COLOURS) await filters.getByRole('group', { name: 'Hair colour' }).getByRole('checkbox', { name: value, exact: false }).check();
    const filtered = profilesAnswer(page, (q) => q.has('bodyType') && q.has('hairColor'));
    await filters.getByRole('button', { name: 'Show results' }).click();
    const filteredAnswer = (await (await filtered).json()) as ProfilesAnswer;
    expect(new URL((await filtered).url()).searchParams.get('bodyType')?.split(',').sort()).toEqual(BODY_TYPES);
    expect(filteredAnswer.total).toBeLessThan(unfiltered);
    expect(filteredAnswer.total).toBeGreaterThan(12);
    await expect.poll(() => countOf(page)).toBe(filteredAnswer.total);

    const sorted = profilesAnswer(page, (q) => q.get('sortBy') === 'age-asc' && q.has('bodyType'));
    await page.getByLabel('Sort by').selectOption('age-asc');
    const first = (await (await sorted).json()) as ProfilesAnswer;
    await expect.poll(() => cardIds(page)).toEqual(first.data.map((p) => p._id));

    const more = profilesAnswer(page, (q) => q.get('page') === '2' && q.get('sortBy') === 'age-asc');
    await page.getByRole('button', { name: 'Load more' }).click();
    const second = (await (await more).json()) as ProfilesAnswer;
    const shown = [...first.data, ...second.data];
    await expect.poll(() => cards(page).count()).toBe(shown.length);
    expect(shown.length).toBeGreaterThan(12);
    // Every card shown is one the filtered, sorted answers named, in their order, and each matches both filters.
    expect(await cardIds(page)).toEqual(shown.map((p) => p._id));
    for (const p of shown) {
      expect(BODY_TYPES, p.username).toContain(p.bodyType);
      expect(HAIR_COLOURS, p.username).toContain(p.hairColor);
    }
    const ages = shown.map((p) => p.age);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    await shotBoth(page, 'profiles-filtered-sorted');

    // Open a card from the second page, far enough down that the page has scrolled.
    const target = shown[shown.length - 2]!;
    const card = cards(page).nth(shown.length - 2);
    await card.scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(200);
    await card.getByRole('link').click();
    await expect.poll(() => pathOf(page)).toBe(`/profile/${target._id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${target.username}, ${target.age}`) }).waitFor();
    await shotBoth(page, 'profile-view');

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/profiles');
    await expect.poll(() => cards(page).count()).toBe(shown.length);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(5);
    expect(await cardIds(page)).toEqual(shown.map((p) => p._id));
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('age-asc');
    for (const value of BODY_TYPES) {
      await expect(filters.getByRole('group', { name: 'Body type' }).getByRole('checkbox', { name: value, exact: false }).isChecked()).resolves.toBe(true);
    }
    await expect.poll(() => countOf(page)).toBe(filteredAnswer.total);
    await ctx.close();
  });

  it('swipes like until the likes run out, meets the no-subscription popup, and undoes a swipe', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await signInMember(page);
    await page.goto('/matches');
    const deck = page.getByRole('region', { name: 'Discover' });
    const like = deck.getByRole('group', { name: 'Swipe' }).getByRole('button', { name: 'Like', exact: true });
    await deck.getByRole('heading', { name: 'Discover' }).waitFor();
    await expect.poll(() => likesLeft(page)).toBeGreaterThan(0);
    await deck.getByRole('article').first().waitFor();
    await shotBoth(page, 'matches-deck');

    let left = await likesLeft(page);
    const moment = page.getByRole('dialog', { name: "It's a match!" });
    let momentShot = false;
    while (left > 0) {
      await like.click();
      await expect.poll(() => likesLeft(page)).toBe(left - 1);
      left -= 1;
      // A like back opens the full-screen match moment; otherwise the next card is drawn before the next like.
      await expect.poll(async () => (await moment.isVisible()) || (await like.isEnabled({ timeout: 200 }).catch(() => false))).toBe(true);
      if (await moment.isVisible()) {
        expect(await moment.getByRole('img').count()).toBe(2);
        if (!momentShot) await shotBoth(page, 'matches-match-moment');
        momentShot = true;
        await moment.getByRole('button', { name: 'Keep swiping' }).click();
        await moment.waitFor({ state: 'detached' });
        await expect.poll(() => like.isEnabled()).toBe(true);
      }
    }
    await like.click();
    const popup = page.getByRole('dialog', { name: 'Become a VIP member' });
    await popup.waitFor();
    await popup.getByText(/You have no likes left for now/).waitFor();
    await shotBoth(page, 'matches-no-likes-popup');
    await popup.getByRole('button', { name: 'Not now' }).click();
    await popup.waitFor({ state: 'detached' });

    await deck.getByRole('button', { name: 'Undo last swipe' }).click();
    await expect.poll(() => likesLeft(page)).toBe(1);
    await shotBoth(page, 'matches-after-undo');
    await ctx.close();
  });

  it('refuses a favourite to a non-premium member with the no-subscription popup', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await signInMember(page);
    await cards(page).first().waitFor();
    const [id] = await cardIds(page);
    await page.goto(`/profile/${id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const username = (await heading.innerText()).split(',')[0]!.trim();
    const writes: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && new URL(req.url()).pathname.startsWith('/api/user/')) writes.push(req.url());
    });
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    const popup = page.getByRole('dialog', { name: 'Become a VIP member' });
    await popup.getByText(`Adding ${username} to your favorites is a VIP feature.`).waitFor();
    await shotBoth(page, 'profile-favourite-refused');
    await popup.getByRole('button', { name: 'Not now' }).click();
    await popup.waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Add to favorites' }).getAttribute('aria-pressed')).resolves.toBe('false');
    expect(writes).toEqual([]);
    await ctx.close();
  });
});
