/**
 * The agent's session across tabs (docs/product.md#agent-session agent session, "one browser tab acts as leader for the socket and
 * shares state with the others"). One leader tab — whoever holds the Web Lock `amora-agent-leader` — runs the
 * session and break machines and holds the agent socket; it broadcasts the session state over
 * BroadcastChannel('amora-agent') every second and on each change. Other tabs show that state and send their
 * commands (start, stop, break, resume, reconnect) to the leader, and get every socket frame the leader
 * receives. When the leader closes, the browser hands the lock to the next tab at once; that tab keeps showing
 * the last state it heard, opens the socket and reads the agent's state from the server (GET /api/event),
 * which is the only truth: the browser keeps no copy of it that could outlive the tab or a logout.
 *
 * Every tab holds the same claims (docs/decisions/0031): its console machine spawns one claim actor per claim
 * the server says the agent holds (GET /api/claims on start, on becoming leader and when the socket comes
 * back) and keeps the list with the socket's `claimStarted` / `claimEnded`, whichever tab claimed or replied.
 */
import { createActor, type Subscription } from 'xstate';
import { claimEndedEvent, claimStartedEvent, type AgentSessionState } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { claimNext, fetchAgentStatus, fetchLiveClaims, postAgentStatus, releaseClaim, sendAgentReply } from '@web/lib/agent-api';
import { getAuth, logout } from '@web/lib/auth-session';
import { ApiError } from '@web/lib/http';
import { getApiBaseUrl } from '@web/lib/runtime-config';
import { registerSocket } from '@web/lib/socket-registry';
import { createAgentConsoleMachine, heldFromWrapper, type AgentConsoleActor } from '@web/machines/agent-console.machine';
import type { AgentSessionActor, PreservedSession } from '@web/machines/agent-session.machine';
import type { BreakActor } from '@web/machines/break.machine';
import { toast } from '@web/ui/toast';
import { forgetAllPrimed, forgetPrimed, primeConversation } from './claimed-views';
import { createStore } from '@web/lib/store';
import { createLeaderStore, electLeader, type LockManagerLike } from '@web/sync/leader';
import { dispatchSocketEvent, onSocketEvent, RealtimeSocket, socketUrl, type SocketFrame, type WebSocketFactory } from '@web/sync/socket';

export const AGENT_LEADER_LOCK = 'amora-agent-leader';
export const AGENT_CHANNEL = 'amora-agent';
const BROADCAST_EVERY_MS = 1000;

export type AgentStatusView = 'offline' | 'starting' | 'online' | 'pausing' | 'paused' | 'resuming' | 'stopping';
export type ConnectionView = 'idle' | 'connecting' | 'open' | 'waiting' | 'manual';

/** docs/product.md#data session state (agent), as every tab shows it. Timers are derived from the timestamps. */
export interface AgentSessionView {
  status: AgentStatusView;
  sessionStartedAt: number | null;
  breakReason: string | null;
  breakStartedAt: number | null;
  lockoutEndsAt: number | null;
  connection: ConnectionView;
  attempts: number;
  /** This tab holds the socket. */
  isMaster: boolean;
  /** A leader has been heard (followers) or this tab leads. */
  ready: boolean;
}

export type AgentCommand = { command: 'START' } | { command: 'STOP' } | { command: 'PAUSE'; reason: string } | { command: 'RESUME' } | { command: 'RECONNECT' };

type ChannelMessage =
  | { type: 'state'; view: AgentSessionView; preserved: PreservedSession | null }
  | ({ type: 'command' } & AgentCommand)
  | { type: 'hello' }
  /** A frame the leader's socket received, for the followers' own subscribers. */
  | { type: 'frame'; frame: SocketFrame };

const OFFLINE_VIEW: AgentSessionView = {
  status: 'offline',
  sessionStartedAt: null,
  breakReason: null,
  breakStartedAt: null,
  lockoutEndsAt: null,
  connection: 'idle',
  attempts: 0,
  isMaster: false,
  ready: false,
};

// ---------- the view store every tab reads ----------

const view = createStore<AgentSessionView>(OFFLINE_VIEW, { equals: sameView });
const setView = view.set;

function sameView(a: AgentSessionView, b: AgentSessionView): boolean {
  return (Object.keys(a) as (keyof AgentSessionView)[]).every((key) => a[key] === b[key]);
}

export const agentSessionStore = { get: view.get, subscribe: view.subscribe };

