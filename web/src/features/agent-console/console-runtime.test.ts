import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { authBridge } from '@web/lib/api';
import { stopAuthSession } from '@web/lib/auth-session';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { mockAgentState, resetAgentMocks } from '@web/mocks/handlers/agents';
import { makeToken } from '@web/mocks/tokens';
import { AGENT_CHANNEL, agentCommand, agentSessionStore, getConsoleActor, startAgentSession, type AgentSessionView } from './console-runtime';
import type { LockManagerLike } from '@web/sync/leader';
import { onSocketEvent, type WebSocketLike } from '@web/sync/socket';

/** A lock that is held elsewhere until the test hands it over (the other tab closed). */
function heldElsewhere() {
  let grant: (() => void) | null = null;
  const locks: LockManagerLike = {
    request: (_name, _options, callback) =>
      new Promise((resolve) => {
        grant = () => void callback({}).then(resolve);
      }),
  };
  return { locks, handOver: () => grant?.() };
}

function fakeSocket() {
  const opened: WebSocketLike[] = [];
  const create = (): WebSocketLike => {
    const ws: WebSocketLike = { readyState: 1, onopen: null, onclose: null, onmessage: null, onerror: null, send: () => undefined, close: () => undefined };
    opened.push(ws);
    queueMicrotask(() => ws.onopen?.(new Event('open')));
    return ws;
  };
  return { opened, create };
}

const leaderView = (over: Partial<AgentSessionView> = {}): AgentSessionView => ({
  status: 'online',
  sessionStartedAt: Date.now() - 60_000,
  breakReason: null,
  breakStartedAt: null,
  lockoutEndsAt: null,
  connection: 'open',
  attempts: 0,
  isMaster: true,
  ready: true,
  ...over,
});

