import { beforeEach, describe, expect, it } from 'vitest';
import { EMJ_DB_NAME, EmojiDatabase, getEmojiDb } from '@web/local/db';
import { RECENT_LIMIT, loadRecent, pushRecent, rememberEmoji, saveRecent, type RecentEmoji } from './recent-emoji';

const item = (n: number): RecentEmoji => ({ code: `1f${(600 + n).toString(16)}`, names: [`emoji ${n}`] });

beforeEach(async () => {
  await getEmojiDb().emojis.clear();
});

describe('pushRecent', () => {
  it('adds a new emoji to the front', () => {
    expect(pushRecent([item(1), item(2)], item(3)).map((r) => r.code)).toEqual([item(3).code, item(1).code, item(2).code]);
  });

  it('moves a chosen emoji already in the list to the front, once', () => {
    expect(pushRecent([item(1), item(2), item(3)], item(3)).map((r) => r.code)).toEqual([
      item(3).code,
      item(1).code,
      item(2).code,
    ]);
  });

  it('keeps at most 24, dropping the oldest', () => {
    let list: RecentEmoji[] = [];
    for (let n = 0; n < 30; n += 1) list = pushRecent(list, item(n));
    expect(RECENT_LIMIT).toBe(24);
    expect(list).toHaveLength(24);
    expect(list[0]?.code).toBe(item(29).code);
    expect(list.at(-1)?.code).toBe(item(6).code);
  });
});

describe('recent record in EMJ', () => {
  it('is the record with id 0 in store emojis of database EMJ version 3, and reloads', async () => {
    await rememberEmoji({ code: '1f600', names: ['grinning face'], keywords: ['smile'] });
    await rememberEmoji({ code: '1f44b', names: ['waving hand'] });
    await rememberEmoji({ code: '1f600', names: ['grinning face'] });

    const raw = await getEmojiDb().emojis.get(0);
    expect(JSON.parse(raw?.recent ?? '')).toEqual([
      { code: '1f600', names: ['grinning face'] },
      { code: '1f44b', names: ['waving hand'] },
    ]);

    // A fresh connection (a reload) reads the same list.
    const fresh = new EmojiDatabase();
    expect(await loadRecent(fresh)).toEqual([
      { code: '1f600', names: ['grinning face'] },
      { code: '1f44b', names: ['waving hand'] },
    ]);
    fresh.close();

    const version = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open(EMJ_DB_NAME);
      request.onsuccess = () => {
        const db = request.result;
        expect([...db.objectStoreNames]).toEqual(['emojis']);
        const store = db.transaction('emojis').objectStore('emojis');
        expect(store.autoIncrement).toBe(true);
        expect(store.keyPath).toBe('id');
        db.close();
        resolve(db.version);
      };
      request.onerror = () => reject(request.error as Error);
    });
    expect(version).toBe(3);
  });

  it('caps what it stores at 24 and reads a broken record as empty', async () => {
    await saveRecent(Array.from({ length: 30 }, (_, n) => item(n)));
    expect(await loadRecent()).toHaveLength(24);
    await getEmojiDb().emojis.put({ id: 0, recent: '{not json' });
    expect(await loadRecent()).toEqual([]);
  });
});
