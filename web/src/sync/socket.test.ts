import { backoffDelay } from './backoff';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_UNAUTHORIZED,
  dispatchSocketEvent,
  onSocketEvent,
  parseFrame,
  RealtimeSocket,
  socketUrl,
  type RealtimeSocketOptions,
  type SocketFrame,
  type WebSocketLike,
} from './socket';

/** Just enough of a browser WebSocket: the test opens, answers and closes it by hand. */
class FakeWebSocket implements WebSocketLike {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: SocketFrame[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as SocketFrame);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSend(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '', wasClean: true } as CloseEvent);
  }
  heartbeats() {
    return this.sent.filter((f) => f.event === 'heartbeat').length;
  }
}

const latest = () => {
  const ws = FakeWebSocket.all.at(-1);
  if (!ws) throw new Error('no socket opened');
  return ws;
};

let token: string | null;
let frames: SocketFrame[];

function make(overrides: Partial<RealtimeSocketOptions> = {}) {
  return new RealtimeSocket({
    url: () => (token ? `ws://example.test/api/ws?token=${token}` : null),
    shouldConnect: () => token !== null,
    currentToken: () => token,
    refreshToken: async () => undefined,
    onSessionEnded: vi.fn(),
    onFrame: (frame) => frames.push(frame),
    createSocket: (url) => new FakeWebSocket(url),
    random: () => 0.5,
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.all = [];
  token = 't1';
  frames = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeSocket', () => {
  it('connects with the token and goes connecting -> open -> closed', () => {
    const states: string[] = [];
    const socket = make({ onStateChange: (s) => states.push(s) });
    socket.start();
    expect(latest().url).toBe('ws://example.test/api/ws?token=t1');
    expect(socket.state).toBe('connecting');
    latest().serverOpen();
    expect(socket.state).toBe('open');
    socket.stop();
    expect(states).toEqual(['connecting', 'open', 'closed']);
    expect(latest().closedWith?.code).toBe(1000);
  });

  it('does not connect while shouldConnect says no, and connects on reevaluate once it says yes', () => {
    let leader = false;
    const socket = make({ shouldConnect: () => leader });
    socket.start();
    expect(FakeWebSocket.all).toHaveLength(0);
    leader = true;
    socket.reevaluate();
    expect(FakeWebSocket.all).toHaveLength(1);
    latest().serverOpen();
    leader = false;
    socket.reevaluate();
    expect(latest().closedWith).not.toBeNull();
    expect(socket.state).toBe('closed');
    socket.stop();
  });

  it('sends a heartbeat every 60 s while open', () => {
    const socket = make();
    socket.start();
    latest().serverOpen();
    vi.advanceTimersByTime(59_999);
    expect(latest().heartbeats()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(latest().heartbeats()).toBe(1);
    latest().serverSend({ event: 'heartbeat' });
    vi.advanceTimersByTime(60_000);
    expect(latest().heartbeats()).toBe(2);
    latest().serverSend({ event: 'heartbeat' });
    vi.advanceTimersByTime(60_000);
    expect(latest().heartbeats()).toBe(3);
    expect(FakeWebSocket.all).toHaveLength(1);
    socket.stop();
  });

  it('treats no frame within 60 s of a heartbeat as dead: closes and reconnects', () => {
    const socket = make();
    socket.start();
    const first = latest();
    first.serverOpen();
    vi.advanceTimersByTime(60_000); // heartbeat out, nothing back
    expect(first.heartbeats()).toBe(1);
    vi.advanceTimersByTime(59_999);
    expect(first.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).not.toBeNull();
    expect(socket.state).toBe('closed');
    // first retry after the jittered first step (random 0.5 -> 750 ms of 1 s)
    vi.advanceTimersByTime(750);
    expect(FakeWebSocket.all).toHaveLength(2);
    expect(socket.state).toBe('connecting');
    socket.stop();
  });

  it('any frame after a heartbeat keeps the connection', () => {
    const socket = make();
    socket.start();
    latest().serverOpen();
    vi.advanceTimersByTime(60_000);
    vi.advanceTimersByTime(30_000);
    latest().serverSend({ event: 'unreadMessageCount', count: 1 });
    vi.advanceTimersByTime(45_000);
    expect(latest().closedWith).toBeNull();
    expect(FakeWebSocket.all).toHaveLength(1);
    socket.stop();
  });

  it('reconnects with exponential backoff and jitter, capped at 30 s, reset by a successful open', () => {
    const socket = make({ random: () => 0 });
    socket.start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      latest().serverClose(1006);
      const before = FakeWebSocket.all.length;
      let waited = 0;
      while (FakeWebSocket.all.length === before) {
        vi.advanceTimersByTime(50);
        waited += 50;
      }
      waits.push(waited);
    }
    // random 0 -> half of each step: 1, 2, 4, 8, 16, 30 (cap), 30 s
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    latest().serverOpen();
    latest().serverClose(1006);
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.all).toHaveLength(9);
    socket.stop();
  });

  it('backoffDelay spreads between half and the full step', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });

  it('reconnects at once on an online event or when the tab becomes visible', () => {
    const socket = make();
    socket.start();
    latest().serverClose(1006);
    expect(FakeWebSocket.all).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.all).toHaveLength(2);
    latest().serverClose(1006);
    expect(FakeWebSocket.all).toHaveLength(2);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeWebSocket.all).toHaveLength(3);
    // an open socket is left alone
    latest().serverOpen();
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.all).toHaveLength(3);
    socket.stop();
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.all).toHaveLength(3);
  });

  it('on 4401 refreshes the token and reconnects with the new one', async () => {
    const refreshToken = vi.fn(async () => {
      token = 't2';
    });
    const onSessionEnded = vi.fn();
    const socket = make({ refreshToken, onSessionEnded });
    socket.start();
    latest().serverClose(CLOSE_UNAUTHORIZED);
    await vi.waitFor(() => expect(FakeWebSocket.all).toHaveLength(2));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(latest().url).toContain('token=t2');
    expect(onSessionEnded).not.toHaveBeenCalled();
    socket.stop();
  });

  it('on 4401 ends the session when the refresh gives no new token', async () => {
    const onSessionEnded = vi.fn();
    const socket = make({ refreshToken: async () => Promise.reject(new Error('403')), onSessionEnded });
    socket.start();
    latest().serverClose(CLOSE_UNAUTHORIZED);
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('passes frames on and drops events carrying an error field or not JSON', () => {
    const socket = make();
    socket.start();
    latest().serverOpen();
    latest().serverSend({ event: 'userUpdate', payload: { a: 1 } });
    latest().serverSend({ event: 'unreadMessageCount', error: 'failed' });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(frames).toEqual([{ event: 'userUpdate', payload: { a: 1 } }]);
    socket.stop();
  });

  it('close() from the socket registry stops reconnecting', () => {
    const socket = make();
    socket.start();
    latest().serverOpen();
    socket.close(1000, 'logout');
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(socket.state).toBe('closed');
  });
});

