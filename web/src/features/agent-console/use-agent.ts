import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { agentRuntimeStore, agentSessionStore, getClaimActor, type AgentSessionView } from '@web/features/agent-console/console-runtime';
import type { ClaimActor, ClaimSnapshot } from '@web/machines/claim.machine';
import { createActor } from 'xstate';
import { claimMachine } from '@web/machines/claim.machine';

/** The session state every tab shows (the leader's own, or its broadcast). */
export function useAgentSession(): AgentSessionView {
  return useSyncExternalStore(agentSessionStore.subscribe, agentSessionStore.get, agentSessionStore.get);
}

/** The clock the timers read; one re-render per second while mounted. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

// Before the runtime starts (first render of the layout) hooks read an idle machine that never runs.
const idleClaim: ClaimActor = createActor(claimMachine);

export function useClaimActor(): ClaimActor {
  useSyncExternalStore(agentRuntimeStore.subscribe, agentRuntimeStore.version, agentRuntimeStore.version);
  return getClaimActor() ?? idleClaim;
}

export interface ClaimView {
  phase: 'idle' | 'claiming' | 'reading' | 'replying' | 'lapsed';
  conversationId: string | null;
  replyLeft: number;
  empty: boolean;
}

function claimView(snapshot: ClaimSnapshot): ClaimView {
  const phase: ClaimView['phase'] = snapshot.matches({ claimed: 'replying' })
    ? 'replying'
    : snapshot.matches('claimed')
      ? 'reading'
      : (snapshot.value as ClaimView['phase']);
  return { phase, conversationId: snapshot.context.conversationId, replyLeft: snapshot.context.replyLeft, empty: snapshot.context.empty };
}

const sameClaim = (a: ClaimView, b: ClaimView) => a.phase === b.phase && a.conversationId === b.conversationId && a.replyLeft === b.replyLeft && a.empty === b.empty;

export function useClaim(): ClaimView {
  const actor = useClaimActor();
  return useSelector(actor, claimView, sameClaim);
}
