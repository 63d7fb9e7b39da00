import { createFileRoute } from '@tanstack/react-router';
import { AgentChatPage } from '@web/features/agent-console/chat-page';

interface ChatSearch {
  id?: string;
}

/** /chat: the agent chat screen; `?id=` names the conversation (selecting one navigates here). */
export const Route = createFileRoute('/_agent/chat')({
  validateSearch: (search: Record<string, unknown>): ChatSearch => (typeof search.id === 'string' && search.id ? { id: search.id } : {}),
  component: ChatRoute,
});

function ChatRoute() {
  const { id } = Route.useSearch();
  return <AgentChatPage conversationId={id} />;
}
