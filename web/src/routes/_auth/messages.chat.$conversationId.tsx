import { createFileRoute } from '@tanstack/react-router';
import { assertValidRoute, isIdParam } from '@web/lib/route-validity';
import { ComingSoon } from '@web/ui/coming-soon';

/** SPEC §2: id 'blank' starts a new conversation; a redirect may add ?question=askForCity. */
export const Route = createFileRoute('/_auth/messages/chat/$conversationId')({
  validateSearch: (search: Record<string, unknown>): { question?: 'askForCity' } =>
    search.question === 'askForCity' ? { question: 'askForCity' } : {},
  beforeLoad: ({ params, location }) => assertValidRoute(isIdParam(params.conversationId), location.pathname),
  component: ChatPage,
});

function ChatPage() {
  // SPEC §2: chat pages use the full path as identity, so switching chat re-mounts the page.
  const { conversationId } = Route.useParams();
  return <ComingSoon key={conversationId} title="Chat" />;
}
