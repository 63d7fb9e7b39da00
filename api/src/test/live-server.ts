import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { createNodeWebSocket } from '@hono/node-ws';
import { Hono } from 'hono';
import WebSocket from 'ws';
import { createApp } from '../app.js';
import { serveApp } from '../http-server.js';
import type { TestContext } from './harness.js';

export type UpgradeWebSocket = ReturnType<typeof createNodeWebSocket>['upgradeWebSocket'];

export interface LiveServer {
  app: ReturnType<typeof createApp>;
  /** `ws://127.0.0.1:<port>` */
  base: string;
  /** A client socket on `path`; close() terminates the ones still open. */
  socket(path: string): WebSocket;
  /** A client socket on `path` that keeps its frames, settled once the socket is open. */
  client(path: string): Promise<SocketClient>;
  close(): Promise<void>;
}

export interface SocketClient {
  ws: WebSocket;
  /** Every JSON frame received, in order. */
  frames: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  /**
   * The first frame of this event not yet taken by an earlier call, whether it came before the call or comes
   * within 5 s. A NOTIFY can reach the listening connection, and so the socket, before the publisher's own
   * statement returns: a frame may well arrive before the test asks for it.
   */
  next(event: string): Promise<Record<string, unknown>>;
}

function socketClient(ws: WebSocket): Promise<SocketClient> {
  const frames: Record<string, unknown>[] = [];
  const taken = new Set<Record<string, unknown>>();
  const waiters: { event: string; resolve: (f: Record<string, unknown>) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Record<string, unknown>;
    frames.push(frame);
    const waiter = waiters.find((w) => w.event === frame.event);
    if (!waiter) return;
    waiters.splice(waiters.indexOf(waiter), 1);
    taken.add(frame);
    waiter.resolve(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (event: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const early = frames.find((f) => f.event === event && !taken.has(f));
      if (early) {
        taken.add(early);
        return resolve(early);
      }
      waiters.push({ event, resolve });
      setTimeout(() => reject(new Error(`no ${event} frame within 5 s`)), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames, closed, next }));
    ws.on('error', reject);
  });
}

/**
 * The app on a real Node server with websockets, on a free port of 127.0.0.1. `mount` adds routes ahead of
 * the app (a websocket route with test settings, say).
 */
export async function startLiveServer(ctx: TestContext, mount?: (root: Hono, upgradeWebSocket: UpgradeWebSocket) => void): Promise<LiveServer> {
  const root = new Hono();
  const { injectWebSocket, upgradeWebSocket } = createNodeWebSocket({ app: root });
  mount?.(root, upgradeWebSocket);
  const app = createApp(ctx.deps, { upgradeWebSocket });
  root.route('/', app);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serveApp(root.fetch, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  injectWebSocket(server);
  const base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sockets: WebSocket[] = [];
  const socket = (path: string) => {
    const ws = new WebSocket(`${base}${path}`);
    sockets.push(ws);
    return ws;
  };
  return {
    app,
    base,
    socket,
    client: (path) => socketClient(socket(path)),
    async close() {
      for (const ws of sockets) ws.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
