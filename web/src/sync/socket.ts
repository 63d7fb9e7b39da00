/**
 * The member's realtime socket (docs/api.md#websocket; docs/product.md#constants heartbeat).
 *
 * Transport only: it knows how to stay connected, not what the events mean. Events reach whoever
 * subscribed with `onSocketEvent`; member-socket.ts wires the built-in ones (logout, userUpdate, unread).
 *
 * Whether this tab may hold a socket at all is the `shouldConnect` predicate. Today it is "a member is
 * signed in"; issue C moves the socket to one leader tab (Web Locks) by adding "and this tab holds the
 * lock" to the predicate and calling `reevaluate()` when leadership changes — nothing else here moves.
 */

import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from './backoff';

export type SocketState = 'connecting' | 'open' | 'closed';

export interface SocketFrame {
  event: string;
  [field: string]: unknown;
}

/** The slice of the DOM WebSocket this class uses, so tests can hand in a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

/** docs/api.md#websocket: a bad or expired token closes the socket with this code. */
export const CLOSE_UNAUTHORIZED = 4401;
/** The server's "your session ended" close (sent right after a `logout` event). */
export const CLOSE_SESSION_ENDED = 4000;
/** docs/product.md#constants: heartbeat every 60 s, pong timeout 60 s. */
export const HEARTBEAT_MS = 60_000;
export const PONG_TIMEOUT_MS = 60_000;
/** Our own close when the server stopped answering (4000–4999 are free for applications). */
export const CLOSE_PONG_TIMEOUT = 4008;

const OPEN = 1;

export interface RealtimeSocketOptions {
  /** The address with the current token, or null when there is no token to connect with. */
  url: () => string | null;
  /** May this tab hold the socket now? (Issue C: signed in AND leader tab.) */
  shouldConnect: () => boolean;
  /** The token the socket would use now; compared before and after a refresh on a 4401. */
  currentToken: () => string | null;
  /** Refreshes the access token if it can (ensureFreshToken); must not throw for a refused refresh. */
  refreshToken: () => Promise<void>;
  /** The session is over (4401 that a refresh cannot cure, or the server ended the session). */
  onSessionEnded: () => void;
  onFrame: (frame: SocketFrame) => void;
  onStateChange?: (state: SocketState) => void;
  /**
   * Reconnect on its own with backoff after a drop (docs/api.md#websocket: on by default). The agent session turns it off:
   * its machine decides when to call `reconnectNow()` (6 tries 10 s apart, then a manual button).
   */
  autoReconnect?: boolean;
  createSocket?: WebSocketFactory;
  random?: () => number;
  heartbeatMs?: number;
  pongTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
}

export class RealtimeSocket {
  private ws: WebSocketLike | null = null;
  private current: SocketState = 'closed';
  private running = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private detachWindow: (() => void) | null = null;
  private readonly opts: Required<Omit<RealtimeSocketOptions, 'onStateChange'>> & Pick<RealtimeSocketOptions, 'onStateChange'>;

