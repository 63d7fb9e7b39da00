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
  close(): Promise<void>;
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
  return {
    app,
    base,
    socket(path) {
      const ws = new WebSocket(`${base}${path}`);
      sockets.push(ws);
      return ws;
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
