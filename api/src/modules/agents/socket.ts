import { agentStatusEventBody } from '@sync/contract/agents';
import type { SocketConnection, WsHandler } from '../../realtime/ws-route.js';
import { ApiError } from '../../lib/errors.js';
import { changeStatus, publishStatus } from './session.js';

/**
 * Socket frame `{ event: "agentStatusUpdate", status, reason? }` (docs/api.md#websocket): the same transition as
 * POST /api/event. A refusal (the pause lockout) answers the sender with the error's code and message.
 */
const agentStatusUpdate: WsHandler = async (frame, conn) => {
  if (conn.auth.type !== 'agent') return;
  // The frame is POST /api/event's `message`, so the same schema judges it (a reason the database cannot store included).
  const parsed = agentStatusEventBody.shape.message.safeParse(frame);
  if (!parsed.success) {
    const code = parsed.error.issues.some((i) => i.path[0] === 'status') ? 'invalid-status' : 'invalid-frame';
    return conn.send({ event: 'agentStatusUpdate', error: code, message: parsed.error.issues[0]?.message });
  }
  const { status, reason } = parsed.data;
  const now = conn.deps.clock.now();
  try {
    const out = await conn.deps.db.transaction((tx) => changeStatus(tx, conn.auth.id, status, reason, now));
    if (out.changed) await publishStatus(conn.deps, conn.auth.id, out.state, reason ?? null);
    else conn.send({ event: 'agentStatusUpdate', agentId: conn.auth.id, reason: reason ?? null, ...out.state });
  } catch (err) {
    if (err instanceof ApiError) return conn.send({ event: 'agentStatusUpdate', error: err.code, message: err.message, ...err.details });
    throw err;
  }
};

export const agentWsHandlers: Record<string, WsHandler> = { agentStatusUpdate };

/**
 * docs/product.md#agent-session: a disconnect turns session and break off — when the agent's last socket in this process closes and
 * none is back after AGENT_DISCONNECT_GRACE_SECONDS (closing the leader tab hands the socket to another tab,
 * which must not end the shift or the break). With several API processes an agent's tabs share one leader
 * socket, so one process holds it.
 */
export async function agentSocketClosed(conn: SocketConnection) {
  if (conn.auth.type !== 'agent') return;
  const room = `agent:${conn.auth.id}` as const;
  if (conn.deps.realtime.roomSize(room) > 0) return;
  const grace = conn.deps.config.agents.disconnectGraceMs;
  if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace).unref());
  if (conn.deps.realtime.roomSize(room) > 0) return;
  const now = conn.deps.clock.now();
  const out = await conn.deps.db.transaction((tx) => changeStatus(tx, conn.auth.id, 'offline', 'disconnect', now, 'disconnect'));
  if (out.changed) await publishStatus(conn.deps, conn.auth.id, out.state, 'disconnect');
}
