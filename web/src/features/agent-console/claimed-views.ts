import type { AgentConversation } from '@sync/contract/agents';

/**
 * The conversation view a claim answered (GET /api/claim carries it whole): the chat opens from it instead of
 * fetching the same view again. Kept until the first refresh has read the server again (StrictMode mounts twice).
 */
const primed = new Map<string, AgentConversation>();

export function primeConversation(conversation: AgentConversation): void {
  primed.set(conversation._id, conversation);
}

export function peekPrimed(id: string): AgentConversation | null {
  return primed.get(id) ?? null;
}

export function forgetPrimed(id: string): void {
  primed.delete(id);
}