/** The server's session and break as the session machine keeps them. */
export function serverSession(state: AgentSessionState): PreservedSession | null {
  if (state.status === 'offline' || !state.session) return null;
  const brk = state.break;
  const lockoutEndsAt = state.breakIntervalLeftMs > 0 ? Date.now() + state.breakIntervalLeftMs : null;
  return {
    startedAt: new Date(state.session.startDate).getTime(),
    break: state.status === 'paused' && brk ? { reason: brk.reason, startedAt: new Date(brk.startDate).getTime(), lockoutEndsAt } : null,
  };
}

/** A forced logout says why (the logout itself leads staff back to the staff sign-in). */
function staffLogout(reason: string | null): void {
  if (reason) toast.warning(reason);
  logout();
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return t('agent.error-try-again');
}

interface Runtime {
  /** The one console actor; the session and break machines and every held claim are its children. */
  console: AgentConsoleActor;
  session: AgentSessionActor;
  brk: BreakActor;
  leader: boolean;
  channel: BroadcastChannel | null;
  socket: RealtimeSocket;
  stop(): void;
}

let runtime: Runtime | null = null;
const runtimeVersion = createStore(0);

function runtimeChanged(): void {
  runtimeVersion.set((n) => n + 1);
}

/** For hooks that read this tab's actors: tells them when the runtime starts or stops. */
export const agentRuntimeStore = { version: runtimeVersion.get, subscribe: runtimeVersion.subscribe };

export interface AgentRuntimeOptions {
  locks?: LockManagerLike | null;
  createSocket?: WebSocketFactory;
}

