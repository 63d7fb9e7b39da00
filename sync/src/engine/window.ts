/**
 * What a device keeps of a member's history (docs/decisions/0019-incremental-sync.md), and the digest the
 * server and the device compare to find a mirror that drifted from the server.
 *
 * A device holds every conversation and, of each, at least the latest HISTORY_WINDOW messages; older ones
 * load on scroll-back and then stay. So both sides can always compute the digest of a conversation's latest
 * HISTORY_WINDOW confirmed messages, and a difference means the device misses or holds too much.
 */

/** Messages of each conversation a first sync brings, and the part of the history the digest covers. */
export const HISTORY_WINDOW = 50;

export interface WindowChecksum {
  conversationId: string;
  /** How many messages the digest covers: min(total, HISTORY_WINDOW). */
  count: number;
  /** FNV-1a (32 bits, hex) over the covered messages' ids joined by ',', oldest first. */
  digest: string;
}

/** Messages as both sides order them: by date, then id (two messages of one millisecond keep one order). */
export function compareByDateThenId(a: { date: string; _id: string }, b: { date: string; _id: string }): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The checksum of a conversation's latest messages. `messages` may be any of its confirmed messages in any
 * order (the device may hold more than the window); only the latest HISTORY_WINDOW count.
 */
export function windowChecksum(conversationId: string, messages: readonly { date: string; _id: string }[]): WindowChecksum {
  const latest = [...messages].sort(compareByDateThenId).slice(-HISTORY_WINDOW);
  return { conversationId, count: latest.length, digest: fnv1a(latest.map((m) => m._id).join(',')) };
}