describe('frames, subscribers and the address', () => {
  it('parseFrame keeps only { event } objects without error', () => {
    expect(parseFrame('{"event":"logout","reason":"x"}')).toEqual({ event: 'logout', reason: 'x' });
    expect(parseFrame('{"event":"logout","error":"failed"}')).toBeNull();
    expect(parseFrame('[1]')).toBeNull();
    expect(parseFrame('{"nope":1}')).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('dispatches to subscribers of that event until they unsubscribe; a throwing handler spares the rest', () => {
    const got: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offA = onSocketEvent('newMessage', () => {
      throw new Error('boom');
    });
    const offB = onSocketEvent('newMessage', (f) => got.push(String(f.id)));
    dispatchSocketEvent({ event: 'newMessage', id: 1 });
    dispatchSocketEvent({ event: 'other', id: 2 });
    offB();
    dispatchSocketEvent({ event: 'newMessage', id: 3 });
    offA();
    expect(got).toEqual(['1']);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('socketUrl follows the page protocol and origin', () => {
    expect(socketUrl('/api', 'a b', { protocol: 'https:', host: 'x.test', href: 'https://x.test/profiles' })).toBe('wss://x.test/api/ws?token=a+b');
    expect(socketUrl('/api/', 'tok', { protocol: 'http:', host: 'localhost:3000', href: 'http://localhost:3000/' })).toBe('ws://localhost:3000/api/ws?token=tok');
  });
});
