import type { AppDeps } from '../context.js';
import type { RealtimeEvent, Room } from './hub.js';

type RealtimeDeps = Pick<AppDeps, 'realtime'>;

/**
 * Realtime after commit. A lost event only delays a pull (the client also pulls on start and reconnect), so
 * a failure to publish is logged and never fails the write that already happened.
 */
async function logged(what: string, room: Room, publish: () => Promise<void>) {
  try {
    await publish();
  } catch (err) {
    console.error(`[realtime] ${what} to ${room} failed`, err);
  }
}

export function publishSafely(deps: RealtimeDeps, room: Room, event: RealtimeEvent) {
  return logged(event.event, room, () => deps.realtime.publish(room, event));
}

/** Rows for a registered builder (realtime/hub.ts), formatted where the room's sockets are; as publishSafely. */
export function publishBuiltSafely(deps: RealtimeDeps, build: string, room: Room, data: unknown) {
  return logged(build, room, () => deps.realtime.publishBuilt(build, room, data));
}

/** Tells the member's other tabs and devices to pull; `clientId` lets the writer skip its own poke. */
export function pokeMember(deps: RealtimeDeps, userId: string, clientId?: string) {
  return publishSafely(deps, `user:${userId}`, { event: 'poke', ...(clientId ? { clientId } : {}) });
}
