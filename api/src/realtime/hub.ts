import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Who a realtime event is for. A socket joins the rooms of its subject when it opens. */
export type Room = `user:${string}` | `agent:${string}` | `session:${string}` | 'agents';

export interface RealtimeEvent {
  event: string;
  [key: string]: unknown;
}

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const CHANNEL = 'realtime';
/** WebSocket 1012 "service restart": clients reconnect with their usual backoff. */
const RESYNC_CLOSE_CODE = 1012;

export interface NotifyArgs {
  channel: string;
  payload: string;
}
// NOTIFY payloads must stay under 8000 bytes; events carry ids and small fields, bigger ones are refused loudly.
const MAX_PAYLOAD = 7500;

function encode(room: Room, event: RealtimeEvent, close?: { code: number; reason: string }): string {
  const payload = JSON.stringify({ room, event, close });
  if (payload.length > MAX_PAYLOAD) throw new Error(`realtime payload too large (${payload.length} bytes) for ${event.event}`);
  return payload;
}

/**
 * Delivers events to sockets in any API process: publish() goes through PostgreSQL NOTIFY, and every process
 * (PGlite has one) LISTENs and hands the event to its own sockets in that room.
 */
export class RealtimeHub {
  private rooms = new Map<string, Set<SocketLike>>();
  private unlisten?: () => Promise<void>;

  constructor(private readonly database: Database) {}

  async start() {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.deliverLocal(payload),
      () => this.closeAll(RESYNC_CLOSE_CODE, 'events were missed, reconnect'),
    );
  }

  /**
   * Events published while this process could not listen never reached its sockets: they are closed so that
   * each client reconnects and pulls what it missed (members' pull, the console's reload of its claims).
   */
  closeAll(code: number, reason: string) {
    for (const s of this.localSockets()) {
      try {
        s.close(code, reason);
      } catch {
        this.leave(s);
      }
    }
  }

  async stop() {
    await this.unlisten?.();
    for (const set of this.rooms.values()) for (const s of set) s.close(1001, 'server shutting down');
    this.rooms.clear();
  }

  join(socket: SocketLike, rooms: Room[]) {
    for (const room of rooms) {
      let set = this.rooms.get(room);
      if (!set) this.rooms.set(room, (set = new Set()));
      set.add(socket);
    }
  }

  leave(socket: SocketLike) {
    for (const [room, set] of this.rooms) {
      set.delete(socket);
      if (set.size === 0) this.rooms.delete(room);
    }
  }

  /** Sockets of one room held by this process (an agent's last socket closing ends its session). */
  roomSize(room: Room) {
    return this.rooms.get(room)?.size ?? 0;
  }

  /** Sockets held by this process (benchmarks and health). */
  get localSocketCount() {
    return this.localSockets().size;
  }

  /** Each socket once (a socket is in several rooms). */
  private localSockets(): Set<SocketLike> {
    const all = new Set<SocketLike>();
    for (const set of this.rooms.values()) for (const s of set) all.add(s);
    return all;
  }

  async publish(room: Room, event: RealtimeEvent, opts: { close?: { code: number; reason: string } } = {}) {
    await this.database.notify(CHANNEL, encode(room, event, opts.close));
  }

  /**
   * The same event as a SQL expression (`pg_notify(…)`) for a write statement to carry: the NOTIFY is queued by
   * the write's transaction and delivered at its commit, with no round trip of its own, and never if it rolls back.
   */
  notifySql(room: Room, event: RealtimeEvent): SQL {
    const { channel, payload } = this.notifyArgs(room, event);
    return sql`pg_notify(${channel}, ${payload})`;
  }

  /** The same NOTIFY's channel and payload, for a database function that sends it itself. */
  notifyArgs(room: Room, event: RealtimeEvent): NotifyArgs {
    return { channel: CHANNEL, payload: encode(room, event) };
  }

  private deliverLocal(payload: string) {
    let parsed: { room: string; event: RealtimeEvent; close?: { code: number; reason: string } };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const set = this.rooms.get(parsed.room);
    if (!set) return;
    const data = JSON.stringify(parsed.event);
    for (const socket of [...set]) {
      try {
        socket.send(data);
        if (parsed.close) socket.close(parsed.close.code, parsed.close.reason);
      } catch {
        this.leave(socket);
      }
    }
  }
}
