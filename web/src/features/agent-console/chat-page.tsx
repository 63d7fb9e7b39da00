import { useAgentSession, useClaim } from './use-agent';
import { ConversationView } from './conversation-view';
import { SnippetsProvider } from './snippets/snippets-context';
import { SnippetsManager, SnippetsManagerDialog } from './snippets/snippets-manager';

/** /chat: the conversation the agent claimed (or the one in `?id=`), with everything needed to answer it. */
export function AgentChatPage({ conversationId }: { conversationId?: string }) {
  const claim = useClaim();
  const session = useAgentSession();
  const id = conversationId ?? (claim.phase !== 'lapsed' ? claim.conversationId : null);
  return (
    <SnippetsProvider>
      {id ? (
        <ConversationView key={id} conversationId={id} mode="claimed" />
      ) : (
        <div className="ac-page">
          <section className="ac-card ac-blank" aria-label="No conversation">
            <h1 className="ac-page__title">No conversation open</h1>
            <p className="muted">
              {session.status === 'online'
                ? 'Use Claim next (Alt N) to take the longest-waiting conversation.'
                : 'Start your session (Alt S), then claim the next conversation (Alt N).'}
            </p>
          </section>
          {/* Between conversations: the place to prepare canned replies (admins: the shared ones too). */}
          <section className="ac-card ac-snippets-page" aria-label="Canned replies">
            <SnippetsManager />
          </section>
        </div>
      )}
      <SnippetsManagerDialog />
    </SnippetsProvider>
  );
}
