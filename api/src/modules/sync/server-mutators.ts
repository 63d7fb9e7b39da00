import type { parseMutation } from '@sync/engine/mutations';
import type { Executor } from '../../db/client.js';
import { markRead, setArchived } from '../messaging/service.js';

/** The mutations whose writes the API makes itself; sends, refusals and drafts go to sync_push_batch (push.ts). */
export type OwnMutation = Extract<ReturnType<typeof parseMutation>, { name: 'archiveConversation' | 'restoreConversation' | 'markRead' }>;

/**
 * The push's side of the server mutators for a conversation's state, on the SQL service.
 * Throws MutationError for business failures (the push records them and advances).
 */
export async function applyServerMutation(tx: Executor, userId: string, parsed: OwnMutation, now: Date): Promise<unknown> {
  switch (parsed.name) {
    case 'archiveConversation':
    case 'restoreConversation': {
      const row = await setArchived(tx, userId, parsed.args.conversationId, parsed.name === 'archiveConversation', now);
      return { conversationId: row.id, archived: row.archived };
    }
    case 'markRead': {
      const row = await markRead(tx, userId, parsed.args.conversationId);
      return { conversationId: row.id, unread: row.unreadByUser };
    }
  }
}
