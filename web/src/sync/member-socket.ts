import { useEffect } from 'react';
import { endLapsedSession, ensureFreshToken, getAuth } from '@web/lib/auth-session';
import { useAuth } from '@web/lib/auth-state';
import { getApiBaseUrl } from '@web/lib/runtime-config';
import { registerSocket } from '@web/lib/socket-registry';
import { createStore, useStore } from '@web/lib/store';
import { userStore, type User } from '@web/lib/user-store';
import { leaderStore } from './leader';
import { dispatchSocketEvent, onSocketEvent, RealtimeSocket, socketUrl, type SocketFrame, type SocketState } from './socket';
import { unreadCountStore } from './unread-count';

/**
 * The app's one member socket and the events every signed-in screen relies on:
 *   logout            -> local logout (the session ended on the server)
 *   userUpdate        -> the member's state changed (e.g. a photo approved): apply the payload now and reload
 *   unreadMessageCount -> the navigation's unread badge
 * Feature code listens with `onSocketEvent` from ./socket.
 */

const socketState = createStore<SocketState>('closed');

function isMemberSignedIn(): boolean {
  const auth = getAuth();
  return auth.isAuthenticated && auth.kind === 'user';
}

export function createMemberSocket(): RealtimeSocket {
  return new RealtimeSocket({
    url: () => {
      const { token } = getAuth();
      return token ? socketUrl(getApiBaseUrl(), token, window.location) : null;
    },
    // Only the leader tab holds the socket (leader.ts); useMemberSocket reevaluates when leadership moves.
    shouldConnect: () => isMemberSignedIn() && leaderStore.isLeader(),
    currentToken: () => getAuth().token,
    refreshToken: () => ensureFreshToken(),
    onSessionEnded: () => endLapsedSession(),
    onFrame: dispatchSocketEvent,
    onStateChange: (next) => socketState.set(next),
  });
}

export function handleUserUpdate(frame: SocketFrame): void {
  const id = getAuth().userId ?? userStore.get().user?._id;
  if (!id) return;
  const payload = frame.payload;
  // The payload shows the change at once (the pending label goes); the reload makes the whole state true.
  if (payload && typeof payload === 'object' && !('stale' in payload)) userStore.update(payload as Partial<User>);
  userStore.load(id).catch((error: unknown) => console.error('user reload after userUpdate failed', error));
}

export function handleUnreadCount(frame: SocketFrame): void {
  const count = frame.count;
  if (typeof count === 'number' && Number.isFinite(count) && count >= 0) unreadCountStore.set(count);
}

/** Subscribes the built-in handlers; returns one function that removes them all. */
export function subscribeBuiltIns(): () => void {
  const offs = [
    onSocketEvent('logout', () => endLapsedSession()),
    onSocketEvent('userUpdate', handleUserUpdate),
    onSocketEvent('unreadMessageCount', handleUnreadCount),
  ];
  return () => offs.forEach((off) => off());
}

/**
 * Holds the member socket while the authenticated layout is mounted and a member is signed in
 * (token refreshes reconnect with the new token only when the old connection drops).
 */
export function useMemberSocket(): void {
  const auth = useAuth();
  const isSignedIn = auth.isAuthenticated && auth.kind === 'user';
  useEffect(() => {
    if (!isSignedIn) return;
    const socket = createMemberSocket();
    const offBuiltIns = subscribeBuiltIns();
    const unregister = registerSocket('member', socket);
    const offLeader = leaderStore.subscribe(() => socket.reevaluate());
    socket.start();
    return () => {
      offLeader();
      socket.stop();
      unregister();
      offBuiltIns();
    };
  }, [isSignedIn]);
}

export function useMemberSocketState(): SocketState {
  return useStore(socketState);
}
