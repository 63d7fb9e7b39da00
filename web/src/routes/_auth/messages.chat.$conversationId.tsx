import { createFileRoute } from '@tanstack/react-router';
import { assertValidRoute, isIdParam } from '@web/lib/route-validity';
import { ChatPage } from '@web/features/chat/chat-page';
import { renderSafetyMenu } from '@web/features/safety/safety-menu';

interface ChatSearch {
  question?: 'askForCity';
  /** 'blank' opened without history state (reload, link): whose profile to start with. */
  profileId?: string;
}

/** docs/product.md#screens-and-routes: id 'blank' starts a new conversation; a redirect may add ?question=askForCity. */
export const Route = createFileRoute('/_auth/messages/chat/$conversationId')({
  validateSearch: (search: Record<string, unknown>): ChatSearch => ({
    ...(search.question === 'askForCity' ? { question: 'askForCity' as const } : {}),
    ...(typeof search.profileId === 'string' && search.profileId ? { profileId: search.profileId } : {}),
  }),
  beforeLoad: ({ params, location }) => assertValidRoute(isIdParam(params.conversationId), location.pathname),
  component: ChatRoute,
});

function ChatRoute() {
  // docs/product.md#screens-and-routes: chat pages use the full path as identity, so switching chat re-mounts the page.
  const { conversationId } = Route.useParams();
  const { question, profileId } = Route.useSearch();
  return <ChatPage key={conversationId} conversationId={conversationId} question={question} profileId={profileId} safetyMenu={renderSafetyMenu} />;
}
