import { ws } from 'msw';
import { networkMock } from '../network';

/**
 * The realtime socket (docs/api.md#websocket) in mock mode: msw answers `new WebSocket('…/api/ws')` in the page,
 * so the app's RealtimeSocket connects, heartbeats and receives frames exactly as against the API.
 */
export const socketLink = ws.link(/\/api\/ws(\?|$)/);

export const socketHandlers = [
  socketLink.addEventListener('connection', ({ client }) => {
    // Offline holds no socket either: the client backs off and tries again, as after a real drop.
    if (networkMock.conditions.offline) return client.close(1000, 'offline');
    client.addEventListener('message', (event) => {
      // The API answers a heartbeat with one (api/src/realtime/ws-route.ts); any frame keeps the client's pong timer quiet.
      if (typeof event.data === 'string' && event.data.includes('"heartbeat"')) client.send(JSON.stringify({ event: 'heartbeat' }));
    });
  }),
];

/** Drops every open socket (the network went away); each reconnects by itself once it is back. */
export function dropSockets(): void {
  socketLink.clients.forEach((client) => client.close(1000, 'offline'));
}

/** Sends one frame to every open socket, as the server's realtime hub does to a member's connections. */
export function sendSocketFrame(frame: { event: string; [field: string]: unknown }): number {
  socketLink.broadcast(JSON.stringify(frame));
  return socketLink.clients.size;
}
