import { conversationKey } from '@sync/engine/keys';
import type { PatchOp } from '@sync/engine/mutations';
import type { Executor } from '../../db/client.js';
import { loadProfileInfo, toConversationRecord, type ConversationRow } from '../messaging/serialize.js';

/** What every page shares: the member, the state's version and the client's counter, read in the page's snapshot. */
export interface PageContext {
  tx: Executor;
  userId: string;
  version: number;
  lastMutationId: number;
  limit: number;
}

/** Conversation records with their profiles, for a page. */
export async function conversationPuts(tx: Executor, rows: ConversationRow[]): Promise<PatchOp[]> {
  const info = await loadProfileInfo(
    tx,
    rows.map((c) => c.profileId),
  );
  return rows.map((c) => ({ op: 'put', key: conversationKey(c.id), value: toConversationRecord(c, info.get(c.profileId)) }));
}