  constructor(options: RealtimeSocketOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url),
      autoReconnect: true,
      random: Math.random,
      heartbeatMs: HEARTBEAT_MS,
      pongTimeoutMs: PONG_TIMEOUT_MS,
      backoffBaseMs: BACKOFF_BASE_MS,
      backoffCapMs: BACKOFF_CAP_MS,
      ...options,
    };
  }

  get state(): SocketState {
    return this.current;
  }

  /** Keep a connection up from now on (while `shouldConnect` allows). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.attachWindow();
    this.reevaluate();
  }

  /** Close for good: no reconnect until `start()` again. */
  stop(code = 1000, reason = 'stopped'): void {
    this.running = false;
    this.detachWindow?.();
    this.detachWindow = null;
    this.clearReconnect();
    this.drop(code, reason);
  }

  /** The socket registry's close (logout closes every socket). */
  close(code?: number, reason?: string): void {
    this.stop(code, reason);
  }

  /** Connect or disconnect after `shouldConnect`'s answer may have changed (sign-in, leadership). */
  reevaluate(): void {
    if (!this.running) return;
    const allowed = this.opts.shouldConnect();
    if (!allowed) {
      this.clearReconnect();
      this.drop(1000, 'not connecting from this tab');
      return;
    }
    if (!this.ws && !this.reconnectTimer) this.connect();
  }

  /** Sends a frame when open; false when it could not go out (callers decide whether that matters). */
  send(frame: SocketFrame): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    try {
      this.ws.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** Skip the backoff wait: the network came back or the tab became visible. */
  reconnectNow(): void {
    if (!this.running || this.ws) return;
    this.clearReconnect();
    this.reevaluate();
  }

  private connect(): void {
    const url = this.opts.url();
    if (!url) {
      this.setState('closed');
      return;
    }
    this.setState('connecting');
    let ws: WebSocketLike;
    try {
      ws = this.opts.createSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    const token = this.opts.currentToken();
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.setState('open');
      this.startHeartbeat();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      // Any frame proves the connection alive, whatever it carries.
      this.clearPong();
      const frame = parseFrame(ev.data);
      if (frame) this.opts.onFrame(frame);
    };
    ws.onerror = () => {
      // A close event always follows an error; reconnecting is decided there.
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopHeartbeat();
      this.setState('closed');
      if (!this.running) return;
      if (ev.code === CLOSE_SESSION_ENDED) {
        this.running = false;
        this.opts.onSessionEnded();
        return;
      }
      if (ev.code === CLOSE_UNAUTHORIZED) {
        void this.recoverFromUnauthorized(token);
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** 4401: refresh the token once; a new token reconnects at once, no new token means the session is over. */
  private async recoverFromUnauthorized(rejected: string | null): Promise<void> {
    try {
      await this.opts.refreshToken();
    } catch {
      // treated like a refused refresh below
    }
    if (!this.running) return;
    const next = this.opts.currentToken();
    if (!next || next === rejected) {
      this.running = false;
      this.opts.onSessionEnded();
      return;
    }
    this.attempt = 0;
    this.reevaluate();
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    if (!this.running || !this.opts.autoReconnect) return;
    const delay = backoffDelay(this.attempt, this.opts.random, this.opts.backoffBaseMs, this.opts.backoffCapMs);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.reevaluate();
    }, delay);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      if (!this.send({ event: 'heartbeat' })) return;
      // The deadline runs from the first unanswered heartbeat; later ones do not push it back.
      if (!this.pongTimer) this.pongTimer = setTimeout(() => this.onPongTimeout(), this.opts.pongTimeoutMs);
    }, this.opts.heartbeatMs);
  }

  private onPongTimeout(): void {
    this.pongTimer = null;
    const ws = this.ws;
    if (!ws) return;
    // Half-open connections may never deliver a close event: forget this one and reconnect ourselves.
    this.ws = null;
    this.stopHeartbeat();
    detach(ws);
    try {
      ws.close(CLOSE_PONG_TIMEOUT, 'pong timeout');
    } catch {
      // already gone
    }
    this.setState('closed');
    this.scheduleReconnect();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.clearPong();
  }

  private clearPong(): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private drop(code: number, reason: string): void {
    const ws = this.ws;
    this.ws = null;
    this.stopHeartbeat();
    if (ws) {
      detach(ws);
      try {
        ws.close(code, reason);
      } catch {
        // already closed
      }
    }
    this.setState('closed');
  }

  private setState(next: SocketState): void {
    if (next === this.current) return;
    this.current = next;
    this.opts.onStateChange?.(next);
  }

  private attachWindow(): void {
    if (typeof window === 'undefined') return;
    const onOnline = () => this.reconnectNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.reconnectNow();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    this.detachWindow = () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }
}

function detach(ws: WebSocketLike): void {
  ws.onopen = null;
  ws.onclose = null;
  ws.onmessage = null;
  ws.onerror = null;
}

/** JSON `{ event, ... }` frames; anything else, and events carrying an `error` field (docs/api.md#websocket), are dropped. */
export function parseFrame(data: unknown): SocketFrame | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const frame = parsed as Record<string, unknown>;
  if (typeof frame.event !== 'string' || frame.event === '') return null;
  if ('error' in frame && frame.error !== undefined && frame.error !== null) return null;
  return frame as SocketFrame;
}

/** `/api/ws?token=…` on the page's origin (or the configured API base), ws: or wss: by page protocol. */
export function socketUrl(apiBase: string, token: string, location: Pick<Location, 'protocol' | 'host' | 'href'>): string {
  const base = new URL(`${apiBase.replace(/\/+$/, '')}/ws`, location.href);
  base.protocol = base.protocol === 'https:' || location.protocol === 'https:' ? 'wss:' : 'ws:';
  base.searchParams.set('token', token);
  return base.toString();
}

type Handler = (frame: SocketFrame) => void;
const subscribers = new Map<string, Set<Handler>>();

/** Subscribe to one event name; returns the unsubscribe. */
export function onSocketEvent(name: string, handler: Handler): () => void {
  let set = subscribers.get(name);
  if (!set) subscribers.set(name, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
    if (set.size === 0) subscribers.delete(name);
  };
}

/** Hands a frame to its subscribers; one failing handler does not starve the others. */
export function dispatchSocketEvent(frame: SocketFrame): void {
  const set = subscribers.get(frame.event);
  if (!set) return;
  for (const handler of [...set]) {
    try {
      handler(frame);
    } catch (error) {
      console.error(`socket handler failed: ${frame.event}`, error);
    }
  }
}
