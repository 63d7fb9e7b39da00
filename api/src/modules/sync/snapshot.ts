import { and, asc, eq } from 'drizzle-orm';
import { messageKey } from '@sync/engine/keys';
import { isUuid } from '@sync/rules/ids';
import type { PatchOp, PullResponse } from '@sync/engine/mutations';
import { conversations } from '../../db/schema/index.js';
import { toMessageRecord, type MessageRow } from '../messaging/serialize.js';
import { checksumsOf, memberWindowsAfter, windowsOf, type ConversationWindow } from './history-window.js';
import { conversationPuts, type PageContext } from './page.js';

/**
 * A first sync (docs/decisions/0026-batched-push-and-windowed-pull.md): the member's state as of one version V,
 * windowed. Page 1 (after `clear`): every conversation and the latest message of each, so the inbox is whole at
 * once. Then, conversation by conversation in id order, the rest of each one's latest HISTORY_WINDOW messages,
 * at most `limit` per page. Every page after the first sends only rows whose version is at most V: a row written
 * or changed since has a newer version, and the incremental pull from V (the last page's cursor) brings it.
 * Older messages load on scroll-back.
 */
export interface Snapshot {
  /** The member's sync version the first page was read at. */
  version: number;
  /** The last conversation whose window was sent; null before the first. */
  after: string | null;
}

const TOKEN = /^(\d{1,15}):(.*)$/;

const tokenOf = (s: Snapshot) => `${s.version}:${s.after ?? ''}`;

/**
 * The continuation a client sent back; undefined (start again) for none, a malformed one, or one from a version
 * the server does not have (a restore).
 */
export function parseSnapshot(token: string | undefined, current: number): Snapshot | undefined {
  const match = token === undefined ? null : TOKEN.exec(token);
  // A forged `after` that is no id would reach the database's uuid cast.
  if (!match || Number(match[1]) > current || (match[2] !== '' && !isUuid(match[2]))) return undefined;
  return { version: Number(match[1]), after: match[2] || null };
}

const messagePut = (m: MessageRow): PatchOp => ({ op: 'put', key: messageKey(m.conversationId, m.id), value: toMessageRecord(m, 'member') });

export async function firstSnapshotPage(page: PageContext): Promise<PullResponse> {
  const { tx, userId, version, lastMutationId } = page;
  // Blocked conversations are not the device's (safety/blocks.ts).
  const rows = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.blocked, false)))
    .orderBy(asc(conversations.id));
  const latest = await windowsOf(
    tx,
    rows.map((c) => c.id),
    1,
  );
  const patch: PatchOp[] = [{ op: 'clear' }, ...(await conversationPuts(tx, rows)), ...latest.map((w) => messagePut(w.messages[0]!))];
  if (rows.length === 0) return { cursor: version, lastMutationId, patch, more: false, checksums: [] };
  return { cursor: 0, lastMutationId, patch, more: true, snapshot: tokenOf({ version, after: null }) };
}

/**
 * A window's messages not sent yet: those of version ≤ V, less the latest when it is of version ≤ V too (page 1
 * sent it). When the latest changed since V, page 1's may be sent again, unchanged: a put of the same value.
 */
function unsent(w: ConversationWindow, snapshotVersion: number): MessageRow[] {
  const latest = w.messages.at(-1);
  return w.messages.filter((m) => m.version <= snapshotVersion && !(m === latest && m.version <= snapshotVersion));
}

export async function snapshotPage(page: PageContext, snapshot: Snapshot): Promise<PullResponse> {
  const { tx, userId, version, lastMutationId, limit } = page;
  const { windows, complete } = await memberWindowsAfter(tx, userId, snapshot.after, limit);
  const patch: PatchOp[] = [];
  const touched: string[] = [];
  let after = snapshot.after;
  let done = complete;
  for (const w of windows) {
    const rows = unsent(w, snapshot.version);
    if (touched.length > 0 && patch.length + rows.length > limit) {
      done = false;
      break;
    }
    patch.push(...rows.map(messagePut));
    touched.push(w.conversationId);
    after = w.conversationId;
  }
  if (!done) return { cursor: 0, lastMutationId, patch, more: true, snapshot: tokenOf({ version: snapshot.version, after }) };
  // Changes made during the snapshot follow from its version, as an incremental pull.
  if (snapshot.version < version) return { cursor: snapshot.version, lastMutationId, patch, more: true };
  return { cursor: version, lastMutationId, patch, more: false, checksums: await checksumsOf(tx, touched) };
}
