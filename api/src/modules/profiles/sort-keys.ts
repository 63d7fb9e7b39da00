import { sql, type SQL } from 'drizzle-orm';
import type { SortOption } from '@sync/contract/entities';
import { isUuid } from '@sync/rules/ids';
import { profiles } from '../../db/schema/index.js';
import { invalidParam } from '../../lib/validate.js';

/**
 * The member's list in each docs/product.md#data order, read along its index (profiles_list_*_idx): the sort key, then
 * the id in the same direction, so PostgreSQL walks the index forwards or backwards and stops after a page
 * instead of sorting the whole filtered set. A cursor is the last row's key and id; the next page starts
 * strictly after it, whatever was added or removed meanwhile.
 */
interface SortKey {
  /** The key as SQL, and as the type its text form is read back with. */
  key: SQL;
  cast: SQL;
  descending: boolean;
  /** Whether a cursor's key text is one PostgreSQL will read as that type (a bad one must be a 400, not a 500). */
  readable: (text: string) => boolean;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const isTimestampText = (text: string) =>
  TIMESTAMP_TEXT.test(text) && !Number.isNaN(Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')));
const isDateText = (text: string) => DATE_TEXT.test(text) && !Number.isNaN(Date.parse(text)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const anyText = () => true;

const SORT_KEYS: Record<SortOption, SortKey> = {
  // 'recent' is "Recently active" (SORT_LABELS): the last activity, newest first.
  recent: { key: sql`${profiles.activityDate}`, cast: sql`timestamptz`, descending: true, readable: isTimestampText },
  // Younger first is the later birth date first.
  'age-asc': { key: sql`${profiles.birthDate}`, cast: sql`date`, descending: true, readable: isDateText },
  'age-desc': { key: sql`${profiles.birthDate}`, cast: sql`date`, descending: false, readable: isDateText },
  'username-asc': { key: sql`lower(${profiles.username})`, cast: sql`text`, descending: false, readable: anyText },
  'username-desc': { key: sql`lower(${profiles.username})`, cast: sql`text`, descending: true, readable: anyText },
};

/** Where a page of a list ends: the last row's key as PostgreSQL prints it (no precision lost) and its id. */
export interface ListCursor {
  sortBy: SortOption;
  key: string;
  id: string;
}

const CURSOR_MAX_LENGTH = 400;

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.key, cursor.id])).toString('base64url');
}

/** A cursor the API gave for this sort; anything else is a 400 naming `cursor`. */
export function decodeCursor(text: string, sortBy: SortOption): ListCursor {
  const bad = () => invalidParam('cursor', 'is not a cursor this list gave; start again without it');
  if (text.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw bad();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || parts.length !== 3) throw bad();
  const [sort, key, id] = parts as unknown[];
  if (typeof key !== 'string' || typeof id !== 'string' || !isUuid(id) || key.length > 200 || key.includes('\u0000')) throw bad();
  if (sort !== sortBy) throw invalidParam('cursor', 'belongs to another sort order; start again without it');
  if (!SORT_KEYS[sortBy].readable(key)) throw bad();
  return { sortBy, key, id };
}

/** ORDER BY for a sort. */
export function sortOrder(sortBy: SortOption): SQL[] {
  const { key, descending } = SORT_KEYS[sortBy];
  return descending ? [sql`${key} desc`, sql`${profiles.id} desc`] : [sql`${key} asc`, sql`${profiles.id} asc`];
}

/** The rows after a cursor, as one row comparison that the sort's index answers. */
export function afterCursor(cursor: ListCursor): SQL {
  const { key, cast, descending } = SORT_KEYS[cursor.sortBy];
  const op = descending ? sql`<` : sql`>`;
  return sql`(${key}, ${profiles.id}) ${op} (${cursor.key}::${cast}, ${cursor.id}::uuid)`;
}

/** The sort key's text form, selected with a page so its last row can become the next cursor. */
export function sortKeyText(sortBy: SortOption): SQL.Aliased<string> {
  return sql<string>`(${SORT_KEYS[sortBy].key})::text`.as('sort_key');
}
