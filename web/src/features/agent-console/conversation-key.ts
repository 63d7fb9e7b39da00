import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The staff view of one conversation (useAgentConversation): its notes and meet-ups come with it. */
export const agentConversationKey = (id: string) => ['agent', 'conversation', id] as const;

/**
 * After a write to the conversation (a memo, a meet-up) its view is read anew, as staff act on the server's
 * truth. Not awaited: the write's busy flag ends with the write, the view follows when its read answers.
 */
export function useRereadConversation(id: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: agentConversationKey(id) }), [queryClient, id]);
}
