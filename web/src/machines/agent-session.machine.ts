import { and, assign, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import { AGENT_SOCKET_RETRIES, AGENT_SOCKET_RETRY_MS, SESSION_RESTORE_CHECK_MS, SESSION_RESTORE_STALE_MS } from '@sync/contract/agents';

/**
 * The agent's work session in the tab that leads (docs/product.md#data session state, docs/product.md#agent-session agent session, docs/product.md#constants timers).
 * Three parallel regions:
 *  - `session`: offline → starting → online → stopping → offline (POST /api/event online|offline). A dropped
 *    socket turns the session off without a request (the server ends it on disconnect) but keeps it preserved.
 *  - `connection`: the agent socket. After a drop it reconnects 6 times, 10 s apart; then it waits for the
 *    agent's manual reconnect (the button).
 *  - `restore`: every 5 s, the leader tab restarts a preserved session (and its break) when no other tab has
 *    broadcast for over 10 s — after this tab's socket dropped long enough for the server to end the shift.
 * The server is the truth: a tab that becomes leader (a reload, the leader tab closed) reads the agent's state
 * (GET /api/event) and adopts it (SERVER_STATE) instead of restarting anything. The preserved session lives in
 * memory only; nothing of it outlives the tab or a logout.
 */

export interface PreservedBreak {
  reason: string;
  startedAt: number;
  lockoutEndsAt: number | null;
}

/** What survives a reload or a change of leader tab: the session, and the break inside it. */
export interface PreservedSession {
  startedAt: number;
  break: PreservedBreak | null;
}

export interface AgentSessionContext {
  sessionStartedAt: number | null;
  /** Seconds since the session started. */
  sessionSeconds: number;
  /** This tab holds the agent socket (Web Locks leader). */
  isMaster: boolean;
  /** Last time another tab broadcast the session state (ms), or the preserved state was saved. */
  lastBroadcastAt: number;
  preserved: PreservedSession | null;
  /** Reconnect attempts since the socket dropped. */
  attempts: number;
  retries: number;
  retryMs: number;
  restoring: boolean;
}

export interface AgentSessionInput {
  preserved?: PreservedSession | null;
  /** When `preserved` was saved (ms). */
  savedAt?: number;
  retries?: number;
  retryMs?: number;
}

export type AgentSessionEvent =
  | { type: 'START' }
  | { type: 'STOP' }
  /** The break machine's state, kept so a restart can restore the break too. */
  | { type: 'BREAK_CHANGED'; break: PreservedBreak | null }
  | { type: 'LEADER'; isMaster: boolean }
  /** Another tab's broadcast of its session state. */
  | { type: 'BROADCAST'; preserved: PreservedSession | null }
  | { type: 'SOCKET_OPEN' }
  | { type: 'SOCKET_CLOSED' }
  | { type: 'RECONNECT' }
  | { type: 'TICK' }
  | { type: 'RESTORE_CHECK' }
  | { type: 'DISCONNECTED' }
  /** The server ended the session itself (an admin set the agent offline): nothing to restore. */
  | { type: 'SERVER_STOPPED' }
  /** The agent's state as the server holds it (GET /api/event): the session, if open, and its break. */
  | { type: 'SERVER_STATE'; session: PreservedSession | null };

export interface SendStatusInput {
  status: 'online' | 'offline';
}

const notProvided = (name: string) => () => {
  throw new Error(`agent session machine: provide the "${name}" actor`);
};

const ticker = (type: 'TICK' | 'RESTORE_CHECK', everyMs: number) =>
  fromCallback<AgentSessionEvent>(({ sendBack }) => {
    const id = setInterval(() => sendBack({ type } as AgentSessionEvent), everyMs);
    return () => clearInterval(id);
  });

export const agentSessionMachine = setup({
  types: {
    context: {} as AgentSessionContext,
    events: {} as AgentSessionEvent,
    input: {} as AgentSessionInput,
  },
  actors: {
    sendStatus: fromPromise<unknown, SendStatusInput>(notProvided('sendStatus')),
    sessionTicker: ticker('TICK', 1000),
    restoreTicker: ticker('RESTORE_CHECK', SESSION_RESTORE_CHECK_MS),
  },
  actions: {
    openSocket: () => undefined,
    closeSocket: () => undefined,
    /** Stop clears the conversations and timers (docs/product.md#agent-session). */
    clearConversations: () => undefined,
    /** The break ends with the session or the socket (RESET to the break machine). */
    endBreak: () => undefined,
    /** Restart a preserved break once the session is back. */
    restoreBreak: (_, _params: { preserved: PreservedBreak }) => undefined,
    /** Show the break the server holds (no request: it is already open there). */
    adoptBreak: (_, _params: { preserved: PreservedBreak }) => undefined,
    adoptServerSession: assign(({ event }) => {
      const session = (event as Extract<AgentSessionEvent, { type: 'SERVER_STATE' }>).session!;
      return { sessionStartedAt: session.startedAt, sessionSeconds: Math.max(0, Math.floor((Date.now() - session.startedAt) / 1000)), preserved: session, restoring: false };
    }),
    notifyError: (_, _params: { error: unknown }) => undefined,
    /** Save the preserved state and broadcast it to the other tabs. */
    persist: () => undefined,
    startRestoring: raise({ type: 'START' }),
    markOnline: assign(({ context }) => {
      const now = Date.now();
      // A restart keeps the preserved start (the session timer goes on); a fresh start clears the break.
      const preserved: PreservedSession = context.restoring && context.preserved ? context.preserved : { startedAt: now, break: null };
      return { sessionStartedAt: preserved.startedAt, sessionSeconds: Math.max(0, Math.floor((now - preserved.startedAt) / 1000)), preserved, restoring: false };
    }),
  },
  guards: {
    canRetry: ({ context }) => context.attempts < context.retries,
    canRestore: ({ context }) =>
      context.isMaster && !!context.preserved && Date.now() - context.lastBroadcastAt > SESSION_RESTORE_STALE_MS,
    hasPreservedBreak: ({ context }) => context.restoring && !!context.preserved?.break,
    serverOnline: ({ event }) => !!(event as Extract<AgentSessionEvent, { type: 'SERVER_STATE' }>).session,
    serverBreak: ({ event }) => !!(event as Extract<AgentSessionEvent, { type: 'SERVER_STATE' }>).session?.break,
  },
  delays: {
    retryDelay: ({ context }) => context.retryMs,
  },
}).createMachine({
  id: 'agentSession',
  type: 'parallel',
  context: ({ input }) => ({
    sessionStartedAt: null,
    sessionSeconds: 0,
    isMaster: false,
    lastBroadcastAt: input.savedAt ?? 0,
    preserved: input.preserved ?? null,
    attempts: 0,
    retries: input.retries ?? AGENT_SOCKET_RETRIES,
    retryMs: input.retryMs ?? AGENT_SOCKET_RETRY_MS,
    restoring: false,
  }),
  states: {
    session: {
      initial: 'offline',
      states: {
        offline: {
          on: {
            START: 'starting',
            SERVER_STATE: [
              { guard: 'serverBreak', target: 'online', actions: ['adoptServerSession', { type: 'adoptBreak', params: ({ event }) => ({ preserved: event.session!.break! }) }, 'persist'] },
              { guard: 'serverOnline', target: 'online', actions: ['adoptServerSession', 'persist'] },
            ],
          },
        },
        starting: {
          invoke: {
            src: 'sendStatus',
            input: () => ({ status: 'online' as const }),
            onDone: [
              {
                guard: 'hasPreservedBreak',
                target: 'online',
                actions: [
                  { type: 'restoreBreak', params: ({ context }) => ({ preserved: context.preserved!.break! }) },
                  'markOnline',
                  'persist',
                ],
              },
              { target: 'online', actions: ['markOnline', 'persist'] },
            ],
            onError: { target: 'offline', actions: [assign({ restoring: false }), { type: 'notifyError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        online: {
          invoke: { src: 'sessionTicker' },
          on: {
            TICK: { actions: assign({ sessionSeconds: ({ context }) => Math.max(0, Math.floor((Date.now() - (context.sessionStartedAt ?? Date.now())) / 1000)) }) },
            STOP: 'stopping',
            BREAK_CHANGED: {
              actions: [assign({ preserved: ({ context, event }) => (context.preserved ? { ...context.preserved, break: event.break } : null) }), 'persist'],
            },
            // The server ends the session when the socket goes; keep it preserved so it comes back with the socket.
            DISCONNECTED: { target: 'offline', actions: ['endBreak', assign({ sessionStartedAt: null, sessionSeconds: 0 })] },
            SERVER_STOPPED: {
              target: 'offline',
              actions: ['endBreak', 'clearConversations', assign({ sessionStartedAt: null, sessionSeconds: 0, preserved: null }), 'persist'],
            },
            SERVER_STATE: [
              { guard: 'serverOnline', actions: 'adoptServerSession' },
              { target: 'offline', actions: ['endBreak', 'clearConversations', assign({ sessionStartedAt: null, sessionSeconds: 0, preserved: null }), 'persist'] },
            ],
          },
        },
        stopping: {
          invoke: {
            src: 'sendStatus',
            input: () => ({ status: 'offline' as const }),
            onDone: {
              target: 'offline',
              actions: ['endBreak', 'clearConversations', assign({ sessionStartedAt: null, sessionSeconds: 0, preserved: null }), 'persist'],
            },
            onError: { target: 'online', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    connection: {
      initial: 'idle',
      states: {
        idle: {
          on: { LEADER: { guard: ({ event }) => event.isMaster, target: 'connecting', actions: [assign({ isMaster: true, attempts: 0 }), 'openSocket'] } },
        },
        connecting: {
          on: {
            SOCKET_OPEN: { target: 'open', actions: assign({ attempts: 0 }) },
            SOCKET_CLOSED: [{ guard: 'canRetry', target: 'waiting' }, { target: 'manual' }],
          },
        },
        open: {
          on: {
            SOCKET_CLOSED: { target: 'waiting', actions: raise({ type: 'DISCONNECTED' }) },
          },
        },
        waiting: {
          // The browser came back online or the tab became visible: the socket reconnected without waiting.
          on: { SOCKET_OPEN: { target: 'open', actions: assign({ attempts: 0 }) } },
          after: { retryDelay: { target: 'connecting', actions: [assign({ attempts: ({ context }) => context.attempts + 1 }), 'openSocket'] } },
        },
        /** docs/product.md#constants: after 6 retries the console offers a manual reconnect. */
        manual: {
          on: {
            RECONNECT: { target: 'connecting', actions: [assign({ attempts: 0 }), 'openSocket'] },
            SOCKET_OPEN: { target: 'open', actions: assign({ attempts: 0 }) },
          },
        },
      },
      on: {
        LEADER: { guard: ({ event }) => !event.isMaster, target: '.idle', actions: [assign({ isMaster: false }), 'closeSocket'] },
      },
    },
    restore: {
      invoke: { src: 'restoreTicker' },
      on: {
        BROADCAST: { actions: assign({ lastBroadcastAt: () => Date.now(), preserved: ({ event }) => event.preserved }) },
        RESTORE_CHECK: {
          guard: and(['canRestore', stateIn({ session: 'offline' }), stateIn({ connection: 'open' })]),
          actions: [assign({ restoring: true }), 'startRestoring'],
        },
      },
    },
  },
});

export type AgentSessionActor = import('xstate').ActorRefFrom<typeof agentSessionMachine>;
export type AgentSessionSnapshot = import('xstate').SnapshotFrom<typeof agentSessionMachine>;
