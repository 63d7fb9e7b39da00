import type { ConversationRow } from '@web/local/db';

/** What the toast needs of a conversation whose newest message just came in from its profile. */
export interface Arrival {
  conversationId: string;
  username: string;
  avatar: string | null;
  message: string;
  messageType: string;
}

/** A message older than this when it reaches the mirror is history catching up (a pull after a while offline), not news. */
export const FRESH_MS = 60_000;

/** The last message date seen per conversation; the first look only records. */
export interface ArrivalMemory {
  primed: boolean;
  seen: Map<string, string>;
}

export const newArrivalMemory = (): ArrivalMemory => ({ primed: false, seen: new Map() });

/**
 * The conversations whose last message changed since the memory's look and is the profile's, fresh, and not in
 * the chat on screen. The memory is updated in place; the first call only records, so opening the app does not
 * announce the whole inbox.
 */
export function newArrivals(memory: ArrivalMemory, rows: readonly ConversationRow[], openConversationId: string | null, now = Date.now()): Arrival[] {
  const first = !memory.primed;
  memory.primed = true;
  const { seen } = memory;
  const arrivals: Arrival[] = [];
  for (const row of rows) {
    const last = row.lastMessage;
    if (!last) continue;
    const before = seen.get(row._id);
    seen.set(row._id, last.date);
    if (first || before === last.date || (before !== undefined && before > last.date)) continue;
    if (last.senderType === 'user' || row._id === openConversationId || row.archived) continue;
    if (now - Date.parse(last.date) > FRESH_MS) continue;
    arrivals.push({ conversationId: row._id, username: row.profile.username, avatar: row.profile.avatar, message: last.message, messageType: last.messageType });
  }
  return arrivals;
}
