import { fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ClaimWrapper } from '@sync/contract/agents';
import { agentSessionMachine, type AgentSessionEvent, type PreservedBreak, type SendStatusInput } from './agentSession.machine';
import { breakMachine, type BreakEvent, type PauseOutput } from './break.machine';
import { claimMachine, type ClaimEvent, type SendReplyInput } from './claim.machine';

/**
 * The agent console in one tab (SPEC §4 agent session, claim): one parent actor that runs the session, break
 * and claim machines as its children and carries what they tell one another — the session's stop releases the
 * claim and ends the break, a break that changes is kept in the session, a break the server holds is shown —
 * with sendParent / sendTo, in this file. What reaches the outside world (HTTP, the socket, toasts, the other
 * tabs) is the `io` the tab hands in; tests hand in fakes and drive it with a fake clock.
 */

export interface AgentConsoleIo {
  sendStatus(input: SendStatusInput): Promise<unknown>;
  sendPause(reason: string): Promise<PauseOutput>;
  sendResume(): Promise<unknown>;
  /** A preserved break asked for again after the socket came back (the drop ended it on the server). */
  restoreBreakOnServer(reason: string): Promise<unknown>;
  fetchClaim(): Promise<ClaimWrapper | null>;
  sendReply(input: SendReplyInput): Promise<unknown>;
  releaseClaim(conversationId: string): Promise<unknown>;
  openSocket(): void;
  closeSocket(): void;
  /** The session or the break changed: show it in this tab and tell the others. */
  publish(): void;
  notifyError(error: unknown): void;
  notifyLockout(time: string): void;
  notifyEmpty(): void;
  notifyEnded(): void;
  notifyReleased(): void;
  showNewMessages(): void;
  openConversation(wrapper: ClaimWrapper): void;
  replied(conversationId: string): void;
  forceLogout(reason: string): void;
}

/** What the children tell the parent. */
type ChildReport =
  | { type: 'session.cleared' }
  | { type: 'session.breakEnded' }
  | { type: 'session.adoptBreak'; preserved: PreservedBreak }
  | { type: 'session.restoreBreak'; preserved: PreservedBreak }
  | { type: 'break.changed'; break: PreservedBreak | null }
  | { type: 'break.restored'; preserved: PreservedBreak };

const SESSION_EVENTS = ['START', 'STOP', 'RECONNECT', 'LEADER', 'SOCKET_OPEN', 'SOCKET_CLOSED', 'BROADCAST', 'SERVER_STATE', 'SERVER_STOPPED'] as const;
const BREAK_EVENTS = ['PAUSE', 'RESUME', 'LOCKOUT'] as const;
const CLAIM_EVENTS = ['CLAIM', 'ADOPT', 'LOADED', 'SEND', 'GIVE_BACK', 'RELEASE', 'ENDED'] as const;

type Of<E extends { type: string }, K extends readonly string[]> = Extract<E, { type: K[number] }>;
export type AgentConsoleEvent = Of<AgentSessionEvent, typeof SESSION_EVENTS> | Of<BreakEvent, typeof BREAK_EVENTS> | Of<ClaimEvent, typeof CLAIM_EVENTS> | ChildReport;

const forward = <K extends readonly string[]>(child: 'session' | 'break' | 'claim', types: K) =>
  Object.fromEntries(types.map((type) => [type, { actions: sendTo(child, ({ event }: { event: { type: string } }) => event as never) }]));

