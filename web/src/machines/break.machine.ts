import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { BREAK_INTERVAL_MS, formatLockout } from '@sync/contract/agents';

/**
 * The agent's break (docs/product.md#agent-session agent session, docs/product.md#errors-and-texts "pause within the hour", docs/product.md#constants break-interval 3600 s).
 *
 * Two regions: `pause` (no break → pausing → on break → resuming) and `lockout` (the break-interval countdown
 * that starts at 3600 s when a pause begins and blocks the next pause until it reaches 0). The server enforces
 * the same rule; the lockout here only spares the agent a refused request and shows the time left.
 * Stopping the session or losing the socket ends the break (RESET) but keeps the lockout: it is per hour, not per session.
 */

export interface BreakContext {
  reason: string | null;
  startedAt: number | null;
  /** Seconds on the current break. */
  elapsed: number;
  /** When the next pause is allowed (ms timestamp), null when it is allowed now. */
  lockoutEndsAt: number | null;
  /** Seconds left on the lockout, counted down each second from 3600. */
  lockoutLeft: number;
}

export interface BreakInput {
  lockoutEndsAt?: number | null;
}

export interface PauseOutput {
  /** The server's own count (docs/api.md#agents agentSessionState.breakIntervalLeftMs) when it answers one. */
  breakIntervalLeftMs?: number;
}

export type BreakEvent =
  | { type: 'PAUSE'; reason: string }
  | { type: 'RESUME' }
  /** The session stopped or the socket dropped: the break is over, the lockout stays. */
  | { type: 'RESET' }
  /** Restart a preserved break (restore timer, new leader tab) without asking for a new pause. */
  | { type: 'RESTORE'; reason: string; startedAt: number; lockoutEndsAt: number | null }
  /** The lockout as the server (or the leader tab) knows it. */
  | { type: 'LOCKOUT'; leftMs: number }
  | { type: 'TICK' }
  | { type: 'LOCKOUT_STARTED' };

const notProvided = (name: string) => () => {
  throw new Error(`break machine: provide the "${name}" actor`);
};

const secondsLeft = (endsAt: number | null, now: number) => (endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)));

const everySecond = fromCallback<BreakEvent>(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: 'TICK' }), 1000);
  return () => clearInterval(id);
});

export const breakMachine = setup({
  types: {
    context: {} as BreakContext,
    events: {} as BreakEvent,
    input: {} as BreakInput,
  },
  actors: {
    sendPause: fromPromise<PauseOutput, { reason: string }>(notProvided('sendPause')),
    sendResume: fromPromise<unknown, void>(notProvided('sendResume')),
    breakTicker: everySecond,
    lockoutTicker: everySecond,
  },
  actions: {
    /** docs/product.md#errors-and-texts 'You can only pause once per hour! Left: {time}'. */
    notifyLockout: (_, _params: { time: string }) => undefined,
    notifyError: (_, _params: { error: unknown }) => undefined,
    /** Tell the leader's other tabs and the local store. */
    persist: () => undefined,
    startLockout: assign(({ event }) => {
      const now = Date.now();
      const output = (event as unknown as { output?: PauseOutput }).output;
      const leftMs = typeof output?.breakIntervalLeftMs === 'number' && output.breakIntervalLeftMs > 0 ? output.breakIntervalLeftMs : BREAK_INTERVAL_MS;
      return { lockoutEndsAt: now + leftMs, lockoutLeft: secondsLeft(now + leftMs, now) };
    }),
    announceLockout: raise({ type: 'LOCKOUT_STARTED' }),
    clearBreak: assign({ reason: null, startedAt: null, elapsed: 0 }),
  },
  guards: {
    isLockedOut: ({ context }) => secondsLeft(context.lockoutEndsAt, Date.now()) > 0,
    lockoutOver: ({ context }) => secondsLeft(context.lockoutEndsAt, Date.now()) <= 0,
  },
}).createMachine({
  id: 'break',
  type: 'parallel',
  context: ({ input }) => ({
    reason: null,
    startedAt: null,
    elapsed: 0,
    lockoutEndsAt: input.lockoutEndsAt ?? null,
    lockoutLeft: secondsLeft(input.lockoutEndsAt ?? null, Date.now()),
  }),
  states: {
    pause: {
      initial: 'none',
      states: {
        none: {
          on: {
            PAUSE: [
              {
                guard: 'isLockedOut',
                actions: { type: 'notifyLockout', params: ({ context }) => ({ time: formatLockout((context.lockoutEndsAt ?? 0) - Date.now()) }) },
              },
              { target: 'pausing', actions: assign({ reason: ({ event }) => event.reason.trim() }) },
            ],
            RESTORE: {
              target: 'onBreak',
              actions: [
                assign(({ event }) => ({ reason: event.reason, startedAt: event.startedAt, lockoutEndsAt: event.lockoutEndsAt, lockoutLeft: secondsLeft(event.lockoutEndsAt, Date.now()) })),
                'announceLockout',
              ],
            },
          },
        },
        pausing: {
          invoke: {
            src: 'sendPause',
            input: ({ context }) => ({ reason: context.reason ?? '' }),
            onDone: { target: 'onBreak', actions: [assign({ startedAt: () => Date.now() }), 'startLockout', 'announceLockout'] },
            // The server's refusal (e.g. its own once-per-hour check) is shown as it words it.
            onError: { target: 'none', actions: ['clearBreak', { type: 'notifyError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        onBreak: {
          entry: [assign({ elapsed: ({ context }) => Math.max(0, Math.floor((Date.now() - (context.startedAt ?? Date.now())) / 1000)) }), 'persist'],
          invoke: { src: 'breakTicker' },
          on: {
            TICK: { actions: assign({ elapsed: ({ context }) => Math.max(0, Math.floor((Date.now() - (context.startedAt ?? Date.now())) / 1000)) }) },
            RESUME: 'resuming',
          },
        },
        resuming: {
          invoke: {
            src: 'sendResume',
            onDone: { target: 'none', actions: ['clearBreak', 'persist'] },
            onError: { target: 'onBreak', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
      on: {
        RESET: { target: '.none', actions: ['clearBreak', 'persist'] },
      },
    },
    lockout: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'lockoutOver', target: 'clear' }, { target: 'counting' }],
        },
        clear: {
          entry: assign({ lockoutLeft: 0, lockoutEndsAt: null }),
          on: { LOCKOUT_STARTED: 'checking' },
        },
        counting: {
          invoke: { src: 'lockoutTicker' },
          on: {
            TICK: [
              { guard: 'lockoutOver', target: 'clear' },
              { actions: assign({ lockoutLeft: ({ context }) => secondsLeft(context.lockoutEndsAt, Date.now()) }) },
            ],
            LOCKOUT_STARTED: { target: 'checking', reenter: true },
          },
        },
      },
      on: {
        LOCKOUT: {
          target: '.checking',
          actions: assign(({ event }) => {
            const now = Date.now();
            const endsAt = event.leftMs > 0 ? now + event.leftMs : null;
            return { lockoutEndsAt: endsAt, lockoutLeft: secondsLeft(endsAt, now) };
          }),
        },
      },
    },
  },
});

export type BreakActor = import('xstate').ActorRefFrom<typeof breakMachine>;
export type BreakSnapshot = import('xstate').SnapshotFrom<typeof breakMachine>;
