import { assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import type { ClaimEndedReason, StockKind } from '@sync/contract/agents';
import { ApiError } from '@web/lib/http';

/**
 * One conversation the agent holds (docs/product.md#agent-session, docs/product.md#constants claim lifetime 300,000 ms). The console machine spawns
 * one per held claim (docs/decisions/0031): each counts its own reply timer down each second from the server's
 * expiry and replies or gives its conversation back on its own. The countdown reaching 0 force-logs the agent
 * out with 'Reply timer lapse' (the server returns the conversation to its stock on its own).
 * A 409 `new-messages` answer keeps the claim: the conversation reloads so the agent reads the new message first.
 * A claim someone else ended (an admin's reply: socket `claimEnded`, or a reply answered 403 `claim-required`)
 * stops the countdown and says so; one the agent ended in another tab (its reply, its release) leaves quietly.
 * Every end is reported to the parent (`claim.report`), which stops this actor and says what needs saying.
 */

export const REPLY_TIMER_LAPSE = 'agent.reply-timer-lapse' as const;

export interface ReplyDraft {
  messageType: 'text' | 'attachment';
  message: string;
  attachment?: string | null;
}

/** A held claim as the console learns it: from its own claim, the server's list, or another tab's (a socket frame). */
export interface HeldClaim {
  conversationId: string;
  /** When the claim lapses, on this tab's clock (the server's expiry moved by the clocks' difference). */
  expiresAt: number;
  /** The newest message the agent has loaded (sent as lastMessageId); null until the conversation is read. */
  lastMessageId: string | null;
  memberName: string;
  profileName: string;
  stock: StockKind;
}

export interface ClaimContext extends HeldClaim {
  /** Seconds left to reply. */
  replyLeft: number;
  /** Send & next: claim the next conversation once this reply went. */
  next: boolean;
  /** When this tab started holding it (a server list read before then may not know it yet). */
  since: number;
}

export type ClaimEvent =
  | { type: 'LOADED'; lastMessageId: string | null }
  | { type: 'SEND'; draft: ReplyDraft; next?: boolean }
  /** Give the conversation back to its stock (POST /api/claims/:id/release), no logout. */
  | { type: 'GIVE_BACK' }
  /** The server ended this claim (socket `claimEnded`): someone else's reply, or this agent's in another tab. */
  | { type: 'ENDED'; reason: ClaimEndedReason }
  | { type: 'TICK' };

/** How a claim ended (or what its reply met), as the parent is told. */
export type ClaimOutcome = 'replied' | 'released' | 'ended-by-other' | 'ended-here-elsewhere' | 'lapsed' | 'new-messages' | 'failed';

export interface ClaimReport {
  type: 'claim.report';
  conversationId: string;
  outcome: ClaimOutcome;
  next?: boolean;
  error?: unknown;
}

export interface SendReplyInput {
  conversationId: string;
  lastMessageId: string | null;
  draft: ReplyDraft;
}

const notProvided = (name: string) => () => {
  throw new Error(`claim machine: provide the "${name}" actor`);
};

export const secondsLeft = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));

export function isNewMessagesError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'new-messages';
}

/** The reply or the release found the claim gone: someone else answered, or the server ended it. */
export function isClaimGoneError(error: unknown): boolean {
  return error instanceof ApiError && ((error.status === 403 && error.code === 'claim-required') || (error.status === 404 && error.code === 'claim-not-found'));
}

