import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NEW_PROFILE_MS, ONLINE_WINDOW_MS } from '@sync/rules/activity';
import { renderPage } from './list-page.js';
import type { SharedCard, SharedPage } from './shared-pages.js';

const MINUTE = 60_000;
const t0 = new Date('2026-11-29T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

/** A kept card: active 10 minutes before t0, created 14 days less 30 minutes before t0. */
function card(id: string, activeAgo = 10 * MINUTE, createdAgo = NEW_PROFILE_MS - 30 * MINUTE): SharedCard {
  const head = JSON.stringify({ _id: id, username: id, about: 'x'.repeat(600) }).slice(0, -1);
  return { id, head, row: { isFeatured: false, isPremium: false, createDate: at(-createdAgo), activityDate: at(-activeAgo) } };
}

function page(cards: SharedCard[]): SharedPage {
  return { cards, tail: '],"total":2}', bytes: 0 };
}

const none = new Set<string>();
const cards = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { data: { _id: string; badges: string[]; isOnline: boolean; favorite: boolean }[] }).data;

describe('renderPage', () => {
  it('shares one body and its compressed form until the first card turns, then makes them again', () => {
    const kept = page([card('a'), card('b', 50 * MINUTE)]);
    const first = renderPage(kept, none, t0, 'br');
    expect(first.encoding).toBe('br');
    expect(cards(zlib.brotliDecompressSync(first.body)).map((c) => [c.isOnline, c.badges])).toEqual([
      [true, ['NEW']],
      [true, ['NEW']],
    ]);
    // b's online dot turns 10 minutes after t0: until then every member gets the very same bytes.
    const later = renderPage(kept, none, at(10 * MINUTE - 1), 'br');
    expect(later.body).toBe(first.body);
    expect(renderPage(kept, none, at(10 * MINUTE - 1)).body).toBe(renderPage(kept, none, t0).body);

    const turned = renderPage(kept, none, at(10 * MINUTE), 'br');
    expect(turned.body).not.toBe(first.body);
    expect(cards(zlib.brotliDecompressSync(turned.body)).map((c) => c.isOnline)).toEqual([true, false]);
    // Then the NEW badges, 30 minutes after t0; a's dot at 50.
    expect(cards(renderPage(kept, none, at(30 * MINUTE)).body).map((c) => c.badges)).toEqual([[], []]);
    expect(cards(renderPage(kept, none, at(ONLINE_WINDOW_MS - 10 * MINUTE)).body).map((c) => c.isOnline)).toEqual([false, false]);
  });

  it('makes the body again when the app clock goes back, and a member with a favourite on the page gets their own', () => {
    const kept = page([card('a'), card('b', 50 * MINUTE)]);
    const late = renderPage(kept, none, at(20 * MINUTE));
    expect(cards(late.body).map((c) => c.isOnline)).toEqual([true, false]);
    const back = renderPage(kept, none, t0);
    expect(cards(back.body).map((c) => c.isOnline)).toEqual([true, true]);

    const own = renderPage(kept, new Set(['b']), t0, 'br');
    expect(own.encoding).toBeUndefined();
    expect(cards(own.body).map((c) => c.favorite)).toEqual([false, true]);
    expect(renderPage(kept, none, t0).body).toBe(back.body);
  });

  it('keeps a page none of whose cards will turn for as long as it is kept', () => {
    const kept = page([card('a', ONLINE_WINDOW_MS, NEW_PROFILE_MS), card('b', 2 * ONLINE_WINDOW_MS, 2 * NEW_PROFILE_MS)]);
    const first = renderPage(kept, none, t0);
    expect(renderPage(kept, none, at(30 * 24 * 60 * MINUTE)).body).toBe(first.body);
    expect(cards(first.body).map((c) => [c.isOnline, c.badges])).toEqual([
      [false, []],
      [false, []],
    ]);
  });
});