/** Starts the agent's session runtime in this tab (the agent layout); returns the stop. */
export function startAgentSession(options: AgentRuntimeOptions = {}): () => void {
  runtime?.stop();
  // Create the auth session now, not lazily inside a machine action (the socket asks for the token there).
  getAuth();
  const leaderStore = createLeaderStore();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AGENT_CHANNEL);
  let lastHeard = 0;
  /** A leader shows (and broadcasts) its own state only once it has read the server's. */
  let synced = false;

  const socket = new RealtimeSocket({
    url: () => {
      const { token } = getAuth();
      return token ? socketUrl(getApiBaseUrl(), token, window.location) : null;
    },
    shouldConnect: () => getAuth().kind === 'agent' && leaderStore.isLeader(),
    currentToken: () => getAuth().token,
    refreshToken: async () => undefined,
    onSessionEnded: () => logout(),
    onFrame: (frame) => {
      dispatchSocketEvent(frame);
      channel?.postMessage({ type: 'frame', frame } satisfies ChannelMessage);
    },
    onStateChange: (state) => {
      if (state === 'open') {
        consoleActor.send({ type: 'SOCKET_OPEN' });
        // Frames missed while the socket was down: the server's list says which claims are still held.
        syncClaims();
      }
      if (state === 'closed') consoleActor.send({ type: 'SOCKET_CLOSED' });
    },
    autoReconnect: false,
    ...(options.createSocket ? { createSocket: options.createSocket } : {}),
  });

  const consoleActor: AgentConsoleActor = createActor(
    createAgentConsoleMachine({
      sendStatus: ({ status }) => postAgentStatus(status),
      sendPause: async (reason) => {
        const state = await postAgentStatus('paused', reason);
        return state && typeof state.breakIntervalLeftMs === 'number' ? { breakIntervalLeftMs: state.breakIntervalLeftMs } : {};
      },
      sendResume: () => postAgentStatus('online'),
      restoreBreakOnServer: (reason) => postAgentStatus('paused', reason),
      fetchClaim: () => claimNext(),
      sendReply: (input) => sendAgentReply(input.conversationId, { ...input.draft, lastMessageId: input.lastMessageId }),
      releaseClaim: (conversationId) => releaseClaim(conversationId),
      openSocket: () => {
        socket.start();
        socket.reconnectNow();
      },
      closeSocket: () => socket.stop(1000, 'not the leader tab'),
      publish: () => publish(),
      notifyError: (error) => toast.error(errorText(error)),
      notifyLockout: (time) => toast.error(t('agent.pause-once-per-hour', { time })),
      notifyEmpty: () => toast.info(t('agent.queue-empty')),
      notifyLimit: (max) => toast.error(t('agent.claim-limit', { max: String(max) })),
      notifyEnded: () => toast.warning(t('agent.claim-ended')),
      notifyReleased: () => toast.success(t('agent.claim-released')),
      showNewMessages: () => toast.error(t('error.new-messages')),
      openConversation: (wrapper) => primeConversation(wrapper.conversation),
      replied: () => toast.success(t('agent.reply-sent')),
      forceLogout: (reason) => staffLogout(reason),
    }),
  );
  const children = consoleActor.getSnapshot().children;
  const session = children.session as AgentSessionActor;
  const brk = children.break as BreakActor;

  const self: Runtime = { console: consoleActor, session, brk, leader: false, channel, socket, stop: () => undefined };
  runtime = self;
  runtimeChanged();

  const localView = (): AgentSessionView => {
    const s = session.getSnapshot();
    const b = brk.getSnapshot();
    const sessionState = (s.value as { session: string }).session;
    const pause = (b.value as { pause: string }).pause;
    let status: AgentStatusView = sessionState as AgentStatusView;
    if (sessionState === 'online' && pause !== 'none') status = pause === 'onBreak' ? 'paused' : (pause as AgentStatusView);
    return {
      status,
      sessionStartedAt: s.context.sessionStartedAt,
      breakReason: status === 'paused' || status === 'resuming' ? b.context.reason : null,
      breakStartedAt: status === 'paused' || status === 'resuming' ? b.context.startedAt : null,
      lockoutEndsAt: b.context.lockoutEndsAt,
      connection: (s.value as { connection: ConnectionView }).connection,
      attempts: s.context.attempts,
      isMaster: true,
      ready: true,
    };
  };

  const publish = () => {
    if (!self.leader || !synced) return;
    const next = localView();
    setView(next);
    channel?.postMessage({ type: 'state', view: next, preserved: session.getSnapshot().context.preserved } satisfies ChannelMessage);
  };

  const subs: Subscription[] = [session.subscribe(() => publish()), brk.subscribe(() => publish())];
  // A claim that left the list takes its kept view along.
  const offLeft = consoleActor.on('claimLeft', ({ conversationId }) => forgetPrimed(conversationId));
  consoleActor.start();

  /** The server's list of held claims, read again; each claim's view is kept so the chat opens from it at once. */
  function syncClaims() {
    const askedAt = Date.now();
    fetchLiveClaims()
      .then((held) => {
        if (runtime !== self) return;
        for (const wrapper of held.data) primeConversation(wrapper.conversation, { keep: true });
        consoleActor.send({ type: 'SYNC', claims: held.data.map((w) => heldFromWrapper(w, held.now)), maxClaims: held.maxClaims, askedAt });
      })
      .catch(() => undefined);
  }

  const heartbeat = setInterval(() => {
    if (self.leader) publish();
    else if (lastHeard && Date.now() - lastHeard > 3 * BROADCAST_EVERY_MS) setView({ ...agentSessionStore.get(), ready: false });
  }, BROADCAST_EVERY_MS);

  if (channel) {
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      const data = event.data;
      if (!data) return;
      if (data.type === 'frame' && !self.leader) {
        dispatchSocketEvent(data.frame);
      } else if (data.type === 'state' && !self.leader) {
        // The leader's socket is back: frames it missed meanwhile, this tab missed too.
        if (data.view.connection === 'open' && agentSessionStore.get().connection !== 'open' && agentSessionStore.get().ready) syncClaims();
        lastHeard = Date.now();
        consoleActor.send({ type: 'BROADCAST', preserved: data.preserved });
        if (data.view.lockoutEndsAt !== brk.getSnapshot().context.lockoutEndsAt) {
          consoleActor.send({ type: 'LOCKOUT', leftMs: data.view.lockoutEndsAt ? data.view.lockoutEndsAt - Date.now() : 0 });
        }
        setView({ ...data.view, isMaster: false, ready: true });
      } else if (data.type === 'command' && self.leader) {
        runCommand(data);
      } else if (data.type === 'hello' && self.leader) {
        publish();
      }
    };
    channel.postMessage({ type: 'hello' } satisfies ChannelMessage);
  }

  const releaseLeader = electLeader(
    (leader) => {
      self.leader = leader;
      synced = false;
      leaderStore.set(leader);
      consoleActor.send({ type: 'LEADER', isMaster: leader });
      if (!leader) return;
      // Until the server answers, this tab keeps showing the session it last heard from the old leader; the
      // connection shown is this tab's own (its socket is only now opening).
      const own = localView();
      setView({ ...agentSessionStore.get(), isMaster: true, connection: own.connection, attempts: own.attempts });
      fetchAgentStatus()
        .then((state) => {
          if (runtime !== self || !self.leader) return;
          consoleActor.send({ type: 'LOCKOUT', leftMs: state.breakIntervalLeftMs });
          consoleActor.send({ type: 'SERVER_STATE', session: serverSession(state) });
        })
        .catch(() => undefined)
        .finally(() => {
          synced = true;
          publish();
        });
    },
    options.locks,
    AGENT_LEADER_LOCK,
  );

  const unregister = registerSocket('agent', socket);
  const offEvents = [
    onSocketEvent('logout', (frame) => staffLogout(frame.reason === 'signed-in-elsewhere' ? t('agent.signed-in-elsewhere') : null)),
    onSocketEvent('claimEnded', (frame) => {
      const ended = claimEndedEvent.safeParse(frame);
      if (ended.success) consoleActor.send({ type: 'ENDED', conversationId: ended.data.conversationId, reason: ended.data.reason });
    }),
    // A claim taken in any tab of this agent's: listed here too, counting down from the server's expiry.
    onSocketEvent('claimStarted', (frame) => {
      const started = claimStartedEvent.safeParse(frame);
      if (!started.success) return;
      const f = started.data;
      consoleActor.send({
        type: 'ADOPT',
        claim: { conversationId: f.conversationId, expiresAt: Date.now() + (Date.parse(f.expiryTime) - Date.parse(f.claimTime)), lastMessageId: null, memberName: f.memberName, profileName: f.profileName, stock: f.stock },
      });
    }),
    onSocketEvent('agentStatusUpdate', (frame) => {
      const state = frame as unknown as Partial<AgentSessionState> & { reason?: string | null };
      if (typeof state.breakIntervalLeftMs === 'number') consoleActor.send({ type: 'LOCKOUT', leftMs: state.breakIntervalLeftMs });
      // Ended by someone else (an admin): a drop of our own socket ('disconnect') is restored instead.
      if (state.status === 'offline' && state.reason !== 'disconnect') consoleActor.send({ type: 'SERVER_STOPPED' });
    }),
  ];

  // Every claim still held after a reload comes back at once, each with its own countdown.
  syncClaims();

  // The session ended (here or in the leader tab): this tab's claims end with it.
  let wasOnline = false;
  const offView = agentSessionStore.subscribe(() => {
    const current = agentSessionStore.get();
    const online = current.status !== 'offline';
    if (wasOnline && !online && current.ready) consoleActor.send({ type: 'RELEASE' });
    wasOnline = online;
  });

  self.stop = () => {
    clearInterval(heartbeat);
    subs.forEach((sub) => sub.unsubscribe());
    offEvents.forEach((off) => off());
    offView();
    offLeft.unsubscribe();
    forgetAllPrimed();
    releaseLeader();
    socket.stop();
    unregister();
    consoleActor.stop();
    channel?.close();
    if (runtime === self) {
      runtime = null;
      setView(OFFLINE_VIEW);
      runtimeChanged();
    }
  };
  return self.stop;
}

function runCommand(command: AgentCommand): void {
  const current = runtime;
  if (!current) return;
  switch (command.command) {
    case 'START':
      current.console.send({ type: 'START' });
      break;
    case 'STOP':
      current.console.send({ type: 'STOP' });
      break;
    case 'PAUSE':
      current.console.send({ type: 'PAUSE', reason: command.reason });
      break;
    case 'RESUME':
      current.console.send({ type: 'RESUME' });
      break;
    case 'RECONNECT':
      current.console.send({ type: 'RECONNECT' });
      break;
  }
}

/** Start, stop, break, resume, reconnect: run here when this tab leads, otherwise sent to the leader. */
export function agentCommand(command: AgentCommand): void {
  const current = runtime;
  if (!current) return;
  if (current.leader) runCommand(command);
  else current.channel?.postMessage({ type: 'command', ...command } satisfies ChannelMessage);
}

/** This tab's console actor (claims, replies, what the screens hear); null before the agent area starts. */
export function getConsoleActor(): AgentConsoleActor | null {
  return runtime?.console ?? null;
}

/** For the lockout check before opening the break dialog. */
export function getBreakActor(): BreakActor | null {
  return runtime?.brk ?? null;
}
