import { isEmptyMessage } from '@sync/contract/messaging';
import type { Mutation, parseMutation, SendMessageResult } from '@sync/engine/mutations';
import type { Executor } from '../../db/client.js';
import { markRead, sendMemberMessage, setArchived } from '../messaging/service.js';

type ParsedMutation = ReturnType<typeof parseMutation>;

/**
 * The push's side of the server mutators: the mutation parsed by name with the shared schemas (push.ts), run
 * on the SQL service.
 * Throws MutationError for business failures (the push records them and advances).
 */
export async function applyServerMutation(tx: Executor, userId: string, m: Mutation, parsed: ParsedMutation, now: Date): Promise<unknown> {
  switch (parsed.name) {
    case 'sendMessage': {
      const args = parsed.args;
      // SPEC §5: empty text with no attachment does nothing, charges nothing.
      if (isEmptyMessage(args)) return { skipped: 'empty' } satisfies SendMessageResult;
      const out = await sendMemberMessage(tx, userId, args, now, { clientId: m.clientId, mutationId: m.mutationId });
      return { conversationId: out.conversation.id, messageId: out.message.id, credits: out.credits } satisfies SendMessageResult;
    }
    case 'archiveConversation':
    case 'restoreConversation': {
      const row = await setArchived(tx, userId, parsed.args.conversationId, parsed.name === 'archiveConversation', now);
      return { conversationId: row.id, archived: row.archived };
    }
    case 'markRead': {
      const row = await markRead(tx, userId, parsed.args.conversationId);
      return { conversationId: row.id, unread: row.unreadByUser };
    }
    // Drafts live on the device; a client that pushes them anyway just moves its counter on.
    case 'saveDraft':
    case 'clearDraft':
      return {};
  }
}
