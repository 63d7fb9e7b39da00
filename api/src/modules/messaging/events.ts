import type { AppDeps } from '../../context.js';
import type { RealtimeEvent, Room } from '../../realtime/hub.js';

/**
 * Realtime after commit. A lost event only delays a pull (the client also pulls on start and reconnect), so
 * a failure to publish is logged and never fails the write that already happened.
 */
export async function publishSafely(deps: AppDeps, room: Room, event: RealtimeEvent) {
  try {
    await deps.realtime.publish(room, event);
  } catch (err) {
    console.error(`[realtime] ${event.event} to ${room} failed`, err);
  }
}

/** Tells the member's other tabs and devices to pull; `clientId` lets the writer skip its own poke. */
export function pokeMember(deps: AppDeps, userId: string, clientId?: string) {
  return publishSafely(deps, `user:${userId}`, { event: 'poke', ...(clientId ? { clientId } : {}) });
}
