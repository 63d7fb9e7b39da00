import { getEmojiDb, type EmojiDatabase } from '@web/local/db';
import type { EmojiEntry } from './emoji-model';

/** docs/product.md#constants */
export const RECENT_LIMIT = 24;
/** docs/api.md#endpoints: the record with id 0 holds the recent list. */
export const RECENT_RECORD_ID = 0;

/** What the recent record keeps of an entry (docs/product.md#data: code and names). */
export interface RecentEmoji {
  code: string;
  names: string[];
}

/** docs/product.md#emoji-picker: the chosen emoji goes to the front, once; the list keeps the newest RECENT_LIMIT. */
export function pushRecent(list: readonly RecentEmoji[], chosen: RecentEmoji, limit = RECENT_LIMIT): RecentEmoji[] {
  const entry = { code: chosen.code, names: [...chosen.names] };
  return [entry, ...list.filter((item) => item.code !== chosen.code)].slice(0, limit);
}

function isRecent(value: unknown): value is RecentEmoji {
  if (typeof value !== 'object' || value === null) return false;
  const { code, names } = value as Record<string, unknown>;
  return typeof code === 'string' && Array.isArray(names) && names.every((name) => typeof name === 'string');
}

/** docs/api.md#endpoints: reads all records and takes id 0; a missing or unreadable record is an empty list. */
export async function loadRecent(db: EmojiDatabase = getEmojiDb()): Promise<RecentEmoji[]> {
  const records = await db.emojis.toArray();
  const record = records.find((row) => row.id === RECENT_RECORD_ID);
  if (typeof record?.recent !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(record.recent);
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

export async function saveRecent(list: readonly RecentEmoji[], db: EmojiDatabase = getEmojiDb()): Promise<void> {
  await db.emojis.put({ id: RECENT_RECORD_ID, recent: JSON.stringify(list.slice(0, RECENT_LIMIT)) });
}

/** Records the choice and answers the new list. */
export async function rememberEmoji(chosen: EmojiEntry, db: EmojiDatabase = getEmojiDb()): Promise<RecentEmoji[]> {
  const next = pushRecent(await loadRecent(db), chosen);
  await saveRecent(next, db);
  return next;
}

export function recentToEntries(list: readonly RecentEmoji[]): EmojiEntry[] {
  return list.map((item) => ({ code: item.code, names: [...item.names] }));
}
