import { useRef, useState } from 'react';
import type { AgentConversation } from '@sync/contract/agents';
import { addTexts, t } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { fetchAgentConversation } from '@web/lib/agent-api';
import { ConsoleDialog } from './console-dialog';
import { formatClock, secondsUntil } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';

addTexts(enAgentConsole);

type Claim = NonNullable<AgentConversation['claim']>;

const live = (claim: Claim | null | undefined): claim is Claim => !!claim && Date.parse(claim.expiryTime) > Date.now();

/**
 * Before an admin's reply: if an agent holds the conversation, the admin confirms that sending ends their
 * claim. The holder is read from the server at that moment (the page's copy can be 3 s old and a claim takes
 * an instant); if that read fails, the page's copy decides. `guard` answers whether to send; `dialog` renders.
 */
export function useAdminReplyGuard() {
  const [pending, setPending] = useState<Claim | null>(null);
  const answer = useRef<((send: boolean) => void) | null>(null);

  const close = (send: boolean) => {
    answer.current?.(send);
    answer.current = null;
    setPending(null);
  };

  const guard = async (conversationId: string, shown: Claim | null): Promise<boolean> => {
    let claim: Claim | null = shown;
    try {
      claim = (await fetchAgentConversation(conversationId, undefined, 1)).claim;
    } catch {
      // Keep the claim the page shows.
    }
    if (!live(claim)) return true;
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setPending(claim);
    });
  };

  const dialog = (
    <ConsoleDialog
      open={pending !== null}
      onOpenChange={(open) => !open && close(false)}
      title={t('agent.admin-reply-ends-claim-title', { agent: pending?.agentName || t('agent-console.an-agent') })}
    >
      {pending && <GuardBody claim={pending} onAnswer={close} />}
    </ConsoleDialog>
  );
  return { guard, dialog };
}

function GuardBody({ claim, onAnswer }: { claim: Claim; onAnswer: (send: boolean) => void }) {
  const now = useNow();
  const left = secondsUntil(Date.parse(claim.expiryTime), now);
  return (
    <>
      <p className="ac-notice" data-testid="admin-reply-warning">
        {t('agent.admin-reply-ends-claim', { agent: claim.agentName || t('agent-console.an-agent-capital'), time: formatClock(left) })}
      </p>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={() => onAnswer(false)}>
          {t('agent-console.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={() => onAnswer(true)}>
          {t('agent.admin-reply-ends-claim-confirm')}
        </button>
      </div>
    </>
  );
}
