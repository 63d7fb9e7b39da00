import { sql } from 'drizzle-orm';
import { compareByDateThenId, HISTORY_WINDOW, windowChecksum, type WindowChecksum } from '@sync/engine/window';
import type { Executor } from '../../db/client.js';
import { fromJsonColumns, fromJsonRow, rowsOf } from '../../db/rows.js';
import { messages } from '../../db/schema/index.js';
import type { MessageRow } from '../messaging/serialize.js';

/**
 * Rows read past the window: devices order by the record's date (milliseconds) then id, the index by the stored
 * time (microseconds) then id, so messages of one millisecond may swap places at the window's edge.
 */
const EDGE_MARGIN = 5;

/** A conversation's latest messages, oldest first, in the devices' order (sync/src/engine/window.ts). */
export interface ConversationWindow {
  conversationId: string;
  messages: MessageRow[];
}

const recordOrder = (a: MessageRow, b: MessageRow) =>
  compareByDateThenId({ date: a.dateSent.toISOString(), _id: a.id }, { date: b.dateSent.toISOString(), _id: b.id });

/** Rows of `select conversation_id, row_to_json(m) as m ...` grouped in their order, each group cut to `size`. */
function grouped(rows: { cid: string; m: Record<string, unknown> }[], size: number): ConversationWindow[] {
  const out: ConversationWindow[] = [];
  for (const row of rows) {
    if (out.at(-1)?.conversationId !== row.cid) out.push({ conversationId: row.cid, messages: [] });
    out.at(-1)!.messages.push(fromJsonRow(messages, row.m));
  }
  for (const w of out) w.messages = w.messages.sort(recordOrder).slice(-size);
  return out;
}

/** The latest messages of conversation c, `columns` of each (the ordering ones alone read only the index). */
const latestOf = (size: number, columns = sql`*`) =>
  sql`cross join lateral (select ${columns} from messages m where m.conversation_id = c.id order by m.date_sent desc, m.id desc limit ${size + EDGE_MARGIN}) m`;

/** The latest `size` messages of each of these conversations (those without messages are left out). */
export async function windowsOf(exec: Executor, conversationIds: readonly string[], size = HISTORY_WINDOW): Promise<ConversationWindow[]> {
  if (conversationIds.length === 0) return [];
  const rows = rowsOf<{ cid: string; m: Record<string, unknown> }>(
    await exec.execute(sql`select c.id as cid, row_to_json(m) as m from unnest(${sql.param([...conversationIds])}::uuid[]) as c(id) ${latestOf(size)} order by c.id`),
  );
  return grouped(rows, size);
}

/**
 * The member's conversations after `after` in id order, with their latest HISTORY_WINDOW messages, reading at
 * most about `rows` messages; `complete` is false when conversations after the last one returned remain.
 */
export async function memberWindowsAfter(exec: Executor, userId: string, after: string | null, rows: number): Promise<{ windows: ConversationWindow[]; complete: boolean }> {
  const take = rows + HISTORY_WINDOW + EDGE_MARGIN;
  const read = rowsOf<{ cid: string; m: Record<string, unknown> }>(
    await exec.execute(sql`select c.id as cid, row_to_json(m) as m from conversations c ${latestOf(HISTORY_WINDOW)}
      where c.user_id = ${userId}::uuid and not c.blocked ${after ? sql`and c.id > ${after}::uuid` : sql``} order by c.id limit ${take}`),
  );
  const windows = grouped(read, HISTORY_WINDOW);
  // The last conversation may have been cut by the limit: it is read again on the next page.
  if (read.length < take) return { windows, complete: true };
  return { windows: windows.slice(0, -1), complete: false };
}

/** The checksum of each conversation as members see it, for a page that ends a pull. */
export async function checksumsOf(exec: Executor, conversationIds: readonly string[]): Promise<WindowChecksum[]> {
  if (conversationIds.length === 0) return [];
  const rows = rowsOf<{ cid: string; m: Record<string, unknown> }>(
    await exec.execute(sql`select c.id as cid, json_build_object('id', m.id, 'date_sent', m.date_sent) as m
      from unnest(${sql.param([...conversationIds])}::uuid[]) as c(id) ${latestOf(HISTORY_WINDOW, sql`m.id, m.date_sent`)}`),
  );
  const held = new Map<string, { date: string; _id: string }[]>(conversationIds.map((id) => [id, []]));
  for (const row of rows) {
    const m = fromJsonColumns(messages, ['id', 'dateSent'], row.m);
    held.get(row.cid)?.push({ date: m.dateSent.toISOString(), _id: m.id });
  }
  return [...held].map(([id, list]) => windowChecksum(id, list));
}
