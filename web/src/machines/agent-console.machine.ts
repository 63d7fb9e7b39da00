import { assign, emit, enqueueActions, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ClaimWrapper } from '@sync/contract/agents';
import { ApiError } from '@web/lib/http';
import { agentSessionMachine, type AgentSessionEvent, type PreservedBreak, type SendStatusInput } from './agent-session.machine';
import { breakMachine, type BreakEvent, type PauseOutput } from './break.machine';
import { t } from '@sync/texts';
import { claimMachine, REPLY_TIMER_LAPSE, type ClaimActor, type ClaimEvent, type ClaimReport, type HeldClaim, type ReplyDraft, type SendReplyInput } from './claim.machine';

/**
 * The agent console in one tab (docs/product.md#agent-session agent session, claim): one parent actor that runs the session and break
 * machines as its children, spawns one claim actor per conversation the agent holds (up to its maxClaims), and
 * carries what they tell one another — the session's stop releases every claim and ends the break, a break that
 * changes is kept in the session, a break the server holds is shown, a claim that ended leaves the list — with
 * sendParent / sendTo, in this file. What reaches the outside world (HTTP, the socket, toasts, the other tabs)
 * is the `io` the tab hands in; what the screens react to (a claim opened, a reply's outcome, a claim gone) is
 * emitted. Tests hand in fakes and drive it with a fake clock.
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
  /** Claim next while holding maxClaims already. */
  notifyLimit(maxClaims: number): void;
  notifyEnded(): void;
  notifyReleased(): void;
  showNewMessages(): void;
  /** A claim this tab took: its view came with it (the chat opens from it without fetching it again). */
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
  | { type: 'break.restored'; preserved: PreservedBreak }
  | ClaimReport;

/** What is sent to one held claim, named by its conversation. */
type ToClaim =
  | { type: 'SEND'; conversationId: string; draft: ReplyDraft; next?: boolean }
  | { type: 'GIVE_BACK'; conversationId: string }
  | { type: 'LOADED'; conversationId: string; lastMessageId: string | null }
  | Extract<ClaimEvent, { type: 'ENDED' }> & { conversationId: string };

/** The held claims as the server tells them. */
type ClaimsEvent =
  | { type: 'CLAIM' }
  /** One claim more (another tab's, heard from the socket; or this tab's own, reloaded). */
  | { type: 'ADOPT'; claim: HeldClaim }
  /** The server's list (GET /api/claims, asked at `askedAt`): claims missing here are added, claims it no longer holds leave. */
  | { type: 'SYNC'; claims: HeldClaim[]; maxClaims: number; askedAt: number }
  /** The session ended: every claim went back with it. */
  | { type: 'RELEASE' };

const SESSION_EVENTS = ['START', 'STOP', 'RECONNECT', 'LEADER', 'SOCKET_OPEN', 'SOCKET_CLOSED', 'BROADCAST', 'SERVER_STATE', 'SERVER_STOPPED'] as const;
const BREAK_EVENTS = ['PAUSE', 'RESUME', 'LOCKOUT'] as const;

type Of<E extends { type: string }, K extends readonly string[]> = Extract<E, { type: K[number] }>;
export type AgentConsoleEvent = Of<AgentSessionEvent, typeof SESSION_EVENTS> | Of<BreakEvent, typeof BREAK_EVENTS> | ToClaim | ClaimsEvent | ChildReport;

/** What the screens hear (actor.on): a claim to open, how a reply went, a claim that left the list. */
export type AgentConsoleEmitted =
  | { type: 'opened'; conversationId: string }
  | { type: 'replyOutcome'; conversationId: string; outcome: 'sent' | 'new-messages' | 'failed'; next: boolean }
  | { type: 'claimLeft'; conversationId: string; outcome: ClaimReport['outcome']; next: boolean };

export interface HeldRef {
  conversationId: string;
  ref: ClaimActor;
}

export interface AgentConsoleContext {
  /** Held claims, the one lapsing first on top. */
  claims: HeldRef[];
  /** The agent's cap as the server last said it; null until then (the server refuses past it anyway). */
  maxClaims: number | null;
  /** The last Claim next found every stock empty. */
  empty: boolean;
}

const forward = <K extends readonly string[]>(child: 'session' | 'break', types: K) =>
  Object.fromEntries(types.map((type) => [type, { actions: sendTo(child, ({ event }: { event: { type: string } }) => event as never) }]));

const childId = (conversationId: string) => `claim:${conversationId}`;

