import { createFileRoute } from '@tanstack/react-router';
import { LookupConversationPage } from '@web/features/agent-console/lookup-page';

export const Route = createFileRoute('/_agent/agent/lookup/$conversationId')({
  component: LookupConversationRoute,
});

function LookupConversationRoute() {
  const { conversationId } = Route.useParams();
  return <LookupConversationPage conversationId={conversationId} />;
}