/** The console machine with this tab's io: its children provided, each with its named actions and actors. */
export function createAgentConsoleMachine(io: AgentConsoleIo) {
  const session = agentSessionMachine.provide({
    actors: { sendStatus: fromPromise<unknown, SendStatusInput>(({ input }) => io.sendStatus(input)) },
    actions: {
      openSocket: () => io.openSocket(),
      closeSocket: () => io.closeSocket(),
      clearConversations: sendParent({ type: 'session.cleared' } satisfies ChildReport),
      endBreak: sendParent({ type: 'session.breakEnded' } satisfies ChildReport),
      restoreBreak: sendParent((_, { preserved }: { preserved: PreservedBreak }) => ({ type: 'session.restoreBreak', preserved }) satisfies ChildReport),
      adoptBreak: sendParent((_, { preserved }: { preserved: PreservedBreak }) => ({ type: 'session.adoptBreak', preserved }) satisfies ChildReport),
      notifyError: (_, { error }) => io.notifyError(error),
      persist: () => io.publish(),
    },
  });
  const brk = breakMachine.provide({
    actors: {
      sendPause: fromPromise<PauseOutput, { reason: string }>(({ input }) => io.sendPause(input.reason)),
      sendResume: fromPromise<unknown, void>(() => io.sendResume()),
    },
    actions: {
      notifyLockout: (_, { time }) => io.notifyLockout(time),
      notifyError: (_, { error }) => io.notifyError(error),
      // A break is held while it has a reason and a start (clearBreak runs before every persist that ends it).
      persist: sendParent(({ context }) => {
        const held = context.reason !== null && context.startedAt !== null;
        return { type: 'break.changed', break: held ? { reason: context.reason!, startedAt: context.startedAt!, lockoutEndsAt: context.lockoutEndsAt } : null } satisfies ChildReport;
      }),
    },
  });
  const claim = claimMachine.provide({
    actors: {
      fetchClaim: fromPromise(() => io.fetchClaim()),
      sendReply: fromPromise<unknown, SendReplyInput>(({ input }) => io.sendReply(input)),
      releaseClaim: fromPromise<unknown, { conversationId: string }>(({ input }) => io.releaseClaim(input.conversationId)),
    },
    actions: {
      openConversation: (_, { wrapper }) => io.openConversation(wrapper),
      notifyEmpty: () => io.notifyEmpty(),
      notifyError: (_, { error }) => io.notifyError(error),
      notifyEnded: () => io.notifyEnded(),
      notifyReleased: () => io.notifyReleased(),
      showNewMessages: () => io.showNewMessages(),
      replied: (_, { conversationId }) => io.replied(conversationId),
      forceLogout: (_, { reason }) => io.forceLogout(reason),
    },
  });

  return setup({
    types: { events: {} as AgentConsoleEvent },
    actors: { session, brk, claim },
    actions: {
      /** POST paused again, then show the break; a refusal (the hour) is said and the break stays ended. */
      restoreBreakOnServer: ({ self }, { preserved }: { preserved: PreservedBreak }) =>
        void io
          .restoreBreakOnServer(preserved.reason)
          .then(() => self.send({ type: 'break.restored', preserved }))
          .catch((error: unknown) => io.notifyError(error)),
    },
  }).createMachine({
    id: 'agentConsole',
    invoke: [
      { id: 'session', systemId: 'session', src: 'session', input: {} },
      { id: 'break', systemId: 'break', src: 'brk', input: {} },
      { id: 'claim', systemId: 'claim', src: 'claim' },
    ],
    on: {
      ...forward('session', SESSION_EVENTS),
      ...forward('break', BREAK_EVENTS),
      ...forward('claim', CLAIM_EVENTS),
      // Stop clears the conversations (SPEC §4): the claim goes back with the session.
      'session.cleared': { actions: sendTo('claim', { type: 'RELEASE' }) },
      'session.breakEnded': { actions: sendTo('break', { type: 'RESET' }) },
      'session.adoptBreak': { actions: sendTo('break', ({ event }) => ({ type: 'RESTORE' as const, ...event.preserved })) },
      'session.restoreBreak': { actions: { type: 'restoreBreakOnServer', params: ({ event }) => ({ preserved: event.preserved }) } },
      'break.restored': { actions: sendTo('break', ({ event }) => ({ type: 'RESTORE' as const, ...event.preserved })) },
      'break.changed': { actions: sendTo('session', ({ event }) => ({ type: 'BREAK_CHANGED' as const, break: event.break })) },
    },
  });
}

export type AgentConsoleMachine = ReturnType<typeof createAgentConsoleMachine>;
export type AgentConsoleActor = ActorRefFrom<AgentConsoleMachine>;
