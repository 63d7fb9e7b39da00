/** docs/product.md#messaging: which tab (Inbox, Conversations, Archive) a member's conversation belongs to. */

export type ConversationType = 'inbox' | 'conversations' | 'archive';

export interface ConversationTypeInput {
  archived?: boolean | null;
  messages?: ReadonlyArray<{ senderType?: string | null }> | null;
}

/** Archived wins; otherwise a conversation the member has written in is a conversation; else inbox. */
export function conversationType(conversation: ConversationTypeInput): ConversationType {
  if (conversation.archived) return 'archive';
  const memberWrote = (conversation.messages ?? []).some((m) => m.senderType === 'user');
  return memberWrote ? 'conversations' : 'inbox';
}
