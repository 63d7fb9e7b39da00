import { addTexts, t } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { useNavigate } from '@tanstack/react-router';
import { ClaimsList } from './claims-list';
import { ConversationView } from './conversation-view';
import { SnippetsProvider } from './snippets/snippets-context';
import { SnippetsManager, SnippetsManagerDialog } from './snippets/snippets-manager';
import { useAgentSession, useClaims, useConsoleActor, useConsoleEvent } from './use-agent';

addTexts(enAgentConsole);

/**
 * /chat: the claims list beside the conversation the agent works on (`?id=`, or the claim lapsing first), with
 * everything needed to answer it. When the open claim leaves the list (replied, released, ended by someone
 * else), the next held claim opens; Send & next opens the one it claims instead.
 */
export function AgentChatPage({ conversationId }: { conversationId?: string }) {
  const { claims, maxClaims } = useClaims();
  const session = useAgentSession();
  const navigate = useNavigate();
  const consoleActor = useConsoleActor();
  const id = conversationId ?? claims[0]?.conversationId ?? null;

  useConsoleEvent('claimLeft', (event) => {
    if (event.conversationId !== id || event.next || event.outcome === 'lapsed') return;
    const next = consoleActor.getSnapshot().context.claims.find((c) => c.conversationId !== event.conversationId);
    if (next) void navigate({ to: '/chat', search: { id: next.conversationId }, replace: true });
  });

  return (
    <SnippetsProvider>
      <div className="ac-work">
        <ClaimsList claims={claims} maxClaims={maxClaims} currentId={id} />
        {id ? (
          <ConversationView key={id} conversationId={id} mode="claimed" />
        ) : (
          <div className="ac-page">
            <section className="ac-card ac-blank" aria-label={t('agent-console.no-conversation')}>
              <h1 className="ac-page__title">{t('agent-console.no-conversation-open')}</h1>
              <p className="muted">
                {session.status === 'online'
                  ? t('agent-console.use-claim-next')
                  : t('agent-console.start-then-claim')}
              </p>
            </section>
            {/* Between conversations: the place to prepare canned replies (admins: the shared ones too). */}
            <section className="ac-card ac-snippets-page" aria-label={t('agent-console.snippets')}>
              <SnippetsManager />
            </section>
          </div>
        )}
      </div>
      <SnippetsManagerDialog />
    </SnippetsProvider>
  );
}