/** The cap a 409 claim-limit answer carries (an admin may have lowered it). */
function limitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'claim-limit') return null;
  const max = (error.body as { error?: { maxClaims?: unknown } } | undefined)?.error?.maxClaims;
  return typeof max === 'number' ? max : null;
}

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
      sendReply: fromPromise<unknown, SendReplyInput>(({ input }) => io.sendReply(input)),
      releaseClaim: fromPromise<unknown, { conversationId: string }>(({ input }) => io.releaseClaim(input.conversationId)),
    },
  });

  return setup({
    types: { context: {} as AgentConsoleContext, events: {} as AgentConsoleEvent, emitted: {} as AgentConsoleEmitted },
    actors: { session, brk, claim, fetchClaim: fromPromise<ClaimWrapper | null, void>(() => io.fetchClaim()) },
    actions: {
      /** POST paused again, then show the break; a refusal (the hour) is said and the break stays ended. */
      restoreBreakOnServer: ({ self }, { preserved }: { preserved: PreservedBreak }) =>
        void io
          .restoreBreakOnServer(preserved.reason)
          .then(() => self.send({ type: 'break.restored', preserved }))
          .catch((error: unknown) => io.notifyError(error)),
      /** One claim actor more, unless this conversation is held already; the list stays in lapse order. */
      hold: assign(({ context, spawn }, held: HeldClaim) => {
        if (context.claims.some((c) => c.conversationId === held.conversationId)) return {};
        const ref = spawn('claim', { id: childId(held.conversationId), input: held }) as ClaimActor;
        const claims = [...context.claims, { conversationId: held.conversationId, ref }];
        claims.sort((a, b) => a.ref.getSnapshot().context.expiresAt - b.ref.getSnapshot().context.expiresAt);
        return { claims, empty: false };
      }),
      /** The claim actor stops and leaves the list. */
      drop: enqueueActions(({ context, enqueue }, { conversationId }: { conversationId: string }) => {
        const held = context.claims.find((c) => c.conversationId === conversationId);
        if (!held) return;
        enqueue.stopChild(held.ref);
        enqueue.assign({ claims: context.claims.filter((c) => c !== held) });
      }),
      /** To the claim actor of that conversation, when this tab holds it; otherwise nobody hears it. */
      toHeld: enqueueActions(({ context, enqueue }, { conversationId, event }: { conversationId: string; event: ClaimEvent }) => {
        const held = context.claims.find((c) => c.conversationId === conversationId);
        if (held) enqueue.sendTo(held.ref, event);
      }),
      dropAll: enqueueActions(({ context, enqueue }) => {
        for (const held of context.claims) enqueue.stopChild(held.ref);
        enqueue.assign({ claims: [] });
      }),
    },
    guards: {
      underCap: ({ context }) => context.maxClaims === null || context.claims.length < context.maxClaims,
    },
  }).createMachine({
    id: 'agentConsole',
    context: { claims: [], maxClaims: null, empty: false },
    invoke: [
      { id: 'session', systemId: 'session', src: 'session', input: {} },
      { id: 'break', systemId: 'break', src: 'brk', input: {} },
    ],
    on: {
      ...forward('session', SESSION_EVENTS),
      ...forward('break', BREAK_EVENTS),
      // Stop clears the conversations (docs/product.md#agent-session): every claim goes back with the session.
      'session.cleared': { actions: 'dropAll' },
      RELEASE: { actions: 'dropAll' },
      'session.breakEnded': { actions: sendTo('break', { type: 'RESET' }) },
      'session.adoptBreak': { actions: sendTo('break', ({ event }) => ({ type: 'RESTORE' as const, ...event.preserved })) },
      'session.restoreBreak': { actions: { type: 'restoreBreakOnServer', params: ({ event }) => ({ preserved: event.preserved }) } },
      'break.restored': { actions: sendTo('break', ({ event }) => ({ type: 'RESTORE' as const, ...event.preserved })) },
      'break.changed': { actions: sendTo('session', ({ event }) => ({ type: 'BREAK_CHANGED' as const, break: event.break })) },

      ADOPT: { actions: { type: 'hold', params: ({ event }) => event.claim } },
      SYNC: {
        actions: enqueueActions(({ context, event, enqueue }) => {
          enqueue.assign({ maxClaims: event.maxClaims });
          const listed = new Set(event.claims.map((c) => c.conversationId));
          // A claim this tab took after the list was asked for is not in it yet: it stays.
          for (const held of context.claims) {
            if (!listed.has(held.conversationId) && held.ref.getSnapshot().context.since <= event.askedAt) {
              enqueue({ type: 'drop', params: { conversationId: held.conversationId } });
            }
          }
          for (const c of event.claims) enqueue({ type: 'hold', params: c });
        }),
      },
      // To the one held claim the event names; a claim this tab does not hold (any more) hears nothing.
      SEND: { actions: { type: 'toHeld', params: ({ event }) => ({ conversationId: event.conversationId, event: { type: 'SEND', draft: event.draft, next: !!event.next } }) } },
      GIVE_BACK: { actions: { type: 'toHeld', params: ({ event }) => ({ conversationId: event.conversationId, event: { type: 'GIVE_BACK' } }) } },
      LOADED: { actions: { type: 'toHeld', params: ({ event }) => ({ conversationId: event.conversationId, event: { type: 'LOADED', lastMessageId: event.lastMessageId } }) } },
      ENDED: { actions: { type: 'toHeld', params: ({ event }) => ({ conversationId: event.conversationId, event: { type: 'ENDED', reason: event.reason } }) } },

      'claim.report': {
        actions: enqueueActions(({ event, enqueue }) => {
          const { conversationId, outcome } = event;
          const next = !!event.next;
          const left = () => {
            enqueue({ type: 'drop', params: { conversationId } });
            enqueue.emit({ type: 'claimLeft', conversationId, outcome, next });
          };
          switch (outcome) {
            case 'replied':
              enqueue(() => io.replied(conversationId));
              enqueue.emit({ type: 'replyOutcome', conversationId, outcome: 'sent', next });
              left();
              // Send & next: the claim that went makes room for the next one.
              if (next) enqueue.raise({ type: 'CLAIM' });
              return;
            case 'new-messages':
              enqueue(() => io.showNewMessages());
              enqueue.emit({ type: 'replyOutcome', conversationId, outcome: 'new-messages', next });
              return;
            case 'failed':
              enqueue(() => io.notifyError(event.error));
              enqueue.emit({ type: 'replyOutcome', conversationId, outcome: 'failed', next });
              return;
            case 'released':
              enqueue(() => io.notifyReleased());
              left();
              return;
            case 'ended-by-other':
              enqueue(() => io.notifyEnded());
              enqueue.emit({ type: 'replyOutcome', conversationId, outcome: 'failed', next });
              left();
              return;
            case 'ended-here-elsewhere':
              left();
              return;
            case 'lapsed':
              left();
              enqueue(() => io.forceLogout(t(REPLY_TIMER_LAPSE)));
              return;
          }
        }),
      },
    },
    initial: 'ready',
    states: {
      ready: {
        on: {
          CLAIM: [
            { guard: 'underCap', target: 'claiming' },
            { actions: ({ context }) => io.notifyLimit(context.maxClaims ?? 0) },
          ],
        },
      },
      claiming: {
        invoke: {
          src: 'fetchClaim',
          onDone: [
            {
              guard: ({ event }) => !!event.output,
              target: 'ready',
              actions: [
                { type: 'hold', params: ({ event }) => heldFromWrapper(event.output!, event.output!.claimTime) },
                // The socket's claimStarted may have come first: what this tab has loaded is the wrapper's.
                enqueueActions(({ context, event, enqueue }) => {
                  const held = context.claims.find((c) => c.conversationId === event.output!.conversation._id);
                  if (held) enqueue.sendTo(held.ref, { type: 'LOADED', lastMessageId: event.output!.conversation.messages[0]?._id ?? null });
                }),
                ({ event }) => io.openConversation(event.output!),
                emit(({ event }) => ({ type: 'opened' as const, conversationId: event.output!.conversation._id })),
              ],
            },
            { target: 'ready', actions: [assign({ empty: true }), () => io.notifyEmpty()] },
          ],
          onError: {
            target: 'ready',
            actions: [
              assign({ maxClaims: ({ context, event }) => limitOf(event.error) ?? context.maxClaims }),
              ({ event }) => io.notifyError(event.error),
            ],
          },
        },
      },
    },
  });
}

/**
 * A claim as this tab holds it: the server's expiry moved onto this tab's clock (`serverNow` is the server's
 * time when it answered; the claim's own claimTime for a fresh claim), so a wrong clock here changes nothing.
 */
export function heldFromWrapper(wrapper: ClaimWrapper, serverNow: string, receivedAt = Date.now()): HeldClaim {
  return {
    conversationId: wrapper.conversation._id,
    expiresAt: receivedAt + (Date.parse(wrapper.expiryTime) - Date.parse(serverNow)),
    lastMessageId: wrapper.conversation.messages[0]?._id ?? null,
    memberName: wrapper.conversation.user?.username ?? '',
    profileName: wrapper.conversation.profile?.username ?? '',
    stock: wrapper.stock,
  };
}

export type AgentConsoleMachine = ReturnType<typeof createAgentConsoleMachine>;
export type AgentConsoleActor = ActorRefFrom<AgentConsoleMachine>;
