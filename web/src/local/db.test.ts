import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { setCurrentAccount } from '@web/lib/current-account';
import { EMJ_DB_NAME, EmojiDatabase, accountDbName, deleteAccountDb, getLocalDb, openAccountDb } from './db';

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

  it('declares the mirror tables, one database per account, and logout deletes only that account', async () => {
    const a = openAccountDb('user-a');
    await a.open();
    expect(a.tables.map((table) => table.name).sort()).toEqual(['conversations', 'drafts', 'kv', 'messages', 'meta', 'outbox', 'profiles']);
    await a.drafts.put({ profileId: 'p1', message: 'from A' });

    // B on the same browser sees nothing of A's.
    setCurrentAccount('user-b');
    const b = getLocalDb();
    expect(b.name).toBe(accountDbName('user-b'));
    expect(await b.drafts.count()).toBe(0);
    await b.drafts.put({ profileId: 'p1', message: 'from B' });

    // B logs out: B's database goes, A's stays for when A signs in again.
    await deleteAccountDb('user-b');
    const names = await Dexie.getDatabaseNames();
    expect(names).not.toContain(accountDbName('user-b'));
    expect(await openAccountDb('user-a').drafts.get('p1')).toMatchObject({ message: 'from A' });
    await deleteAccountDb('user-a');
    expect(await openAccountDb('user-a').drafts.count()).toBe(0);
    setCurrentAccount(null);
  });
});
