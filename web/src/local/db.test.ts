import { describe, expect, it } from 'vitest';
import { EMJ_DB_NAME, EmojiDatabase, getLocalDb, deleteLocalDatabases } from './db';

function nativeVersion(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      const version = request.result.version;
      request.result.close();
      resolve(version);
    };
    request.onerror = () => reject(request.error);
  });
}

describe('local databases', () => {
  it("declares the EMJ database as version 3 with an auto-increment 'emojis' store", async () => {
    const db = new EmojiDatabase();
    await db.open();
    expect(db.tables.map((table) => table.name)).toEqual(['emojis']);
    expect(db.emojis.schema.primKey.auto).toBe(true);
    const id = await db.emojis.add({ recent: '[]' });
    expect(typeof id).toBe('number');
    await db.emojis.put({ id: 0, recent: '[{"code":"1f600"}]' });
    expect(await db.emojis.get(0)).toMatchObject({ recent: '[{"code":"1f600"}]' });
    db.close();
    expect(await nativeVersion(EMJ_DB_NAME)).toBe(3);
  });

  it('declares the mirror tables, and logout deletes them', async () => {
    const db = getLocalDb();
    await db.open();
    expect(db.tables.map((table) => table.name).sort()).toEqual(['conversations', 'drafts', 'kv', 'messages', 'meta', 'outbox', 'profiles']);
    await db.drafts.put({ profileId: 'p1', message: 'hi' });
    await deleteLocalDatabases();
    expect(await getLocalDb().drafts.count()).toBe(0);
  });
});