describe('agent session across tabs', () => {
  let stop: (() => void) | null = null;
  let other: BroadcastChannel;
  const received: unknown[] = [];

  beforeEach(() => {
    stopAuthSession();
    resetAgentMocks();
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ isAuthenticated: true, token: makeToken({ _id: 'a-agent', type: 'agent', role: 'agent' }), expiryDate: Date.now() + 3_600_000, tokenUpdateInterval: TOKEN_UPDATE_INTERVAL }),
    );
    authBridge.getToken = () => readPersistedAuth().token;
    received.length = 0;
    // The other tab, as this tab hears it.
    other = new BroadcastChannel(AGENT_CHANNEL);
    other.onmessage = (event) => received.push(event.data);
  });
  afterEach(() => {
    stop?.();
    other.close();
    stopAuthSession();
  });

  it('a follower shows the leader state, opens no socket, and sends its commands to the leader', async () => {
    const lock = heldElsewhere();
    const socket = fakeSocket();
    stop = startAgentSession({ locks: lock.locks, createSocket: socket.create });
    // The new tab says hello; the leader answers with its state.
    await waitFor(() => expect(received).toContainEqual({ type: 'hello' }));
    const view = leaderView({ breakReason: null });
    other.postMessage({ type: 'state', view, preserved: { startedAt: view.sessionStartedAt, break: null } });
    await waitFor(() => expect(agentSessionStore.get()).toMatchObject({ status: 'online', isMaster: false, ready: true, connection: 'open' }));
    expect(socket.opened).toHaveLength(0);

    agentCommand({ command: 'PAUSE', reason: 'Lunch' });
    await waitFor(() => expect(received).toContainEqual({ type: 'command', command: 'PAUSE', reason: 'Lunch' }));
    // The follower asked; it did not call the API itself.
    expect(mockAgentState().session.status).toBe('offline');
  });

  it('when the leader goes, this tab takes the lock, opens the one socket and broadcasts its own state', async () => {
    const lock = heldElsewhere();
    const socket = fakeSocket();
    stop = startAgentSession({ locks: lock.locks, createSocket: socket.create });
    other.postMessage({ type: 'state', view: leaderView(), preserved: { startedAt: Date.now() - 60_000, break: null } });
    await waitFor(() => expect(agentSessionStore.get().isMaster).toBe(false));

    const before = Date.now();
    lock.handOver();
    await waitFor(() => expect(agentSessionStore.get()).toMatchObject({ isMaster: true, connection: 'open' }));
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(socket.opened).toHaveLength(1);
    await waitFor(() => expect(received.some((m) => (m as { type: string; view?: AgentSessionView }).type === 'state' && (m as { view: AgentSessionView }).view.isMaster)).toBe(true));

    // As the leader it runs commands itself: start goes to the API.
    agentCommand({ command: 'START' });
    await waitFor(() => expect(agentSessionStore.get().status).toBe('online'));
    expect(mockAgentState().session.status).toBe('online');
  });

  it("a new leader keeps showing what it last heard (never Offline) until it shows the server's session, and stores none of it", async () => {
    const startedAt = Date.now() - 600_000;
    mockAgentState().session = { ...mockAgentState().session, status: 'online', session: { _id: 's-1', startDate: new Date(startedAt).toISOString() } };
    const lock = heldElsewhere();
    const socket = fakeSocket();
    stop = startAgentSession({ locks: lock.locks, createSocket: socket.create });
    other.postMessage({ type: 'state', view: leaderView({ sessionStartedAt: startedAt }), preserved: { startedAt, break: null } });
    await waitFor(() => expect(agentSessionStore.get()).toMatchObject({ status: 'online', isMaster: false }));

    const seen: string[] = [];
    const off = agentSessionStore.subscribe(() => seen.push(agentSessionStore.get().status));
    lock.handOver();
    await waitFor(() => expect(agentSessionStore.get()).toMatchObject({ isMaster: true, status: 'online', sessionStartedAt: startedAt }));
    off();
    expect(seen).not.toContain('offline');
    // Adopted, not restarted: no second POST /api/event.
    expect(mockAgentState().session.session?._id).toBe('s-1');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('amora-agent'))).toEqual([]);
  });

  it("the leader hands every socket frame to the other tabs; a follower acts on the frames it is handed", async () => {
    const lock = heldElsewhere();
    const socket = fakeSocket();
    stop = startAgentSession({ locks: lock.locks, createSocket: socket.create });
    const heard: unknown[] = [];
    const off = onSocketEvent('claimEnded', (frame) => heard.push(frame));
    other.postMessage({ type: 'frame', frame: { event: 'claimEnded', conversationId: 'c-1', reason: 'replied-by-other' } });
    await waitFor(() => expect(heard).toEqual([{ event: 'claimEnded', conversationId: 'c-1', reason: 'replied-by-other' }]));
    off();

    lock.handOver();
    await waitFor(() => expect(socket.opened).toHaveLength(1));
    await waitFor(() => expect(socket.opened[0]!.onmessage).not.toBeNull());
    socket.opened[0]!.onmessage!(new MessageEvent('message', { data: JSON.stringify({ event: 'claimEnded', conversationId: 'c-2', reason: 'replied-by-other' }) }));
    await waitFor(() => expect(received).toContainEqual({ type: 'frame', frame: { event: 'claimEnded', conversationId: 'c-2', reason: 'replied-by-other' } }));
  });

  it("a follower lists the claims another tab took and drops the ones it replied to, from the leader's frames; a bad frame changes nothing", async () => {
    const lock = heldElsewhere();
    stop = startAgentSession({ locks: lock.locks, createSocket: fakeSocket().create });
    const listed = () => getConsoleActor()!.getSnapshot().context.claims.map((c) => [c.conversationId, c.ref.getSnapshot().context.replyLeft, c.ref.getSnapshot().context.memberName]);
    // The server's clock is ten minutes ahead of this tab's: the frame leaves at its claimTime, so 5:00 is left all the same.
    const serverNow = Date.now() + 600_000;
    const frame = (id: string) => ({
      event: 'claimStarted',
      conversationId: id,
      claimTime: new Date(serverNow).toISOString(),
      expiryTime: new Date(serverNow + 300_000).toISOString(),
      stock: 'message',
      memberName: `member ${id}`,
      profileName: 'zoe',
    });
    other.postMessage({ type: 'frame', frame: frame('c-7') });
    other.postMessage({ type: 'frame', frame: frame('c-8') });
    other.postMessage({ type: 'frame', frame: { ...frame('c-9'), expiryTime: 'never' } });
    other.postMessage({ type: 'frame', frame: { event: 'claimEnded', conversationId: 'c-8', reason: 'nobody-knows' } });
    await waitFor(() => expect(listed()).toEqual([['c-7', 300, 'member c-7'], ['c-8', 300, 'member c-8']]));
    other.postMessage({ type: 'frame', frame: { event: 'claimEnded', conversationId: 'c-8', reason: 'replied' } });
    await waitFor(() => expect(listed().map(([id]) => id)).toEqual(['c-7']));
  });
});