export const claimMachine = setup({
  types: {
    context: {} as ClaimContext,
    events: {} as ClaimEvent,
    input: {} as HeldClaim,
  },
  actors: {
    sendReply: fromPromise<unknown, SendReplyInput>(notProvided('sendReply')),
    releaseClaim: fromPromise<unknown, { conversationId: string }>(notProvided('releaseClaim')),
    replyTicker: fromCallback<ClaimEvent>(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'TICK' }), 1000);
      return () => clearInterval(id);
    }),
  },
  actions: {
    /** Tell the parent how this claim ended, or what its reply met. */
    report: sendParent(({ context }, params: { outcome: ClaimOutcome; next?: boolean; error?: unknown }) => ({ type: 'claim.report', conversationId: context.conversationId, ...params }) satisfies ClaimReport),
  },
  guards: {
    timeUp: ({ context }) => secondsLeft(context.expiresAt) <= 0,
    newMessages: ({ event }) => isNewMessagesError((event as unknown as { error?: unknown }).error),
    claimGone: ({ event }) => isClaimGoneError((event as unknown as { error?: unknown }).error),
    byOther: ({ event }) => (event as Extract<ClaimEvent, { type: 'ENDED' }>).reason === 'replied-by-other',
  },
  delays: {
    claimExpiry: ({ context }) => Math.max(0, context.expiresAt - Date.now()),
  },
}).createMachine({
  id: 'claim',
  context: ({ input }) => ({ ...input, replyLeft: secondsLeft(input.expiresAt), next: false, since: Date.now() }),
  initial: 'held',
  states: {
    held: {
      invoke: { src: 'replyTicker' },
      after: { claimExpiry: 'lapsed' },
      on: {
        TICK: [{ guard: 'timeUp', target: 'lapsed' }, { actions: assign({ replyLeft: ({ context }) => secondsLeft(context.expiresAt) }) }],
        LOADED: { actions: assign({ lastMessageId: ({ event }) => event.lastMessageId }) },
        // Someone else's reply ends the claim whatever this tab is doing with it (its own reply would get 403).
        ENDED: { guard: 'byOther', target: 'over', actions: { type: 'report', params: { outcome: 'ended-by-other' } } },
      },
      initial: 'reading',
      states: {
        reading: {
          on: {
            SEND: { target: 'replying', actions: assign({ next: ({ event }) => !!event.next }) },
            GIVE_BACK: 'releasing',
            // This agent's reply or release in another tab: nothing to say here.
            ENDED: [
              { guard: 'byOther', target: '#claim.over', actions: { type: 'report', params: { outcome: 'ended-by-other' } } },
              { target: '#claim.over', actions: { type: 'report', params: { outcome: 'ended-here-elsewhere' } } },
            ],
          },
        },
        releasing: {
          invoke: {
            src: 'releaseClaim',
            input: ({ context }) => ({ conversationId: context.conversationId }),
            onDone: { target: '#claim.over', actions: { type: 'report', params: { outcome: 'released' } } },
            onError: [
              { guard: 'claimGone', target: '#claim.over', actions: { type: 'report', params: { outcome: 'ended-by-other' } } },
              { target: 'reading', actions: { type: 'report', params: ({ event }) => ({ outcome: 'failed' as const, error: event.error }) } },
            ],
          },
        },
        replying: {
          invoke: {
            src: 'sendReply',
            input: ({ context, event }) => ({
              conversationId: context.conversationId,
              lastMessageId: context.lastMessageId,
              draft: (event as Extract<ClaimEvent, { type: 'SEND' }>).draft,
            }),
            onDone: { target: '#claim.over', actions: { type: 'report', params: ({ context }) => ({ outcome: 'replied' as const, next: context.next }) } },
            onError: [
              { guard: 'newMessages', target: 'reading', actions: { type: 'report', params: { outcome: 'new-messages' } } },
              { guard: 'claimGone', target: '#claim.over', actions: { type: 'report', params: { outcome: 'ended-by-other' } } },
              { target: 'reading', actions: { type: 'report', params: ({ event }) => ({ outcome: 'failed' as const, error: event.error }) } },
            ],
          },
        },
      },
    },
    lapsed: { entry: [assign({ replyLeft: 0 }), { type: 'report', params: { outcome: 'lapsed' } }], type: 'final' },
    over: { type: 'final' },
  },
});

export type ClaimActor = import('xstate').ActorRefFrom<typeof claimMachine>;
export type ClaimSnapshot = import('xstate').SnapshotFrom<typeof claimMachine>;
