import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { useStore } from '@web/lib/store';
import { agentRuntimeStore, agentSessionStore, getConsoleActor, type AgentSessionView } from '@web/features/agent-console/console-runtime';
import { createAgentConsoleMachine, type AgentConsoleActor, type AgentConsoleEmitted, type HeldRef } from '@web/machines/agent-console.machine';
import { claimMachine, type ClaimActor, type ClaimSnapshot } from '@web/machines/claim.machine';
import { useLatest } from '@web/lib/use-latest';

/** The session state every tab shows (the leader's own, or its broadcast). */
export function useAgentSession(): AgentSessionView {
  return useStore(agentSessionStore);
}

const inert = () => Promise.reject(new Error('the console is not running'));
// Before the runtime starts (first render of the layout) hooks read a console actor that never runs.
const idleConsole: AgentConsoleActor = createActor(
  createAgentConsoleMachine({
    sendStatus: inert, sendPause: inert, sendResume: inert, restoreBreakOnServer: inert, fetchClaim: inert, sendReply: inert, releaseClaim: inert,
    openSocket: () => undefined, closeSocket: () => undefined, publish: () => undefined, notifyError: () => undefined, notifyLockout: () => undefined,
    notifyEmpty: () => undefined, notifyLimit: () => undefined, notifyEnded: () => undefined, notifyReleased: () => undefined, showNewMessages: () => undefined,
    openConversation: () => undefined, replied: () => undefined, forceLogout: () => undefined,
  }),
);

/** This tab's console actor (the idle one until the agent area has started it). */
export function useConsoleActor(): AgentConsoleActor {
  useStore({ get: agentRuntimeStore.version, subscribe: agentRuntimeStore.subscribe });
  return getConsoleActor() ?? idleConsole;
}

/** Calls `handler` with each event of `type` the console emits (the latest handler; resubscribed when the runtime restarts). */
export function useConsoleEvent<K extends AgentConsoleEmitted['type']>(type: K, handler: (event: Extract<AgentConsoleEmitted, { type: K }>) => void): void {
  const actor = useConsoleActor();
  const latest = useLatest(handler);
  useEffect(() => {
    const sub = actor.on(type, (event) => latest.current(event as Extract<AgentConsoleEmitted, { type: K }>));
    return () => sub.unsubscribe();
  }, [actor, type, latest]);
}

export interface ClaimsView {
  claims: HeldRef[];
  maxClaims: number | null;
  claiming: boolean;
  empty: boolean;
}

const sameClaims = (a: ClaimsView, b: ClaimsView) =>
  a.maxClaims === b.maxClaims && a.claiming === b.claiming && a.empty === b.empty && a.claims.length === b.claims.length && a.claims.every((c, i) => c.ref === b.claims[i]!.ref);

/** Every claim this agent holds (the same in every tab), the cap, and whether Claim next is on its way. */
export function useClaims(): ClaimsView {
  const actor = useConsoleActor();
  return useSelector(
    actor,
    (s) => ({ claims: s.context.claims, maxClaims: s.context.maxClaims, claiming: s.matches('claiming'), empty: s.context.empty }),
    sameClaims,
  );
}

export interface HeldClaimView {
  conversationId: string;
  phase: 'reading' | 'replying' | 'releasing' | 'over';
  replyLeft: number;
  memberName: string;
  profileName: string;
  stock: string;
}

function heldView(snapshot: ClaimSnapshot): HeldClaimView {
  const c = snapshot.context;
  const phase: HeldClaimView['phase'] = snapshot.status !== 'active' ? 'over' : snapshot.matches({ held: 'replying' }) ? 'replying' : snapshot.matches({ held: 'releasing' }) ? 'releasing' : 'reading';
  return { conversationId: c.conversationId, phase, replyLeft: c.replyLeft, memberName: c.memberName, profileName: c.profileName, stock: c.stock };
}

const sameHeld = (a: HeldClaimView, b: HeldClaimView) => a.phase === b.phase && a.replyLeft === b.replyLeft && a.conversationId === b.conversationId && a.memberName === b.memberName;

// What useClaimOn selects from while no claim is held on the conversation (never started).
const noClaim: ClaimActor = createActor(claimMachine, { input: { conversationId: '', expiresAt: 0, lastMessageId: null, memberName: '', profileName: '', stock: 'message' } });

/** One held claim's phase and countdown. */
export function useHeldClaim(ref: ClaimActor): HeldClaimView {
  return useSelector(ref, heldView, sameHeld);
}

/** The claim this agent holds on `conversationId` in this tab, or null. */
export function useClaimOn(conversationId: string | null | undefined): HeldClaimView | null {
  const { claims } = useClaims();
  const ref = claims.find((c) => c.conversationId === conversationId)?.ref ?? null;
  const view = useSelector(ref ?? noClaim, (s: ClaimSnapshot | undefined) => (ref && s ? heldView(s) : null), (a, b) => (a && b ? sameHeld(a, b) : a === b));
  return view && view.phase !== 'over' ? view : null;
}

/** Warning levels of a reply countdown (issue 16: 60 s and 30 s). */
export const REPLY_WARN_S = 60;
export const REPLY_URGENT_S = 30;
export function replyLevel(secondsLeft: number): 'warn' | 'urgent' | null {
  return secondsLeft <= REPLY_URGENT_S ? 'urgent' : secondsLeft <= REPLY_WARN_S ? 'warn' : null;
}
