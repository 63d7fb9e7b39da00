import type { Database } from '../db/client.js';

/** Who a realtime event is for. A socket joins the rooms of its subject when it opens. */
export type Room = `user:${string}` | `agent:${string}` | `session:${string}` | 'agents' | 'admins';

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

/**
 * Formats rows published under a builder's name into events. Only a process that holds sockets in the room they
 * were published to calls it, so a busy write path sends compact rows and the events keep one formatter.
 */
export type EventBuilder = (data: unknown) => RealtimeEvent[];

// NOTIFY payloads must stay under 8000 bytes (and one too long would fail the batch it is sent in); events carry
// ids and small fields, bigger ones are refused loudly.
const MAX_PAYLOAD_BYTES = 7500;

/** On the wire: the room, a line break, then the JSON body, so a process holding none of the room's sockets reads no further. */
function wire(room: Room, body: object, what: string): string {
  const payload = `${room}\n${JSON.stringify(body)}`;
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) throw new Error(`realtime payload too large (${bytes} bytes) for ${what}`);
  return payload;
}

/**
 * Delivers events to sockets in any API process: publish() goes through PostgreSQL NOTIFY, and every process
 * (PGlite has one) LISTENs and hands the event to its own sockets in that room.
 */
export class RealtimeHub {
  private rooms = new Map<string, Set<SocketLike>>();
  private builders = new Map<string, EventBuilder>();
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

  /** Sends the event to the room's sockets in every process; call it once the write it tells of committed. */
  async publish(room: Room, event: RealtimeEvent, opts: { close?: { code: number; reason: string } } = {}) {
    await this.database.notify(CHANNEL, wire(room, { event, close: opts.close }, event.event));
  }

  /** Every API process registers the same builders at start (deps.ts): any of them may hold the room's sockets. */
  registerBuilder(build: string, builder: EventBuilder) {
    this.builders.set(build, builder);
  }

  /**
   * Sends rows for the builder registered under `build` to the room; the process that holds the room's sockets
   * formats them into events. Call it once the write the rows come from committed.
   */
  async publishBuilt(build: string, room: Room, data: unknown) {
    if (!this.builders.has(build)) throw new Error(`no realtime builder registered for ${build}`);
    await this.database.notify(CHANNEL, wire(room, { build, data }, build));
  }

  private deliverLocal(payload: string) {
    const cut = payload.indexOf('\n');
    const room = payload.slice(0, cut);
    // Every process hears every event, and most are for sockets another process holds: only the room's holder
    // reads the rest.
    if (cut < 0 || !this.rooms.has(room)) return;
    let parsed: { event?: RealtimeEvent; close?: { code: number; reason: string }; build?: string; data?: unknown };
    try {
      parsed = JSON.parse(payload.slice(cut + 1));
    } catch {
      return;
    }
    if (parsed.build !== undefined) this.deliverBuilt(room, parsed.build, parsed.data);
    else if (parsed.event) this.send(room, [parsed.event], parsed.close);
  }

  private deliverBuilt(room: string, build: string, data: unknown) {
    const builder = this.builders.get(build);
    if (!builder) return console.error(`[realtime] no builder registered for ${build}`);
    let events: RealtimeEvent[];
    try {
      events = builder(data);
    } catch (err) {
      return console.error(`[realtime] ${build} rows could not be formatted`, err);
    }
    this.send(room, events);
  }

  private send(room: string, events: RealtimeEvent[], close?: { code: number; reason: string }) {
    const set = this.rooms.get(room);
    if (!set) return;
    const frames = events.map((event) => JSON.stringify(event));
    for (const socket of [...set]) {
      try {
        for (const frame of frames) socket.send(frame);
        if (close) socket.close(close.code, close.reason);
      } catch {
        this.leave(socket);
      }
    }
  }
}
