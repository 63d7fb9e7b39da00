/**
 * What the messaging screens read from the mirror (useLiveQuery: every tab sees every change) and the one
 * read that goes to the API: older history in chunks of 6 (docs/product.md#constants).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { MESSAGES_PER_CHUNK, type MessageRecord } from '@sync/contract/messaging';
import { call, pathParams, rpc } from '@web/lib/rpc';
import { getLocalDb, type ConversationRow, type MessageRow } from '@web/local/db';
import { useWithEchoes } from './echoes';
import { getSyncClient } from './sync-runtime';
import { threadOf } from './view';

export type ConversationScope = ConversationRow['type'];

const newestFirst = (a: ConversationRow, b: ConversationRow) => (a.sortDate < b.sortDate ? 1 : a.sortDate > b.sortDate ? -1 : 0);

/** All conversations, newest first; undefined while loading. */
export function useConversations(): ConversationRow[] | undefined {
  return useLiveQuery(async () => (await getLocalDb().conversations.toArray()).sort(newestFirst), []);
}

export function sortConversations(rows: readonly ConversationRow[]): ConversationRow[] {
  return [...rows].sort(newestFirst);
}

/** docs/product.md#data unread counts, from the mirror. */
export function unreadCountsOf(rows: readonly ConversationRow[]) {
  const counts = { total: 0, inbox: 0, archive: 0, conversation: 0 };
  for (const row of rows) {
    counts.total += row.unread;
    if (row.type === 'inbox') counts.inbox += row.unread;
    else if (row.type === 'archive') counts.archive += row.unread;
    else counts.conversation += row.unread;
  }
  return counts;
}

/** The conversation by id, or (for 'blank') the one with the profile; null when the mirror has none. */
export function useConversation(conversationId: string, profileId?: string): ConversationRow | null | undefined {
  return useLiveQuery(async () => {
    const db = getLocalDb();
    if (conversationId !== 'blank') return (await db.conversations.get(conversationId)) ?? null;
    if (!profileId) return null;
    return (await db.conversations.where('profileId').equals(profileId).first()) ?? null;
  }, [conversationId, profileId]);
}

/** The thread oldest first, with this tab's sends to the profile that are not written yet (echoes.ts). */
export function useThread(conversationId: string | undefined, profileId?: string): MessageRow[] | undefined {
  const rows = useLiveQuery(async () => {
    if (!conversationId) return [];
    return threadOf(getLocalDb(), conversationId).toArray();
  }, [conversationId]);
  return useWithEchoes(rows, profileId);
}

export function useDraft(profileId: string | undefined): string | null | undefined {
  return useLiveQuery(async () => (profileId ? ((await getLocalDb().drafts.get(profileId))?.message ?? null) : null), [profileId]);
}

interface ConversationChunk {
  messages: MessageRecord[];
  hasMore: boolean;
}

/** GET /api/conversation/:id?before=&limit=6: older messages into the mirror; answers whether more exist. */
export async function loadOlder(conversationId: string, beforeId: string | undefined): Promise<boolean> {
  const chunk: ConversationChunk = await call(
    rpc.conversation[':id'].$get({ param: pathParams({ id: conversationId }), query: { before: beforeId, limit: String(MESSAGES_PER_CHUNK) } }),
  );
  await getSyncClient()?.storeHistory(chunk.messages);
  return chunk.hasMore;
}
