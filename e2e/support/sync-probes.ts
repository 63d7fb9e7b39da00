import type { Page } from 'playwright-core';
import { bubble } from './chat.js';
import { apiCall, type NewMember } from './member.js';

/** Letters only: digits in a shown message can be masked as a phone number. */
export const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Conversations {
  data: { _id: string; profile: { _id: string; username: string } }[];
}

/** The server's copy of a member's messages (the latest 50 of each conversation). */
export async function serverTexts(member: NewMember): Promise<string[]> {
  const list = await apiCall<Conversations>(member.token, 'GET', '/conversations?limit=100');
  const texts: string[] = [];
  for (const c of list.data) {
    const chunk = await apiCall<{ messages: { message: string }[] }>(member.token, 'GET', `/conversation/${c._id}?limit=50`);
    texts.push(...chunk.messages.map((m) => m.message));
  }
  return texts;
}

/** The member's credits as the server has them. */
export async function serverCredits(member: NewMember): Promise<number> {
  return (await apiCall<{ credits: number }>(member.token, 'GET', `/user/${member.id}`)).credits;
}

/** Every row of the mirror's stores in the local database `dbName` of this browser, as one string (what another account must never read). */
export async function localTexts(page: Page, dbName: string): Promise<string> {
  return page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes(name)) return '';
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const out: unknown[] = [];
    for (const store of ['kv', 'messages', 'outbox', 'conversations']) {
      if (!db.objectStoreNames.contains(store)) continue;
      out.push(
        await new Promise((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
        }),
      );
    }
    db.close();
    return JSON.stringify(out);
  }, dbName);
}

/** Types and sends `text` in the open chat with `username`; resolves once its bubble shows. */
export async function send(page: Page, username: string, text: string) {
  await page.getByLabel(`Message to ${username}`).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await bubble(page, text).waitFor();
}
