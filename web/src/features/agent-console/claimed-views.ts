import type { AgentConversation } from '@sync/contract/agents';

/**
 * The conversation views of the claims this tab holds, as last read (GET /api/claim and GET /api/claims carry
 * them whole): the chat opens from one at once instead of fetching the same view again, and switching between
 * held claims shows each as it was while the refresh reads it anew. A view leaves when its claim does.
 */
const kept = new Map<string, AgentConversation>();

/** `keep`: a view read with the list (a reload) does not replace a fresher one read since. */
export function primeConversation(conversation: AgentConversation, options: { keep?: boolean } = {}): void {
  if (options.keep && kept.has(conversation._id)) return;
  kept.set(conversation._id, conversation);
}

export function peekPrimed(id: string): AgentConversation | null {
  return kept.get(id) ?? null;
}

/** A refresh read the view again: kept only while its claim is (the lookup's views are not kept). */
export function refreshPrimed(conversation: AgentConversation): void {
  if (kept.has(conversation._id)) kept.set(conversation._id, conversation);
}

export function forgetPrimed(id: string): void {
  kept.delete(id);
}

export function forgetAllPrimed(): void {
  kept.clear();
}
