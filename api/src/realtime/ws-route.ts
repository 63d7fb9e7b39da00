import { Hono } from 'hono';
import type { UpgradeWebSocket, WSContext } from 'hono/ws';
import type { AppDeps, AppEnv, AuthContext } from '../context.js';
import { authenticateAccessToken } from '../modules/auth/sessions.js';
import type { RealtimeEvent, Room, SocketLike } from './hub.js';

/** docs/api.md#websocket: a bad or expired token closes the socket with this code. */
export const WS_UNAUTHORIZED = 4401;
/** docs/product.md#constants: heartbeat every 60 s. */
export const HEARTBEAT_MS = 60_000;
const MAX_FRAME = 64 * 1024;

export interface SocketConnection {
  auth: AuthContext;
  deps: AppDeps;
  send(event: RealtimeEvent): void;
}

/** Handles one kind of client frame (`unreadMessageCount`, `agentStatusUpdate`, …), registered by its module. */
export type WsHandler = (frame: RealtimeEvent, conn: SocketConnection) => void | Promise<void>;

export interface WsRouteOptions {
  handlers?: Record<string, WsHandler>;
  heartbeatMs?: number;
  /** After a socket closed and left its rooms (an agent's last socket closing ends its session). */
  onClose?: (conn: SocketConnection) => void | Promise<void>;
}

export function roomsFor(auth: AuthContext): Room[] {
  const rooms: Room[] = [`session:${auth.sid}`];
  if (auth.type === 'user') rooms.push(`user:${auth.id}`);
  else rooms.push(`agent:${auth.id}`, 'agents');
  // The supervisor board's live updates (supervisorUpdate) go to admins only.
  if (auth.type === 'agent' && auth.role === 'admin') rooms.push('admins');
  return rooms;
}

/**
 * GET /api/ws?token=<access token>. The socket joins its subject's rooms and its session's room, so a
 * logout or take-over anywhere (any process, through the hub) reaches it. Frames are JSON `{ event, ... }`.
 */
export function wsRoutes(upgradeWebSocket: UpgradeWebSocket, opts: WsRouteOptions = {}) {
  const handlers = opts.handlers ?? {};
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;

  return new Hono<AppEnv>().get(
    '/ws',
    upgradeWebSocket(async (c) => {
      const deps = c.get('deps');
      const token = c.req.query('token') ?? '';
      const check = token ? await authenticateAccessToken(deps, token) : undefined;
      if (!check?.ok) {
        // Accepted then closed, so browsers see the 4401 code instead of a bare failed handshake.
        return { onOpen: (_evt: Event, ws: WSContext) => ws.close(WS_UNAUTHORIZED, check?.reason ?? 'missing token') };
      }
      const { auth } = check;
      let socket: SocketLike | undefined;
      let timer: ReturnType<typeof setInterval> | undefined;
      const send = (event: RealtimeEvent) => socket?.send(JSON.stringify(event));
      const conn: SocketConnection = { auth, deps, send };

      return {
        onOpen(_evt: Event, ws: WSContext) {
          socket = {
            send: (data) => {
              if (ws.readyState === 1) ws.send(data);
            },
            close: (code, reason) => ws.close(code, reason),
          };
          deps.realtime.join(socket, roomsFor(auth));
          timer = setInterval(() => send({ event: 'heartbeat' }), heartbeatMs);
          timer.unref?.();
        },
        async onMessage(evt: MessageEvent, _ws: WSContext) {
          if (typeof evt.data !== 'string' || evt.data.length > MAX_FRAME) return;
          let frame: RealtimeEvent;
          try {
            frame = JSON.parse(evt.data);
          } catch {
            return;
          }
          if (!frame || typeof frame !== 'object' || typeof frame.event !== 'string') return;
          if (frame.event === 'heartbeat') return send({ event: 'heartbeat' });
          const handler = Object.hasOwn(handlers, frame.event) ? handlers[frame.event] : undefined;
          if (!handler) return;
          try {
            await handler(frame, conn);
          } catch (err) {
            console.error(`[ws] ${frame.event} handler failed`, err);
            send({ event: frame.event, error: 'failed' });
          }
        },
        onClose() {
          if (timer) clearInterval(timer);
          if (socket) deps.realtime.leave(socket);
          const wasOpen = !!socket;
          socket = undefined;
          if (wasOpen && opts.onClose) {
            Promise.resolve(opts.onClose(conn)).catch((err: unknown) => console.error('[ws] close handler failed', err));
          }
        },
      };
    }),
  );
}
