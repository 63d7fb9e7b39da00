import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CLAIM_LIFETIME_MS, type ClaimWrapper } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';

/**
 * One claimed conversation's life in the console (SPEC §4 "Claim", §9 claim lifetime 300,000 ms):
 * idle → claiming (GET /api/claim) → claimed (reply countdown each second) → replying → idle.
 * The claim ends 300,000 ms after claimTime; the countdown reaching 0 force-logs the agent out with
 * 'Reply timer lapse' (the server returns the conversation to its stock on its own).
 * A 409 `new-messages` answer keeps the claim: the conversation reloads so the agent reads the new message first.
 * A claim someone else ended (an admin's reply: socket `claimEnded`, or a reply answered 403 `claim-required`)
 * stops the countdown and says so; only a claim the agent let lapse logs them out.
 */

export const REPLY_TIMER_LAPSE = 'agent.reply-timer-lapse' as const;

export interface ReplyDraft {
  messageType: 'text' | 'attachment';
  message: string;
  attachment?: string | null;
}

export interface ClaimContext {
  conversationId: string | null;
  /** ms timestamp of claimTime. */
  claimTime: number | null;
  expiresAt: number | null;
  /** Seconds left to reply. */
  replyLeft: number;
  /** The newest message the agent has loaded (sent as lastMessageId). */
  lastMessageId: string | null;
  /** The stock was empty on the last claim. */
  empty: boolean;
  /** Send & next: claim the next conversation once this reply went. */
  next: boolean;
}

export type ClaimEvent =
  | { type: 'CLAIM' }
  /** Adopt a claim that already exists (page reload, the leader tab's broadcast). */
  | { type: 'ADOPT'; conversationId: string; claimTime: number; lastMessageId: string | null }
  | { type: 'LOADED'; lastMessageId: string | null }
  | { type: 'SEND'; draft: ReplyDraft; next?: boolean }
  /** Give the conversation back to its stock (POST /api/claims/:id/release), no logout. */
  | { type: 'GIVE_BACK' }
  | { type: 'RELEASE' }
  /** The server ended this claim by someone else's hand (socket `claimEnded`). */
  | { type: 'ENDED'; conversationId: string }
  | { type: 'TICK' };

export interface SendReplyInput {
  conversationId: string;
  lastMessageId: string | null;
  draft: ReplyDraft;
}

const notProvided = (name: string) => () => {
  throw new Error(`claim machine: provide the "${name}" actor`);
};

const secondsLeft = (expiresAt: number | null) => (expiresAt === null ? 0 : Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000)));

const dateMs = (value: string) => new Date(value).getTime();

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
  },
  actors: {
    fetchClaim: fromPromise<ClaimWrapper | null, void>(notProvided('fetchClaim')),
    sendReply: fromPromise<unknown, SendReplyInput>(notProvided('sendReply')),
    releaseClaim: fromPromise<unknown, { conversationId: string }>(notProvided('releaseClaim')),
    replyTicker: fromCallback<ClaimEvent>(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'TICK' }), 1000);
      return () => clearInterval(id);
    }),
  },
  actions: {
    /** Navigate to /chat with the claimed conversation. */
    openConversation: (_, _params: { wrapper: ClaimWrapper }) => undefined,
    notifyEmpty: () => undefined,
    notifyError: (_, _params: { error: unknown }) => undefined,
    /** 409 new-messages: reload the conversation and say why the reply did not go. */
    showNewMessages: () => undefined,
    replied: (_, _params: { conversationId: string }) => undefined,
    forceLogout: (_, _params: { reason: string }) => undefined,
    /** The claim ended by someone else's hand: say so, no logout. */
    notifyEnded: () => undefined,
    notifyReleased: () => undefined,
    persist: () => undefined,
    clear: assign({ conversationId: null, claimTime: null, expiresAt: null, replyLeft: 0, lastMessageId: null, next: false }),
  },
  guards: {
    gotClaim: ({ event }) => !!(event as unknown as { output?: ClaimWrapper | null }).output,
    timeUp: ({ context }) => secondsLeft(context.expiresAt) <= 0,
    newMessages: ({ event }) => isNewMessagesError((event as unknown as { error?: unknown }).error),
    sendNext: ({ context }) => context.next,
    claimGone: ({ event }) => isClaimGoneError((event as unknown as { error?: unknown }).error),
    isThisClaim: ({ context, event }) => (event as Extract<ClaimEvent, { type: 'ENDED' }>).conversationId === context.conversationId,
  },
  delays: {
    claimExpiry: ({ context }) => Math.max(0, (context.expiresAt ?? Date.now()) - Date.now()),
  },
}).createMachine({
  id: 'claim',
  context: { conversationId: null, claimTime: null, expiresAt: null, replyLeft: 0, lastMessageId: null, empty: false, next: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CLAIM: 'claiming',
        ADOPT: {
          target: 'claimed',
          actions: assign(({ event }) => ({
            conversationId: event.conversationId,
            claimTime: event.claimTime,
            expiresAt: event.claimTime + CLAIM_LIFETIME_MS,
            replyLeft: secondsLeft(event.claimTime + CLAIM_LIFETIME_MS),
            lastMessageId: event.lastMessageId,
            empty: false,
          })),
        },
      },
    },
    claiming: {
      invoke: {
        src: 'fetchClaim',
        onDone: [
          {
            guard: 'gotClaim',
            target: 'claimed',
            actions: [
              assign(({ event }) => {
                const wrapper = event.output as ClaimWrapper;
                const claimTime = dateMs(wrapper.claimTime);
                return {
                  conversationId: wrapper.conversation._id,
                  claimTime,
                  expiresAt: claimTime + CLAIM_LIFETIME_MS,
                  replyLeft: secondsLeft(claimTime + CLAIM_LIFETIME_MS),
                  lastMessageId: wrapper.conversation.messages[0]?._id ?? null,
                  empty: false,
                };
              }),
              { type: 'openConversation', params: ({ event }) => ({ wrapper: event.output as ClaimWrapper }) },
            ],
          },
          { target: 'idle', actions: [assign({ empty: true }), 'notifyEmpty'] },
        ],
        onError: { target: 'idle', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    claimed: {
      entry: 'persist',
      invoke: { src: 'replyTicker' },
      after: { claimExpiry: 'lapsed' },
      on: {
        TICK: [{ guard: 'timeUp', target: 'lapsed' }, { actions: assign({ replyLeft: ({ context }) => secondsLeft(context.expiresAt) }) }],
        LOADED: { actions: assign({ lastMessageId: ({ event }) => event.lastMessageId }) },
        RELEASE: { target: 'idle', actions: ['clear', 'persist'] },
        ENDED: { guard: 'isThisClaim', target: 'idle', actions: ['notifyEnded', 'clear', 'persist'] },
      },
      initial: 'reading',
      states: {
        reading: {
          on: {
            SEND: { target: 'replying', actions: assign({ next: ({ event }) => !!event.next }) },
            GIVE_BACK: 'releasing',
          },
        },
        releasing: {
          invoke: {
            src: 'releaseClaim',
            input: ({ context }) => ({ conversationId: context.conversationId ?? '' }),
            onDone: { target: '#claim.idle', actions: ['notifyReleased', 'clear', 'persist'] },
            onError: [
              { guard: 'claimGone', target: '#claim.idle', actions: ['notifyEnded', 'clear', 'persist'] },
              { target: 'reading', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        replying: {
          invoke: {
            src: 'sendReply',
            input: ({ context, event }) => ({
              conversationId: context.conversationId ?? '',
              lastMessageId: context.lastMessageId,
              draft: (event as Extract<ClaimEvent, { type: 'SEND' }>).draft,
            }),
            onDone: [
              {
                guard: 'sendNext',
                target: '#claim.claiming',
                actions: [{ type: 'replied', params: ({ context }) => ({ conversationId: context.conversationId ?? '' }) }, 'clear', 'persist'],
              },
              {
                target: '#claim.idle',
                actions: [{ type: 'replied', params: ({ context }) => ({ conversationId: context.conversationId ?? '' }) }, 'clear', 'persist'],
              },
            ],
            onError: [
              { guard: 'newMessages', target: 'reading', actions: 'showNewMessages' },
              { guard: 'claimGone', target: '#claim.idle', actions: ['notifyEnded', 'clear', 'persist'] },
              { target: 'reading', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    lapsed: {
      entry: [
        { type: 'forceLogout', params: () => ({ reason: t(REPLY_TIMER_LAPSE) }) },
        'clear',
        'persist',
      ],
      on: { CLAIM: 'claiming' },
    },
  },
});

export type ClaimActor = import('xstate').ActorRefFrom<typeof claimMachine>;
export type ClaimSnapshot = import('xstate').SnapshotFrom<typeof claimMachine>;
